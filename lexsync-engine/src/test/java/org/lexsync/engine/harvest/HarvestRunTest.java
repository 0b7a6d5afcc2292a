package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;

class HarvestRunTest {
    private static final String SOURCE = "run-test";

    @TempDir
    Path dir;
    HarvestFixture h;

    @BeforeEach
    void open() {
        h = new HarvestFixture(dir);
    }

    @AfterEach
    void close() {
        h.close();
    }

    private static HarvestJob job(boolean dryRun) {
        return new HarvestJob(SOURCE, List.of(URI.create("http://127.0.0.1:1/feed")), AtomOptions.DEFAULT, dryRun);
    }

    private RunRecord record(HarvestRun run) {
        return h.store.runs().get(run.id()).orElseThrow();
    }

    @Test
    void aRunIsRecordedAndSucceedsWhenEveryChangeWasCommitted() {
        HarvestRun run = HarvestRun.start(job(false), h.context(null));
        assertThat(record(run).status()).isEqualTo(RunStatus.RUNNING);

        run.finish(run.apply(Collections.emptyIterator()));

        assertThat(record(run).status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(record(run).error()).isNull();
    }

    @Test
    void aDryRunRecordsNoRunAndHandsItsChangesToTheListener() {
        List<PlannedChange> planned = new ArrayList<>();
        HarvestRun run = HarvestRun.start(job(true), h.context(new HarvestListener() {
            @Override
            public void planned(PlannedChange change) {
                planned.add(change);
            }
        }));
        PlannedChange delete = PlannedChange.delete(SOURCE, "http://x/a", W3cDateTime.ofDate(java.time.LocalDate.of(2024, 1, 1)), null);

        ApplyReport report = run.apply(List.of(delete).iterator());
        run.finish(report);

        assertThat(run.id()).isNull();
        assertThat(report).isNull();
        assertThat(planned).containsExactly(delete);
        assertThat(h.store.runs().latest(SOURCE, 10)).isEmpty();
    }

    @Test
    void anExceptionAbortsTheRunWithItsMessageAndCountsSoFar() {
        HarvestRun run = HarvestRun.start(job(false), h.context(null));
        IllegalStateException e = new IllegalStateException("the feed vanished");

        assertThat(run.abort(e, new RunCounts(2, 0, 0, 0, 0))).isSameAs(e);

        assertThat(record(run).status()).isEqualTo(RunStatus.ABORTED);
        assertThat(record(run).error()).isEqualTo("the feed vanished");
        assertThat(record(run).counts().created()).isEqualTo(2);
    }

    @Test
    void aRunEndsOnce() {
        HarvestRun run = HarvestRun.start(job(false), h.context(null));
        run.finish(RunStatus.SUCCEEDED, RunCounts.ZERO, null);

        run.abort(new IllegalStateException("late"), RunCounts.ZERO);

        assertThat(record(run).status()).isEqualTo(RunStatus.SUCCEEDED);
    }

    @Test
    void findingsRecordedWithADocumentAreKeptOnceAndTheOthersWhenTheRunEnds() {
        HarvestRun run = HarvestRun.start(job(false), h.context(null));
        Findings aboutFeed = new Findings();
        aboutFeed.warning("rinfo:6/a", "about the feed", 0, 0);
        run.record(URI.create("http://x/feed"), aboutFeed);
        run.findings().error("rinfo:8.3/b", "about the run", 0, 0);

        run.finish(RunStatus.SUCCEEDED, RunCounts.ZERO, null);

        List<RunFinding> kept = h.store.runs().findings(run.id());
        assertThat(kept).extracting(f -> f.finding().rule()).containsExactly("rinfo:6/a", "rinfo:8.3/b");
        assertThat(kept.get(0).resourceUri()).isEqualTo("http://x/feed");
        assertThat(run.findings().list()).hasSize(2);
    }

    @Test
    void aRunThatDidNotCommitEverythingNamesTheGap() {
        HarvestRun run = HarvestRun.start(job(false), h.context(null));
        ChangeFailure gap = new ChangeFailure("http://x/a", "http://x/a", "http-error", "404", 404, null);

        ApplyReport stopped = run.stopped(gap, new RunCounts(1, 0, 0, 0, 0), java.time.Duration.ZERO);
        run.finish(stopped);

        assertThat(stopped.counts()).isEqualTo(new RunCounts(1, 0, 0, 0, 1));
        assertThat(record(run).status()).isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
        assertThat(record(run).error()).isEqualTo("http-error: 404");
    }

    @Test
    void theCheckpointIsWrittenOutsideADryRunOnly() {
        HarvestRun dry = HarvestRun.start(job(true), h.context(null));
        dry.saveCheckpoint("2024-01-01T00:00:00Z");
        assertThat(h.store.sources().checkpoint(SOURCE)).isEmpty();

        HarvestRun run = HarvestRun.start(job(false), h.context(null));
        run.saveCheckpoint("2024-02-01T00:00:00Z");

        assertThat(run.storedCheckpoint()).isEqualTo("2024-02-01T00:00:00Z");
    }
}
