package org.lexsync.core.time;

/**
 * A departure from the W3C Datetime profile that {@link W3cDateTimes#parse} accepts because real
 * publishers write it, and that validators report as a finding.
 */
public enum Deviation {
    SURROUNDING_WHITESPACE("leading or trailing whitespace"),
    LOWERCASE_T("lower-case 't' separator"),
    SPACE_SEPARATOR("space instead of 'T' between date and time"),
    LOWERCASE_Z("lower-case 'z' time zone"),
    OFFSET_WITHOUT_COLON("time zone offset without colon (e.g. +0100)"),
    OFFSET_HOURS_ONLY("time zone offset without minutes (e.g. +01)"),
    MISSING_OFFSET("time without time zone designator (UTC assumed)"),
    FRACTION_TOO_LONG("more than 9 fractional-second digits (truncated)"),
    LEAP_SECOND("leap second 60 (read as 59)"),
    RFC_1123("RFC 1123 / RFC 822 date instead of W3C Datetime"),
    DECIMAL_COMMA("comma instead of '.' before the fractional seconds"),
    SINGLE_DIGIT_MONTH_OR_DAY("month or day written with one digit (e.g. 2024-1-5)");

    private final String description;

    Deviation(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
