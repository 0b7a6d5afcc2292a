package org.lexsync.engine.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;

/**
 * When the applier stops waiting for an item that keeps failing (docs/architecture.md, invariant 6): after it failed in
 * {@code runs} consecutive runs, or when its first failure is at least {@code after} ago, it is quarantined —
 * listed, retried on its own, and the source's checkpoint passes it. Configurable per source.
 */
public record GiveUpRule(int runs, Duration after) {
    /** Three consecutive runs or 24 hours, whichever comes first. */
    public static final GiveUpRule DEFAULT = new GiveUpRule(3, Duration.ofHours(24));

    public GiveUpRule {
        if (runs < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "give-up runs must be >= 1, was %d", runs));
        }
        Objects.requireNonNull(after, "after");
        if (after.isNegative() || after.isZero()) {
            throw new IllegalArgumentException("give-up duration must be positive, was " + after);
        }
    }

    /** True when an item that failed in {@code tries} consecutive runs, the first at {@code firstFailed}, is given up. */
    public boolean givesUp(int tries, Instant firstFailed, Instant now) {
        return tries >= runs || firstFailed != null && !firstFailed.plus(after).isAfter(now);
    }

    /**
     * A duration as a user writes it: ISO 8601 ({@code PT24H}, {@code P2D}) or a number with a unit
     * ({@code 90m}, {@code 24h}, {@code 2d}, {@code 30s}).
     */
    public static Duration parseDuration(String text) {
        String t = text == null ? "" : text.strip();
        java.util.regex.Matcher m = SHORT.matcher(t);
        try {
            if (m.matches()) {
                long n = Long.parseLong(m.group(1));
                return switch (m.group(2).toLowerCase(Locale.ROOT)) {
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> Duration.ofDays(n);
                };
            }
            return Duration.parse(t.toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "'%s' is not a duration (e.g. 24h, 90m, 2d or PT24H)", text));
        }
    }

    private static final java.util.regex.Pattern SHORT = java.util.regex.Pattern.compile("(\\d{1,9})\\s*([smhdSMHD])");

    /** This rule with another number of runs. */
    public GiveUpRule withRuns(int n) {
        return new GiveUpRule(n, after);
    }

    /** This rule with another duration. */
    public GiveUpRule withAfter(Duration d) {
        return new GiveUpRule(runs, d);
    }
}
