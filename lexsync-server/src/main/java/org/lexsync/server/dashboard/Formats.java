package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How the dashboard writes times, ages, durations and sizes (UTC, Locale.ROOT). */
final class Formats {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Formats() {
    }

    static String time(@Nullable Instant t) {
        return t == null ? "—" : TIME.format(t);
    }

    /** {@code 3 s}, {@code 12 min}, {@code 5 h 3 min}, {@code 2 d 4 h}. */
    static String duration(@Nullable Duration d) {
        if (d == null) {
            return "—";
        }
        long s = Math.abs(d.toSeconds());
        String sign = d.isNegative() ? "-" : "";
        if (s < 120) {
            return sign + s + " s";
        }
        if (s < 7_200) {
            return sign + s / 60 + " min";
        }
        if (s < 172_800) {
            return String.format(Locale.ROOT, "%s%d h %d min", sign, s / 3_600, s % 3_600 / 60);
        }
        return String.format(Locale.ROOT, "%s%d d %d h", sign, s / 86_400, s % 86_400 / 3_600);
    }

    /** {@code 12 min ago} or {@code in 12 min}. */
    static String relative(@Nullable Instant t, Instant now) {
        if (t == null) {
            return "";
        }
        Duration d = Duration.between(t, now);
        return d.isNegative() ? "in " + duration(d.negated()) : duration(d) + " ago";
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int i = -1;
        while (v >= 1024 && i < units.length - 1) {
            v /= 1024;
            i++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[i]);
    }

    /** {@code 1,234,567}; below 1,000 without {@code String.format}, which the overview calls thousands of times. */
    static String count(long n) {
        return n > -1000 && n < 1000 ? Long.toString(n) : String.format(Locale.ROOT, "%,d", n);
    }
}
