package org.lexsync.engine.resourcesync;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import org.lexsync.core.time.W3cDateTime;

/**
 * Compares two times of one resource at the granularity of the coarser one (issue 12.3): a date-only
 * {@code lastmod} equals any stored time on that day (UTC), a {@code lastmod} in whole seconds equals a stored
 * time with microseconds in that second, and so on down to the fraction digits the values carry. The audit
 * uses it only for times of the same kind (a {@code lastmod} with a {@code lastmod}, a v1.1 {@code datetime}
 * with a {@code datetime}).
 */
final class AuditTimes {
    private AuditTimes() {
    }

    /** True when {@code a} and {@code b} denote the same time at the coarser of their precisions. */
    static boolean same(W3cDateTime a, W3cDateTime b) {
        W3cDateTime.Precision p = a.precision().compareTo(b.precision()) <= 0 ? a.precision() : b.precision();
        int digits = p == W3cDateTime.Precision.FRACTION ? Math.min(a.fractionDigits(), b.fractionDigits()) : 0;
        return truncate(a.toInstant(), p, digits).equals(truncate(b.toInstant(), p, digits));
    }

    private static Instant truncate(Instant t, W3cDateTime.Precision p, int digits) {
        return switch (p) {
            case YEAR -> t.atOffset(ZoneOffset.UTC).toLocalDate().withDayOfYear(1).atStartOfDay()
                    .toInstant(ZoneOffset.UTC);
            case MONTH -> t.atOffset(ZoneOffset.UTC).toLocalDate().withDayOfMonth(1).atStartOfDay()
                    .toInstant(ZoneOffset.UTC);
            case DAY -> t.truncatedTo(ChronoUnit.DAYS);
            case MINUTE -> t.truncatedTo(ChronoUnit.MINUTES);
            case SECOND -> t.truncatedTo(ChronoUnit.SECONDS);
            case FRACTION -> {
                long unit = 1;
                for (int i = digits; i < 9; i++) {
                    unit *= 10;
                }
                yield Instant.ofEpochSecond(t.getEpochSecond(), t.getNano() / unit * unit);
            }
        };
    }
}
