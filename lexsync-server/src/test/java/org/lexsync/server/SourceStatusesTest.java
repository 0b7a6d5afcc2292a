package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;

/**
 * A source's health (docs/architecture.md, "Dashboard and metrics"): red when it has had no success for more than
 * twice its schedule, whatever its last run did; never green with failed or quarantined items; paused, not stale,
 * when the operator paused it.
 */
class SourceStatusesTest {
    private static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");
    private static final Duration HOURLY = Duration.ofHours(1);

    private static RunRecord run(RunStatus status, Instant ended) {
        return new RunRecord(1, "s", ended.minusSeconds(10), ended, status, RunCounts.ZERO, null);
    }

    private static SourceStatuses.Verdict health(@Nullable RunRecord last, @Nullable Instant lastSuccess,
                                                 @Nullable Instant firstStarted) {
        return SourceStatuses.health(new SourceStatuses.Facts(last, last, lastSuccess, firstStarted, 0, false),
                HOURLY, NOW);
    }

    @Test
    void aRecentSuccessIsOk() {
        Instant t = NOW.minus(Duration.ofMinutes(90));
        assertThat(health(run(RunStatus.SUCCEEDED, t), t, t)).isEqualTo(new SourceStatuses.Verdict(SourceHealth.OK,
                null));
    }

    @Test
    void noSuccessForMoreThanTwiceTheScheduleIsStale() {
        Instant t = NOW.minus(Duration.ofMinutes(121));
        assertThat(health(run(RunStatus.SUCCEEDED, t), t, t).health()).isEqualTo(SourceHealth.STALE);
    }

    @Test
    void aStaleReasonNamesTheLastSuccessToTheSecond() {   // issue 33: it showed the stored nanoseconds
        Instant t = NOW.minus(Duration.ofMinutes(121)).plusNanos(123_456_789);
        assertThat(health(run(RunStatus.SUCCEEDED, t), t, t).reason())
                .isEqualTo("no run without failures since 2026-11-24T09:59:00Z");
    }

    @Test
    void failingSinceTheFirstRunLongAgoIsStale() {
        Instant first = NOW.minus(Duration.ofHours(5));
        assertThat(health(run(RunStatus.ABORTED, NOW), null, first).health()).isEqualTo(SourceHealth.STALE);
    }

    @Test
    void aRecentAbortIsFailingWithItsError() {
        Instant t = NOW.minus(Duration.ofMinutes(10));
        RunRecord aborted = new RunRecord(7, "s", t.minusSeconds(10), t, RunStatus.ABORTED, RunCounts.ZERO,
                "http://x/feed.atom: connection refused");
        SourceStatuses.Verdict v = health(aborted, NOW.minus(Duration.ofMinutes(30)), t);
        assertThat(v.health()).isEqualTo(SourceHealth.FAILING);
        assertThat(v.reason()).isEqualTo("last run #7 aborted: http://x/feed.atom: connection refused");
    }

    @Test
    void aRunWithItemFailuresIsAWarningWithHowManyAndNotASuccess() {
        Instant t = NOW.minus(Duration.ofMinutes(10));
        RunRecord partly = new RunRecord(3, "s", t.minusSeconds(10), t, RunStatus.FINISHED_WITH_FAILURES,
                new RunCounts(4, 0, 0, 0, 2), null);
        assertThat(SourceStatuses.succeeded(partly)).isFalse();
        SourceStatuses.Verdict v = health(partly, t.minus(Duration.ofMinutes(30)), t);
        assertThat(v.health()).isEqualTo(SourceHealth.WARNING);
        assertThat(v.reason()).isEqualTo("last run #3: 2 items failed");
    }

    @Test
    void aQuarantinedItemMakesASucceededSourceAWarning() {
        Instant t = NOW.minus(Duration.ofMinutes(10));
        RunRecord ok = run(RunStatus.SUCCEEDED, t);
        SourceStatuses.Verdict v = SourceStatuses.health(new SourceStatuses.Facts(ok, ok, t, t, 1, false), HOURLY,
                NOW);
        assertThat(v).isEqualTo(new SourceStatuses.Verdict(SourceHealth.WARNING, "1 item quarantined"));
    }

    @Test
    void aPausedSourceIsPausedNotStale() {
        Instant longAgo = NOW.minus(Duration.ofDays(3));
        RunRecord ok = run(RunStatus.SUCCEEDED, longAgo);
        SourceStatuses.Verdict v = SourceStatuses.health(new SourceStatuses.Facts(ok, ok, longAgo, longAgo, 0, true),
                HOURLY, NOW);
        assertThat(v.health()).isEqualTo(SourceHealth.PAUSED);
    }

    @Test
    void whileARunRunsTheLastFinishedOneCounts() {
        Instant t = NOW.minus(Duration.ofMinutes(10));
        RunRecord running = new RunRecord(2, "s", NOW, null, RunStatus.RUNNING, RunCounts.ZERO, null);
        RunRecord partly = new RunRecord(1, "s", t.minusSeconds(10), t, RunStatus.FINISHED_WITH_FAILURES,
                new RunCounts(0, 0, 0, 0, 1), null);
        assertThat(SourceStatuses.health(new SourceStatuses.Facts(running, partly, null, t, 0, false), HOURLY, NOW)
                .health()).isEqualTo(SourceHealth.WARNING);
    }

    @Test
    void neverRunIsNewAndACronScheduleHasNoInterval() {
        assertThat(health(null, null, null).health()).isEqualTo(SourceHealth.NEW);
        assertThat(SourceStatuses.interval("PT15M")).isEqualTo(Duration.ofMinutes(15));
        assertThat(SourceStatuses.interval("0 */5 * * * ?")).isNull();
        assertThat(SourceStatuses.interval(null)).isNull();
    }
}
