package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InstantTextTest {
    @Test
    void writesWhatInstantToStringWritesForEveryFractionWidthAndYear() {
        SplittableRandom random = new SplittableRandom(16);
        long min = Instant.parse("0000-01-01T00:00:00Z").getEpochSecond();
        long max = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
        int[] nanos = {0, 1, 7_000_000, 123_000_000, 123_456_000, 999_999_999, 100_000};
        for (int i = 0; i < 200_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(min, max + 1), nanos[i % nanos.length]);
            assertThat(InstantText.of(t)).isEqualTo(t.toString());
        }
        for (String edge : new String[] {"1970-01-01T00:00:00Z", "2000-02-29T23:59:59.999Z", "1900-03-01T00:00:00Z",
                "0000-02-29T12:00:00Z", "9999-12-31T23:59:59.999999999Z", "1969-12-31T23:59:59.000001Z"}) {
            Instant t = Instant.parse(edge);
            assertThat(InstantText.of(t)).isEqualTo(t.toString());
        }
    }

    @Test
    void fallsBackToInstantToStringOutsideFourDigitYears() {
        for (Instant t : new Instant[] {Instant.parse("+10000-01-01T00:00:00Z"), Instant.parse("-0001-12-31T00:00:00Z"),
                Instant.MIN, Instant.MAX}) {
            assertThat(InstantText.of(t)).isEqualTo(t.toString());
        }
    }

    @Test
    void aDayHoldsExactlyTheInstantsWhoseTextStartsWithIt() {
        var inDay = ResourceSyncSource.inDay("2024-03-10");
        for (String t : new String[] {"2024-03-09T23:59:59.999999999Z", "2024-03-10T00:00:00Z",
                "2024-03-10T23:59:59.999999999Z", "2024-03-11T00:00:00Z"}) {
            Instant i = Instant.parse(t);
            assertThat(inDay.test(i)).as(t).isEqualTo(i.toString().startsWith("2024-03-10"));
        }
    }
}
