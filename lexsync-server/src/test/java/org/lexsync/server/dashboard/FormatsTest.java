package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The overview's formatting written by hand gives what the JDK's formatters gave. */
class FormatsTest {
    @Test
    void countsAreGroupedByThousandsLikeTheFormatter() {
        for (long n : new long[] {0, 7, 999, 1_000, -1_000, 12_345, 999_999, 1_000_000, -1_234_567,
                Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertThat(Formats.count(n)).isEqualTo(String.format(Locale.ROOT, "%,d", n));
        }
    }

    @Test
    void timesAreWrittenLikeTheFormatter() {
        DateTimeFormatter f = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'Z'", Locale.ROOT)
                .withZone(ZoneOffset.UTC);
        for (String t : new String[] {"1970-01-01T00:00:00Z", "2026-11-28T05:04:09.999Z", "0999-03-01T23:59:59Z",
                "9999-12-31T23:59:59Z", "+10000-01-01T00:00:00Z", "-0001-06-01T12:00:00Z"}) {
            Instant i = Instant.parse(t);
            assertThat(Formats.time(i)).isEqualTo(f.format(i));
        }
        assertThat(Formats.hourMinute(Instant.parse("2026-11-28T05:04:09Z"))).isEqualTo("05:04");
    }

    @Test
    void durationsKeepTheirUnits() {
        assertThat(Formats.duration(Duration.ofSeconds(119))).isEqualTo("119 s");
        assertThat(Formats.duration(Duration.ofMinutes(5))).isEqualTo("5 min");
        assertThat(Formats.duration(Duration.ofMinutes(183))).isEqualTo("3 h 3 min");
        assertThat(Formats.duration(Duration.ofHours(52).negated())).isEqualTo("-2 d 4 h");
    }
}
