package org.lexsync.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** W3C Datetime profile of ISO 8601 (https://www.w3.org/TR/NOTE-datetime), its granularities and tolerances. */
class W3cDateTimesTest {

    // --- the six granularities of the profile ---

    @Test
    void parsesAYear() {
        ParsedDateTime p = W3cDateTimes.parse("1997");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.YEAR);
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("1997-01-01T00:00:00Z"));
        assertThat(p.value().hasTime()).isFalse();
    }

    @Test
    void parsesAYearAndMonth() {
        ParsedDateTime p = W3cDateTimes.parse("1997-07");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.MONTH);
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("1997-07-01T00:00:00Z"));
    }

    @Test
    void parsesACompleteDate() {
        ParsedDateTime p = W3cDateTimes.parse("1997-07-16");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.DAY);
        assertThat(p.value().offset()).isNull();
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("1997-07-16T00:00:00Z"));
    }

    @Test
    void parsesHoursAndMinutesWithOffset() {
        ParsedDateTime p = W3cDateTimes.parse("1997-07-16T19:20+01:00");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.MINUTE);
        assertThat(p.value().offset()).isEqualTo(ZoneOffset.ofHours(1));
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("1997-07-16T18:20:00Z"));
        assertThat(p.value().hasTime()).isTrue();
    }

    @Test
    void parsesSeconds() {
        ParsedDateTime p = W3cDateTimes.parse("1997-07-16T19:20:30+01:00");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.SECOND);
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("1997-07-16T18:20:30Z"));
    }

    @Test
    void parsesFractionalSecondsKeepingTheirDigits() {
        ParsedDateTime p = W3cDateTimes.parse("1997-07-16T19:20:30.45+01:00");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.FRACTION);
        assertThat(p.value().nano()).isEqualTo(450_000_000);
        assertThat(p.value().fractionDigits()).isEqualTo(2);
        assertThat(p.value()).hasToString("1997-07-16T19:20:30.45+01:00");
    }

    @Test
    void parsesNineFractionDigits() {
        ParsedDateTime p = W3cDateTimes.parse("2014-01-16T06:55:18.123456789Z");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("2014-01-16T06:55:18.123456789Z"));
    }

    @Test
    void parsesZAsUtc() {
        ParsedDateTime p = W3cDateTimes.parse("2014-01-16T06:55:18Z");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().offset()).isEqualTo(ZoneOffset.UTC);
    }

    @Test
    void parsesANegativeOffset() {
        ParsedDateTime p = W3cDateTimes.parse("2014-01-16T06:55:18-05:30");

        assertThat(p.strict()).isTrue();
        assertThat(p.value().offset()).isEqualTo(ZoneOffset.ofHoursMinutes(-5, -30));
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("2014-01-16T12:25:18Z"));
    }

    @Test
    void parsesTheTwentyNinthOfFebruaryInALeapYear() {
        assertThat(W3cDateTimes.parse("2024-02-29").strict()).isTrue();
    }

    @Test
    void writesAParsedStrictValueBackAsGiven() {
        for (String text : new String[] {"1997", "1997-07", "1997-07-16", "1997-07-16T19:20+01:00",
                "1997-07-16T19:20:30Z", "1997-07-16T19:20:30.450-03:00"}) {
            assertThat(W3cDateTimes.parse(text).value()).hasToString(text);
        }
    }

    // --- tolerated deviations, each reported ---

    @ParameterizedTest
    @CsvSource({
            "2014-01-16t06:55:18Z,      LOWERCASE_T",
            "2014-01-16T06:55:18z,      LOWERCASE_Z",
            "2014-01-16 06:55:18Z,      SPACE_SEPARATOR",
            "2014-01-16T07:55:18+0100,  OFFSET_WITHOUT_COLON",
            "2014-01-16T07:55:18+01,    OFFSET_HOURS_ONLY",
            "2014-01-16T06:55:18,       MISSING_OFFSET",
            "2014-01-16T06:55:18.5,     MISSING_OFFSET",
            "2014-01-16T06:55:18.1234567891Z, FRACTION_TOO_LONG",
            "'2014-01-16T06:55:18,5Z', DECIMAL_COMMA",
            "2016-12-31T23:59:60Z,      LEAP_SECOND",
    })
    void toleratesAndReportsADeviation(String text, Deviation deviation) {
        ParsedDateTime p = W3cDateTimes.parse(text);

        assertThat(p.ok()).isTrue();
        assertThat(p.strict()).isFalse();
        assertThat(p.deviations()).containsExactly(deviation);
        assertThat(p.error()).isNull();
    }

    @Test
    void readsLenientFormsAsTheSameInstant() {
        Instant expected = Instant.parse("2014-01-16T06:55:18Z");
        for (String text : new String[] {"2014-01-16t06:55:18z", "2014-01-16 06:55:18Z", "2014-01-16T07:55:18+0100",
                "2014-01-16T07:55:18+01", "2014-01-16T06:55:18", "Thu, 16 Jan 2014 06:55:18 GMT",
                " 2014-01-16T06:55:18Z\n"}) {
            assertThat(W3cDateTimes.parse(text).value().toInstant()).as(text).isEqualTo(expected);
        }
    }

    @Test
    void readsAMissingOffsetAsUtc() {
        W3cDateTime v = W3cDateTimes.parse("2014-01-16T06:55:18").value();

        assertThat(v.offsetOrUtc()).isEqualTo(ZoneOffset.UTC);
        assertThat(v).hasToString("2014-01-16T06:55:18Z");
    }

    @Test
    void truncatesMoreThanNineFractionDigits() {
        W3cDateTime v = W3cDateTimes.parse("2014-01-16T06:55:18.1234567891Z").value();

        assertThat(v.nano()).isEqualTo(123_456_789);
        assertThat(v.fractionDigits()).isEqualTo(9);
    }

    @Test
    void readsAnRfc1123DateWithItsDeviation() {
        ParsedDateTime p = W3cDateTimes.parse("Tue, 3 Jun 2008 11:05:30 GMT");

        assertThat(p.deviations()).containsExactly(Deviation.RFC_1123);
        assertThat(p.value().precision()).isEqualTo(W3cDateTime.Precision.SECOND);
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse("2008-06-03T11:05:30Z"));
    }

    @Test
    void reportsSurroundingWhitespace() {
        ParsedDateTime p = W3cDateTimes.parse("  2014-01-16  ");

        assertThat(p.deviations()).containsExactly(Deviation.SURROUNDING_WHITESPACE);
        assertThat(p.value()).hasToString("2014-01-16");
    }

    @Test
    void reportsSeveralDeviationsTogether() {
        assertThat(W3cDateTimes.parse("2014-01-16t07:55:18+0100").deviations())
                .containsExactlyInAnyOrder(Deviation.LOWERCASE_T, Deviation.OFFSET_WITHOUT_COLON);
    }

    @ParameterizedTest
    @CsvSource({"2014-1-5, 2014-01-05T00:00:00Z", "2014-1-16, 2014-01-16T00:00:00Z", "2014-11-5, 2014-11-05T00:00:00Z",
            "2014-7, 2014-07-01T00:00:00Z", "2014-1-5T10:00:00Z, 2014-01-05T10:00:00Z"})
    void readsSloppySingleDigitMonthsAndDaysWithADeviation(String text, String instant) {
        ParsedDateTime p = W3cDateTimes.parse(text);

        assertThat(p.ok()).isTrue();
        assertThat(p.strict()).isFalse();
        assertThat(p.deviations()).contains(Deviation.SINGLE_DIGIT_MONTH_OR_DAY);
        assertThat(p.value().toInstant()).isEqualTo(Instant.parse(instant));
    }

    // --- invalid input: an error, never an exception ---

    @ParameterizedTest
    @ValueSource(strings = {"2014-13-01", "2014-00-10", "2014-02-30", "2023-02-29", "2014-04-31", "2014-01-00",
            "2014-01-16T25:00Z", "2014-01-16T24:00Z", "2014-01-16T06:60Z", "2014-01-16T06:55:61Z",
            "2014-01-16T06:55:18+19:00", "2014-01-16T06:55:18+01:60", "2014-01-16T06:55:18.Z",
            "2014-01-16T06:55:18Zjunk", "2014-01-16T06:55:18 Z", "2014-01-16X06:55Z", "2014-01-16T06Z",
            "2014-1-32", "2014-13-1", "14-01-16", "20140116", "2014/01/16", "2014-", "2014-01-", "garbage", "yesterday",
            "Thu, 32 Jan 2014 06:55:18 GMT", "-2014", "+2014-01-16", "2014-01-16T06:55:18+", "2014-01-16T"})
    void returnsAnErrorForInvalidText(String text) {
        ParsedDateTime p = W3cDateTimes.parse(text);

        assertThat(p.ok()).isFalse();
        assertThat(p.strict()).isFalse();
        assertThat(p.value()).isNull();
        assertThat(p.error()).isNotBlank();
        assertThat(p.deviations()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\t\n"})
    void returnsAnErrorForEmptyText(String text) {
        ParsedDateTime p = W3cDateTimes.parse(text);

        assertThat(p.ok()).isFalse();
        assertThat(p.error()).isEqualTo("empty date-time");
    }

    @Test
    void returnsAnErrorForNull() {
        assertThat(W3cDateTimes.parse(null).error()).isNotBlank();
        assertThat(W3cDateTimes.parseOrNull(null)).isNull();
    }

    @Test
    void namesTheTextInTheError() {
        assertThat(W3cDateTimes.parse("2014-13-01").error()).contains("month").contains("'2014-13-01'");
    }

    @Test
    void parseOrNullGivesTheValueOfLenientText() {
        assertThat(W3cDateTimes.parseOrNull("2014-01-16t06:55:18z")).isEqualTo(W3cDateTimes.parse("2014-01-16T06:55:18Z").value());
        assertThat(W3cDateTimes.parseOrNull("2014-02-30")).isNull();
    }
}
