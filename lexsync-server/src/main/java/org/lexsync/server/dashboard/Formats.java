package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** How the dashboard writes times, ages, durations and sizes (UTC, Locale.ROOT). */
final class Formats {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** 10000-01-01T00:00:00Z: from there on the year has five digits and the formatter writes it. */
    private static final long LAST_FOUR_DIGIT_YEAR = 253_402_300_800L;

    private Formats() {
    }

    static String time(@Nullable Instant t) {
        if (t == null) {
            return "—";
        }
        long seconds = t.getEpochSecond();
        if (seconds < 0 || seconds >= LAST_FOUR_DIGIT_YEAR) {
            return TIME.format(t);
        }
        // by hand: the overview writes a thousand of these, and the formatter costs several times more
        LocalDateTime d = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
        StringBuilder b = new StringBuilder(20).append(d.getYear()).append('-');
        two(b, d.getMonthValue()).append('-');
        two(b, d.getDayOfMonth()).append(' ');
        two(b, d.getHour()).append(':');
        two(b, d.getMinute()).append(':');
        return two(b, d.getSecond()).append('Z').toString();
    }

    /** {@code HH:mm} of {@code t} in UTC. */
    static String hourMinute(Instant t) {
        LocalDateTime d = LocalDateTime.ofEpochSecond(t.getEpochSecond(), 0, ZoneOffset.UTC);
        StringBuilder b = new StringBuilder(5);
        two(b, d.getHour()).append(':');
        return two(b, d.getMinute()).toString();
    }

    private static StringBuilder two(StringBuilder b, int n) {
        return b.append((char) ('0' + n / 10)).append((char) ('0' + n % 10));
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
            return sign + s / 3_600 + " h " + s % 3_600 / 60 + " min";
        }
        return sign + s / 86_400 + " d " + s % 86_400 / 3_600 + " h";
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

    /** {@code 1,234,567}, without {@code String.format}: the overview calls this thousands of times. */
    static String count(long n) {
        if (n > -1000 && n < 1000) {
            return Long.toString(n);
        }
        if (n == Long.MIN_VALUE) {
            return String.format(Locale.ROOT, "%,d", n);
        }
        String digits = Long.toString(Math.abs(n));
        StringBuilder b = new StringBuilder(digits.length() + digits.length() / 3 + 1);
        if (n < 0) {
            b.append('-');
        }
        int head = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
        b.append(digits, 0, head);
        for (int i = head; i < digits.length(); i += 3) {
            b.append(',').append(digits, i, i + 3);
        }
        return b.toString();
    }
}
