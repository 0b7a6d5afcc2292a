package org.lexsync.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any value the W3C profile can express is written canonically and read back exactly, strictly. */
class W3cDateTimeProperties {

    @Property(tries = 400)
    void parsingTheCanonicalFormGivesTheValueBackStrictly(@ForAll("values") W3cDateTime value) {
        ParsedDateTime p = W3cDateTimes.parse(value.toString());

        assertThat(p.strict()).as(value.toString()).isTrue();
        assertThat(p.value()).isEqualTo(value);
    }

    @Property(tries = 400)
    void orderAgreesWithTheInstant(@ForAll("values") W3cDateTime a, @ForAll("values") W3cDateTime b) {
        int byInstant = a.toInstant().compareTo(b.toInstant());
        if (byInstant != 0) {
            assertThat(Integer.signum(a.compareTo(b))).isEqualTo(Integer.signum(byInstant));
        }
        assertThat(Integer.signum(a.compareTo(b))).isEqualTo(-Integer.signum(b.compareTo(a)));
        assertThat(a.compareTo(b) == 0).isEqualTo(a.equals(b));
    }

    @Property(tries = 200)
    void ofInstantRoundTripsThroughText(@ForAll("instants") Instant instant) {
        W3cDateTime v = W3cDateTime.of(instant);

        assertThat(v.toInstant()).isEqualTo(instant);
        assertThat(W3cDateTimes.parse(v.toString()).value()).isEqualTo(v);
    }

    @Provide
    Arbitrary<Instant> instants() {
        return Combinators.combine(Arbitraries.longs().between(-62_135_596_800L, 253_402_300_799L),
                Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond);
    }

    @Provide
    Arbitrary<W3cDateTime> values() {
        Arbitrary<W3cDateTime.Precision> precisions = Arbitraries.of(W3cDateTime.Precision.class);
        Arbitrary<Integer> years = Arbitraries.integers().between(0, 9999);
        Arbitrary<Integer> months = Arbitraries.integers().between(1, 12);
        Arbitrary<Integer> dayFractions = Arbitraries.integers().between(0, 30);
        Arbitrary<Integer> hours = Arbitraries.integers().between(0, 23);
        Arbitrary<Integer> minutes = Arbitraries.integers().between(0, 59);
        Arbitrary<Integer> seconds = Arbitraries.integers().between(0, 59);
        Arbitrary<Integer> fractionDigits = Arbitraries.integers().between(1, 9);
        Arbitrary<Integer> fraction = Arbitraries.integers().between(0, 999_999_999);
        Arbitrary<ZoneOffset> offsets = Arbitraries.integers().between(-18 * 60, 18 * 60)
                .map(m -> ZoneOffset.ofTotalSeconds(m * 60)).injectDuplicates(0.3);
        Arbitrary<int[]> fields = Combinators.combine(years, months, dayFractions, hours, minutes, seconds,
                fractionDigits, fraction).as((y, mo, d, h, mi, s, fd, f) -> new int[] {y, mo, d, h, mi, s, fd, f});
        return Combinators.combine(precisions, fields, offsets).as(W3cDateTimeProperties::value);
    }

    private static W3cDateTime value(W3cDateTime.Precision precision, int[] f, ZoneOffset offset) {
        int year = f[0];
        int month = precision.compareTo(W3cDateTime.Precision.MONTH) >= 0 ? f[1] : 1;
        int day = precision.compareTo(W3cDateTime.Precision.DAY) >= 0
                ? 1 + f[2] % YearMonth.of(year, month).lengthOfMonth() : 1;
        boolean time = precision.compareTo(W3cDateTime.Precision.MINUTE) >= 0;
        int second = precision.compareTo(W3cDateTime.Precision.SECOND) >= 0 ? f[5] : 0;
        int digits = precision == W3cDateTime.Precision.FRACTION ? f[6] : 0;
        int nano = 0;
        if (digits > 0) {
            int scale = (int) Math.pow(10, 9 - digits);
            nano = f[7] / scale * scale;
        }
        return new W3cDateTime(precision, year, month, day, time ? f[3] : 0, time ? f[4] : 0, second, nano, digits,
                time ? offset : null);
    }
}
