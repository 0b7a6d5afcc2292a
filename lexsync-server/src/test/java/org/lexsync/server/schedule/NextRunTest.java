package org.lexsync.server.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** When a source runs next (docs/architecture.md, "The server"): intervals count from the end of a run. */
class NextRunTest {
    private static final Instant END = Instant.parse("2026-03-01T10:17:42Z");

    @Test
    void anIntervalCountsFromTheEndOfTheRun() {
        assertThat(NextRun.after("PT15M", END)).isEqualTo(Instant.parse("2026-03-01T10:32:42Z"));
    }

    @Test
    void noScheduleIsHourly() {
        assertThat(NextRun.after(null, END)).isEqualTo(Instant.parse("2026-03-01T11:17:42Z"));
    }

    @Test
    void aCronExpressionGivesItsNextMatchingTime() {
        assertThat(NextRun.after("0 0 3 * * *", END)).isEqualTo(Instant.parse("2026-03-02T03:00:00Z"));
        assertThat(NextRun.after("0 */20 * * * *", END)).isEqualTo(Instant.parse("2026-03-01T10:20:00Z"));
    }

    @Test
    void aCronExpressionTheParserRefusesFallsBackToHourly() {
        assertThat(NextRun.after("0 0 3 99 * *", END)).isEqualTo(Instant.parse("2026-03-01T11:17:42Z"));
    }
}
