package org.lexsync.core.time;

import java.time.DateTimeException;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.Set;

/**
 * Parser for the W3C Datetime profile of ISO 8601 (https://www.w3.org/TR/NOTE-datetime): {@code YYYY},
 * {@code YYYY-MM}, {@code YYYY-MM-DD}, {@code YYYY-MM-DDThh:mmTZD}, {@code YYYY-MM-DDThh:mm:ssTZD} and
 * {@code YYYY-MM-DDThh:mm:ss.sTZD}, where TZD is {@code Z} or {@code ±hh:mm}. RFC 3339 (Atom dates) is
 * the full-precision subset of the same grammar.
 *
 * <p>Lenient where publishers are sloppy (see {@link Deviation}); every tolerance is reported in the
 * result so that validators can turn it into a finding. Never throws on bad input: the normal path
 * allocates no exception.
 */
public final class W3cDateTimes {
    private W3cDateTimes() {
    }

    /** Parses {@code text}; never throws. */
    public static ParsedDateTime parse(CharSequence text) {
        if (text == null) {
            return failure("no date-time given");
        }
        EnumSet<Deviation> deviations = EnumSet.noneOf(Deviation.class);
        int start = 0;
        int end = text.length();
        while (start < end && isSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(text.charAt(end - 1))) {
            end--;
        }
        if (start == end) {
            return failure("empty date-time");
        }
        if (start > 0 || end < text.length()) {
            deviations.add(Deviation.SURROUNDING_WHITESPACE);
        }
        return new Cursor(text, start, end, deviations).parse();
    }

    /** The value, or null when {@code text} is not a date-time (deviations are tolerated silently). */
    public static W3cDateTime parseOrNull(CharSequence text) {
        return parse(text).value();
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static ParsedDateTime failure(String message) {
        return new ParsedDateTime(null, Set.of(), message);
    }

    /** A single left-to-right pass over the text. */
    private static final class Cursor {
        private final CharSequence s;
        private final int end;
        private final EnumSet<Deviation> deviations;
        private int pos;

        Cursor(CharSequence s, int start, int end, EnumSet<Deviation> deviations) {
            this.s = s;
            this.pos = start;
            this.end = end;
            this.deviations = deviations;
        }

        ParsedDateTime parse() {
            if (!isDigit(pos)) {
                return rfc1123();
            }
            int year = digits(4);
            if (year < 0) {
                return error("expected a four-digit year");
            }
            if (pos == end) {
                return ok(new W3cDateTime(W3cDateTime.Precision.YEAR, year, 1, 1, 0, 0, 0, 0, 0, null));
            }
            if (!expect('-')) {
                return error("expected '-' after the year");
            }
            int month = oneOrTwoDigits();
            if (month < 1 || month > 12) {
                return error("month must be two digits 01-12");
            }
            if (pos == end) {
                return ok(new W3cDateTime(W3cDateTime.Precision.MONTH, year, month, 1, 0, 0, 0, 0, 0, null));
            }
            if (!expect('-')) {
                return error("expected '-' after the month");
            }
            int day = oneOrTwoDigits();
            if (day < 1 || day > lengthOfMonth(year, month)) {
                return error("day must be two digits and exist in " + year + "-" + (month < 10 ? "0" : "") + month);
            }
            if (pos == end) {
                return ok(new W3cDateTime(W3cDateTime.Precision.DAY, year, month, day, 0, 0, 0, 0, 0, null));
            }
            char sep = s.charAt(pos);
            if (sep == 't') {
                deviations.add(Deviation.LOWERCASE_T);
            } else if (sep == ' ') {
                deviations.add(Deviation.SPACE_SEPARATOR);
            } else if (sep != 'T') {
                return error("expected 'T' between date and time");
            }
            pos++;
            int hour = digits(2);
            if (hour < 0 || hour > 23) {
                return error("hour must be two digits 00-23");
            }
            if (!expect(':')) {
                return error("expected ':' after the hour");
            }
            int minute = digits(2);
            if (minute < 0 || minute > 59) {
                return error("minute must be two digits 00-59");
            }
            W3cDateTime.Precision precision = W3cDateTime.Precision.MINUTE;
            int second = 0;
            int nano = 0;
            int fractionDigits = 0;
            if (pos < end && s.charAt(pos) == ':') {
                pos++;
                second = digits(2);
                if (second < 0 || second > 60) {
                    return error("second must be two digits 00-59");
                }
                if (second == 60) {
                    deviations.add(Deviation.LEAP_SECOND);
                    second = 59;
                }
                precision = W3cDateTime.Precision.SECOND;
                if (pos < end && (s.charAt(pos) == '.' || s.charAt(pos) == ',')) {
                    if (s.charAt(pos) == ',') {
                        deviations.add(Deviation.DECIMAL_COMMA);
                    }
                    pos++;
                    int count = 0;
                    while (isDigit(pos)) {
                        if (count < 9) {
                            nano = nano * 10 + (s.charAt(pos) - '0');
                        }
                        count++;
                        pos++;
                    }
                    if (count == 0) {
                        return error("expected digits after the decimal point");
                    }
                    if (count > 9) {
                        deviations.add(Deviation.FRACTION_TOO_LONG);
                    }
                    fractionDigits = Math.min(count, 9);
                    for (int i = fractionDigits; i < 9; i++) {
                        nano *= 10;
                    }
                    precision = W3cDateTime.Precision.FRACTION;
                }
            }
            ZoneOffset offset;
            if (pos == end) {
                deviations.add(Deviation.MISSING_OFFSET);
                offset = null;
            } else {
                offset = zone();
                if (offset == null) {
                    return error("expected a time zone designator 'Z' or '+hh:mm' at offset " + pos);
                }
            }
            if (pos != end) {
                return error("unexpected text after the date-time at offset " + pos);
            }
            return ok(new W3cDateTime(precision, year, month, day, hour, minute, second, nano, fractionDigits,
                    offset == null ? ZoneOffset.UTC : offset));
        }

        private ZoneOffset zone() {
            char c = s.charAt(pos);
            if (c == 'Z' || c == 'z') {
                if (c == 'z') {
                    deviations.add(Deviation.LOWERCASE_Z);
                }
                pos++;
                return ZoneOffset.UTC;
            }
            if (c != '+' && c != '-') {
                return null;
            }
            int sign = c == '-' ? -1 : 1;
            pos++;
            int hours = digits(2);
            if (hours < 0 || hours > 18) {
                return null;
            }
            int minutes = 0;
            if (pos == end) {
                deviations.add(Deviation.OFFSET_HOURS_ONLY);
            } else if (s.charAt(pos) == ':') {
                pos++;
                minutes = digits(2);
            } else {
                deviations.add(Deviation.OFFSET_WITHOUT_COLON);
                minutes = digits(2);
            }
            if (minutes < 0 || minutes > 59 || hours * 60 + minutes > 18 * 60) {
                return null;
            }
            return ZoneOffset.ofTotalSeconds(sign * (hours * 3600 + minutes * 60));
        }

        /** Real sitemaps sometimes carry HTTP dates; accepted with a deviation (abnormal path). */
        private ParsedDateTime rfc1123() {
            String text = s.subSequence(pos, end).toString();
            try {
                OffsetDateTime t = OffsetDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME);
                deviations.add(Deviation.RFC_1123);
                W3cDateTime v = new W3cDateTime(W3cDateTime.Precision.SECOND, t.getYear(), t.getMonthValue(),
                        t.getDayOfMonth(), t.getHour(), t.getMinute(), t.getSecond(), 0, 0, t.getOffset());
                return ok(v);
            } catch (DateTimeException e) {
                return error("not a W3C date-time");
            }
        }

        /** Two digits, or one (a sloppy "2024-1-5", read with a deviation) not followed by another digit. */
        private int oneOrTwoDigits() {
            int value = digits(2);
            if (value >= 0) {
                return value;
            }
            value = digits(1);
            if (value >= 0) {
                deviations.add(Deviation.SINGLE_DIGIT_MONTH_OR_DAY);
            }
            return value;
        }

        private int digits(int count) {
            if (pos + count > end) {
                return -1;
            }
            int value = 0;
            for (int i = 0; i < count; i++) {
                char c = s.charAt(pos + i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                value = value * 10 + (c - '0');
            }
            pos += count;
            return value;
        }

        private boolean expect(char c) {
            if (pos < end && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private boolean isDigit(int at) {
            return at < end && s.charAt(at) >= '0' && s.charAt(at) <= '9';
        }

        private ParsedDateTime ok(W3cDateTime value) {
            return new ParsedDateTime(value, deviations, null);
        }

        private ParsedDateTime error(String message) {
            return new ParsedDateTime(null, Set.of(), message + ": '" + s + "'");
        }
    }

    private static int lengthOfMonth(int year, int month) {
        return switch (month) {
            case 2 -> Year.isLeap(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }
}
