package org.lexsync.core.time;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.Objects;

/**
 * A date-time in the W3C Datetime profile of ISO 8601 (https://www.w3.org/TR/NOTE-datetime), the
 * format of sitemap {@code lastmod}, ResourceSync time attributes and (with full precision) Atom dates.
 * It keeps the precision it was written with (year … fractional seconds) so that a value is written back
 * as it was read. Values without a time-zone designator (date-only precisions, or lenient input) are
 * taken as UTC for {@link #toInstant()}.
 *
 * <p>Parse with {@link W3cDateTimes#parse(CharSequence)}, which never throws on bad input.
 */
public record W3cDateTime(Precision precision, int year, int month, int day, int hour, int minute,
                          int second, int nano, int fractionDigits, ZoneOffset offset)
        implements Comparable<W3cDateTime> {

    /** Instant first; the tie-breakers only make the order consistent with {@code equals}. */
    private static final Comparator<W3cDateTime> ORDER =
            Comparator.comparing(W3cDateTime::toInstant).thenComparing(W3cDateTime::precision)
                    .thenComparingInt(W3cDateTime::fractionDigits)
                    .thenComparing(W3cDateTime::offset, Comparator.nullsFirst(Comparator.naturalOrder()));

    /** The granularities the W3C profile allows. */
    public enum Precision { YEAR, MONTH, DAY, MINUTE, SECOND, FRACTION }

    public W3cDateTime {
        Objects.requireNonNull(precision, "precision");
        if (precision == Precision.FRACTION && (fractionDigits < 1 || fractionDigits > 9)) {
            throw new IllegalArgumentException("fractionDigits must be 1..9 for FRACTION, was " + fractionDigits);
        }
    }

    /** The instant at second (or finer) precision, always written in UTC with {@code Z}. */
    public static W3cDateTime of(Instant instant) {
        return CONVERTED.get(instant);
    }

    /** Recent conversions and formattings: a publication's rows share collection times ({@link RecentConversions}). */
    private static final RecentConversions<Instant, W3cDateTime> CONVERTED =
            new RecentConversions<>(W3cDateTime::convert);
    private static final RecentConversions<W3cDateTime, String> FORMATTED =
            new RecentConversions<>(W3cDateTime::format);

    private static W3cDateTime convert(Instant instant) {
        OffsetDateTime t = instant.atOffset(ZoneOffset.UTC);
        int nano = t.getNano();
        if (nano == 0) {
            return new W3cDateTime(Precision.SECOND, t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                    t.getHour(), t.getMinute(), t.getSecond(), 0, 0, ZoneOffset.UTC);
        }
        int digits = 9;
        int n = nano;
        while (n % 10 == 0) {
            n /= 10;
            digits--;
        }
        return new W3cDateTime(Precision.FRACTION, t.getYear(), t.getMonthValue(), t.getDayOfMonth(),
                t.getHour(), t.getMinute(), t.getSecond(), nano, digits, ZoneOffset.UTC);
    }

    /** A day-precision value (no time, no zone). */
    public static W3cDateTime ofDate(LocalDate date) {
        return new W3cDateTime(Precision.DAY, date.getYear(), date.getMonthValue(), date.getDayOfMonth(),
                0, 0, 0, 0, 0, null);
    }

    /** True when the value carries a time of day. */
    public boolean hasTime() {
        return precision.compareTo(Precision.MINUTE) >= 0;
    }

    /** The offset, or UTC when the value has none. */
    public ZoneOffset offsetOrUtc() {
        return offset == null ? ZoneOffset.UTC : offset;
    }

    /** The first instant of the period the value denotes (a year-precision value is 1 January 00:00). */
    public Instant toInstant() {
        return LocalDateTime.of(year, Math.max(month, 1), Math.max(day, 1), hour, minute, second, nano)
                .toInstant(offsetOrUtc());
    }

    public OffsetDateTime toOffsetDateTime() {
        return LocalDateTime.of(year, Math.max(month, 1), Math.max(day, 1), hour, minute, second, nano)
                .atOffset(offsetOrUtc());
    }

    /**
     * Orders by instant; equal instants order by precision (coarser first), then by fraction digits and
     * offset, so that the order is consistent with {@code equals} (sorted sets keep distinct values).
     */
    @Override
    public int compareTo(W3cDateTime other) {
        return ORDER.compare(this, other);
    }

    public boolean isBefore(W3cDateTime other) {
        return compareTo(other) < 0;
    }

    public boolean isAfter(W3cDateTime other) {
        return compareTo(other) > 0;
    }

    /** The canonical W3C form at the value's own precision: upper-case T, {@code Z} or {@code ±hh:mm}. */
    @Override
    public String toString() {
        return FORMATTED.get(this);
    }

    private String format() {
        StringBuilder b = new StringBuilder(32);
        pad(b, year, 4);
        if (precision == Precision.YEAR) {
            return b.toString();
        }
        b.append('-');
        pad(b, month, 2);
        if (precision == Precision.MONTH) {
            return b.toString();
        }
        b.append('-');
        pad(b, day, 2);
        if (precision == Precision.DAY) {
            return b.toString();
        }
        b.append('T');
        pad(b, hour, 2);
        b.append(':');
        pad(b, minute, 2);
        if (precision.compareTo(Precision.SECOND) >= 0) {
            b.append(':');
            pad(b, second, 2);
        }
        if (precision == Precision.FRACTION) {
            b.append('.');
            String nine = String.valueOf(1_000_000_000 + nano).substring(1);
            b.append(nine, 0, fractionDigits);
        }
        ZoneOffset z = offsetOrUtc();
        if (z.getTotalSeconds() == 0) {
            b.append('Z');
        } else {
            int total = z.getTotalSeconds();
            b.append(total < 0 ? '-' : '+');
            total = Math.abs(total);
            pad(b, total / 3600, 2);
            b.append(':');
            pad(b, (total / 60) % 60, 2);
        }
        return b.toString();
    }

    private static void pad(StringBuilder b, int value, int width) {
        if (value >= 0 && value < 10_000 && width <= 4) {
            // the usual case, digit by digit without a string per field
            int digits = value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4;
            for (int i = digits; i < width; i++) {
                b.append('0');
            }
            for (int d = digits - 1, div = d == 0 ? 1 : d == 1 ? 10 : d == 2 ? 100 : 1000; d >= 0; d--, div /= 10) {
                b.append((char) ('0' + value / div % 10));
            }
            return;
        }
        String s = Integer.toString(value);
        for (int i = s.length(); i < width; i++) {
            b.append('0');
        }
        b.append(s);
    }
}
