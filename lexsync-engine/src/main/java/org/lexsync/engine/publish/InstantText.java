package org.lexsync.engine.publish;

import java.time.Instant;
import org.lexsync.core.time.RecentConversions;

/**
 * {@link Instant#toString()} (ISO-8601 in UTC, {@code 2024-01-01T00:00:00Z}, fraction in groups of three digits)
 * written digit by digit for years 0 to 9999, without the general formatter a row's provenance would otherwise go
 * through; other years fall back to {@link Instant#toString()}. The same text, only cheaper.
 */
final class InstantText {
    private static final long DAYS_0000_TO_1970 = 719_528L;

    private InstantText() {
    }

    /** Rows come in batches sharing one collection time. */
    private static final RecentConversions<Instant, String> RECENT = new RecentConversions<>(InstantText::format);

    static String of(Instant t) {
        return RECENT.get(t);
    }

    private static String format(Instant t) {
        long seconds = t.getEpochSecond();
        long days = Math.floorDiv(seconds, 86_400L);
        int secOfDay = (int) Math.floorMod(seconds, 86_400L);
        // civil date from days since 1970-01-01 (proleptic Gregorian, as java.time)
        long z = days + DAYS_0000_TO_1970 - 60;   // days since 0000-03-01
        long era = Math.floorDiv(z, 146_097L);
        long doe = z - era * 146_097L;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        int day = (int) (doy - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            return t.toString();
        }
        int nano = t.getNano();
        char[] c = new char[30];
        int i = 0;
        i = digits(c, i, (int) year, 4);
        c[i++] = '-';
        i = digits(c, i, month, 2);
        c[i++] = '-';
        i = digits(c, i, day, 2);
        c[i++] = 'T';
        i = digits(c, i, secOfDay / 3600, 2);
        c[i++] = ':';
        i = digits(c, i, secOfDay / 60 % 60, 2);
        c[i++] = ':';
        i = digits(c, i, secOfDay % 60, 2);
        if (nano != 0) {
            c[i++] = '.';
            if (nano % 1_000_000 == 0) {
                i = digits(c, i, nano / 1_000_000, 3);
            } else if (nano % 1000 == 0) {
                i = digits(c, i, nano / 1000, 6);
            } else {
                i = digits(c, i, nano, 9);
            }
        }
        c[i++] = 'Z';
        return new String(c, 0, i);
    }

    private static int digits(char[] c, int at, int value, int width) {
        for (int k = width - 1; k >= 0; k--) {
            c[at + k] = (char) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }
}
