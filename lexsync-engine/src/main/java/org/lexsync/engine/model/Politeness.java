package org.lexsync.engine.model;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * How gently one host is treated: at most {@code maxPerHost} requests in flight and at least
 * {@code minDelay} between the starts of two requests to it (docs/architecture.md, invariant 4). A robots.txt Crawl-delay
 * can only lengthen the delay.
 */
public record Politeness(int maxPerHost, Duration minDelay) {
    /** One request at a time, one second apart. */
    public static final Politeness DEFAULT = new Politeness(1, Duration.ofSeconds(1));
    /** ELI publishers: one at a time, five seconds apart (ELI protocol default). */
    public static final Politeness ELI = new Politeness(1, Duration.ofSeconds(5));

    public Politeness {
        Objects.requireNonNull(minDelay, "minDelay");
        if (maxPerHost < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "maxPerHost must be >= 1, was %d", maxPerHost));
        }
        if (minDelay.isNegative()) {
            throw new IllegalArgumentException("minDelay must not be negative, was " + minDelay);
        }
    }

    public Politeness withMinDelay(Duration delay) {
        return new Politeness(maxPerHost, delay);
    }

    public Politeness withMaxPerHost(int max) {
        return new Politeness(max, minDelay);
    }

    /**
     * The stricter of this and {@code other} in each respect (fewer requests in flight, the longer delay): what a
     * host shared by both must get so that neither is treated less gently than it asked.
     */
    public Politeness strictest(Politeness other) {
        Objects.requireNonNull(other, "other");
        int max = Math.min(maxPerHost, other.maxPerHost);
        Duration delay = minDelay.compareTo(other.minDelay) >= 0 ? minDelay : other.minDelay;
        return max == maxPerHost && delay == minDelay ? this : new Politeness(max, delay);
    }
}
