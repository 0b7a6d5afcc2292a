package org.lexsync.engine.store;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import org.lexsync.core.time.RecentConversions;

/**
 * Reads back the instants the store writes ({@link Instant#toString()}: {@code 2026-11-21T23:55:05.123Z})
 * without {@code DateTimeFormatter}, which dominated reading many resource rows (an audit of 100,000
 * resources parses 200,000 of them). Anything not in that exact shape goes through {@link Instant#parse}.
 */
final class StoredInstants {
    private StoredInstants() {
    }

    /** A stream of journal rows reads the same text many times running: a batch shares one collection time. */
    private static final RecentConversions<String, Instant> RECENT = new RecentConversions<>(StoredInstants::read);

    static Instant parse(String s) {
        return s == null ? null : RECENT.get(s);
    }

    private static Instant read(String s) {
        int n = s.length();
        if (n < 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T' || s.charAt(13) != ':'
                || s.charAt(16) != ':' || s.charAt(n - 1) != 'Z') {
            return Instant.parse(s);
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        int hour = digits(s, 11, 13);
        int minute = digits(s, 14, 16);
        int second = digits(s, 17, 19);
        int nanos = 0;
        if (n > 20) {
            if (s.charAt(19) != '.' || n - 21 > 9 || n - 21 < 1) {
                return Instant.parse(s);
            }
            int fraction = digits(s, 20, n - 1);
            if (fraction < 0) {
                return Instant.parse(s);
            }
            nanos = fraction;
            for (int i = n - 21; i < 9; i++) {
                nanos *= 10;
            }
        }
        if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0
                || second > 59) {
            return Instant.parse(s);
        }
        try {
            long days = LocalDate.of(year, month, day).toEpochDay();
            return Instant.ofEpochSecond(days * 86_400L + hour * 3_600L + minute * 60L + second, nanos);
        } catch (DateTimeException e) {
            return Instant.parse(s);
        }
    }

    /** The decimal value of {@code s[from, to)}, or -1 when it holds anything but ASCII digits. */
    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
