package org.lexsync.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class W3cDateTimeTest {

    @Test
    void ofInstantWithoutNanosHasSecondPrecisionInUtc() {
        W3cDateTime v = W3cDateTime.of(Instant.parse("2014-01-16T06:55:18Z"));

        assertThat(v.precision()).isEqualTo(W3cDateTime.Precision.SECOND);
        assertThat(v).hasToString("2014-01-16T06:55:18Z");
    }

    @Test
    void ofInstantKeepsOnlyTheSignificantFractionDigits() {
        W3cDateTime v = W3cDateTime.of(Instant.parse("2014-01-16T06:55:18.120Z"));

        assertThat(v.fractionDigits()).isEqualTo(2);
        assertThat(v).hasToString("2014-01-16T06:55:18.12Z");
    }

    @Test
    void ofDateHasDayPrecisionAndNoOffset() {
        W3cDateTime v = W3cDateTime.ofDate(LocalDate.of(2014, 1, 16));

        assertThat(v).hasToString("2014-01-16");
        assertThat(v.offset()).isNull();
    }

    @Test
    void writesNegativeOffsetsWithSignAndColon() {
        assertThat(W3cDateTimes.parse("2014-01-16T06:55-03:30").value()).hasToString("2014-01-16T06:55-03:30");
    }

    @Test
    void writesAZeroOffsetAsZ() {
        assertThat(W3cDateTimes.parse("2014-01-16T06:55:18+00:00").value()).hasToString("2014-01-16T06:55:18Z");
    }

    @Test
    void refusesAFractionPrecisionWithoutDigits() {
        assertThatThrownBy(() -> new W3cDateTime(W3cDateTime.Precision.FRACTION, 2014, 1, 16, 6, 55, 18, 0, 0,
                ZoneOffset.UTC)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fractionDigits");
    }

    @Test
    void ordersByInstantAcrossOffsets() {
        W3cDateTime earlier = W3cDateTimes.parse("2014-01-16T07:00:00+02:00").value();
        W3cDateTime later = W3cDateTimes.parse("2014-01-16T06:00:00Z").value();

        assertThat(earlier).isLessThan(later);
        assertThat(earlier.isBefore(later)).isTrue();
        assertThat(later.isAfter(earlier)).isTrue();
    }

    @Test
    void ordersACoarserValueBeforeAFinerOneAtTheSameInstant() {
        W3cDateTime day = W3cDateTimes.parse("2014-01-16").value();
        W3cDateTime minute = W3cDateTimes.parse("2014-01-16T00:00Z").value();

        assertThat(day).isLessThan(minute);
    }

    /** Same instant written with different offsets: distinct values, so a sorted set keeps both. */
    @Test
    void ordersConsistentlyWithEquals() {
        W3cDateTime utc = W3cDateTimes.parse("2014-01-16T06:00:00Z").value();
        W3cDateTime cet = W3cDateTimes.parse("2014-01-16T07:00:00+01:00").value();
        W3cDateTime twoDigits = W3cDateTimes.parse("2014-01-16T06:00:00.50Z").value();
        W3cDateTime oneDigit = W3cDateTimes.parse("2014-01-16T06:00:00.5Z").value();

        assertThat(utc).isNotEqualTo(cet);
        assertThat(utc.compareTo(cet)).isNotZero();
        assertThat(oneDigit.compareTo(twoDigits)).isNotZero();
        assertThat(new TreeSet<>(java.util.List.of(utc, cet, oneDigit, twoDigits))).hasSize(4);
    }

    @Test
    void interleavedValuesEachKeepTheirOwnTextAndInstant() {   // the last-values caches of of() and toString()
        String[] texts = {"2024-01-01T00:00:00Z", "2024-01-01T00:00Z", "2024-01-01T01:00:00+01:00",
                "2024-01-01T00:00:00.5Z", "2024-01-01"};
        W3cDateTime[] values = new W3cDateTime[texts.length];
        for (int i = 0; i < texts.length; i++) {
            values[i] = W3cDateTimes.parseOrNull(texts[i]);
        }
        Instant[] instants = {Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-01-01T00:00:00.5Z"),
                Instant.parse("2030-06-30T12:34:56.789Z")};
        for (int round = 0; round < 7; round++) {
            for (int i = round % texts.length; i < texts.length; i += 1 + round % 2) {
                assertThat(values[i].toString()).isEqualTo(texts[i]);
                assertThat(values[0].toString()).isEqualTo(texts[0]);
            }
            for (int i = round % instants.length; i < instants.length; i++) {
                assertThat(W3cDateTime.of(instants[i]).toInstant()).isEqualTo(instants[i]);
                assertThat(W3cDateTime.of(instants[0]).toString()).isEqualTo("2024-01-01T00:00:00Z");
            }
        }
    }
}
