package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;

/**
 * A source's health (docs/architecture.md, "Dashboard and metrics"): red when it has had no success for more than
 * twice its schedule, whatever its last run did.
 */
class SourceStatusesTest {
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final Duration HOURLY = Duration.ofHours(1);

    private static RunRecord run(RunStatus status, Instant ended) {
        return new RunRecord(1, "s", ended.minusSeconds(10), ended, status, RunCounts.ZERO, null);
    }

    @Test
    void aRecentSuccessIsOk() {
        Instant t = NOW.minus(Duration.ofMinutes(90));
        assertThat(SourceStatuses.health(run(RunStatus.SUCCEEDED, t), t, t, HOURLY, NOW)).isEqualTo(SourceHealth.OK);
    }

    @Test
    void noSuccessForMoreThanTwiceTheScheduleIsStale() {
        Instant t = NOW.minus(Duration.ofMinutes(121));
        assertThat(SourceStatuses.health(run(RunStatus.SUCCEEDED, t), t, t, HOURLY, NOW)).isEqualTo(SourceHealth.STALE);
    }

    @Test
    void failingSinceTheFirstRunLongAgoIsStale() {
        Instant first = NOW.minus(Duration.ofHours(5));
        assertThat(SourceStatuses.health(run(RunStatus.ABORTED, NOW), null, first, HOURLY, NOW))
                .isEqualTo(SourceHealth.STALE);
    }

    @Test
    void aRecentAbortIsFailingAndItemFailuresAWarning() {
        Instant t = NOW.minus(Duration.ofMinutes(10));
        assertThat(SourceStatuses.health(run(RunStatus.ABORTED, t), NOW.minus(Duration.ofMinutes(30)), t, HOURLY,
                NOW)).isEqualTo(SourceHealth.FAILING);
        assertThat(SourceStatuses.health(run(RunStatus.FINISHED_WITH_FAILURES, t), t, t, HOURLY, NOW))
                .isEqualTo(SourceHealth.WARNING);
    }

    @Test
    void neverRunIsNewAndACronScheduleHasNoInterval() {
        assertThat(SourceStatuses.health(null, null, null, HOURLY, NOW)).isEqualTo(SourceHealth.NEW);
        assertThat(SourceStatuses.interval("PT15M")).isEqualTo(Duration.ofMinutes(15));
        assertThat(SourceStatuses.interval("0 */5 * * * ?")).isNull();
        assertThat(SourceStatuses.interval(null)).isNull();
    }
}
