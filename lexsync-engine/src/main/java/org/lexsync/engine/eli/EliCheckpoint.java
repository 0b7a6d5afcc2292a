package org.lexsync.engine.eli;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * The ELI source's cursor: the baseline is done and every update up to {@code syncedTo} (a date of the
 * Sitemap or the feed) is held. A daily run compares it with the feed's oldest entry to tell whether the
 * client was away longer than the feed's history (annex §4.1 step 4 needs the feed to reach back to it).
 * Written {@code eli:synced=<W3C datetime>}.
 */
record EliCheckpoint(W3cDateTime syncedTo) {
    private static final String PREFIX = "eli:synced=";
    /** How far ahead of our clock a source date may be (time zones, clock skew) and still count. */
    static final Duration FUTURE_TOLERANCE = Duration.ofDays(1);

    EliCheckpoint {
        Objects.requireNonNull(syncedTo, "syncedTo");
    }

    static Optional<EliCheckpoint> parse(String text) {
        if (text == null || !text.startsWith(PREFIX)) {
            return Optional.empty();
        }
        var parsed = W3cDateTimes.parse(text.substring(PREFIX.length()));
        return parsed.value() == null ? Optional.empty() : Optional.of(new EliCheckpoint(parsed.value()));
    }

    /**
     * True when {@code t} can move the cursor: not null and not more than {@link #FUTURE_TOLERANCE} ahead of
     * this machine's clock. A publisher's placeholder date (9999-12-31) or a clock far ahead would otherwise put
     * the cursor where no feed can ever reach back to it, and the fallback to a Sitemap resync (§4.1 step 4)
     * would never trigger again.
     */
    static boolean plausible(W3cDateTime t) {
        return t != null && !t.toInstant().isAfter(Instant.now().plus(FUTURE_TOLERANCE));
    }

    /** The later of this and {@code t}. */
    EliCheckpoint atLeast(W3cDateTime t) {
        return t != null && t.compareTo(syncedTo) > 0 ? new EliCheckpoint(t) : this;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s%s", PREFIX, syncedTo);
    }
}
