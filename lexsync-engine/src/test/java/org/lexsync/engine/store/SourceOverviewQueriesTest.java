package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunDuration;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceHoldings;
import org.lexsync.engine.model.SourceRuns;

/**
 * The overview's store queries (issue 33), on SQLite and on PostgreSQL: the latest, last finished, last succeeded and
 * last failed run of every source in one query; the last N runs of every source; the resources held and the newest
 * source timestamp per source; the findings of the latest runs.
 */
class SourceOverviewQueriesTest {
    @TempDir
    java.nio.file.Path dir;

    @Test
    void sqlite() {
        check(StoreConfig.of(dir.resolve("data")));
    }

    @Test
    void postgres() throws Exception {
        try (PostgresDatabase db = PostgresDatabase.create()) {
            check(StoreConfig.of(dir.resolve("data")).withJdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null));
        }
    }

    private static void check(StoreConfig config) {
        try (Store store = Store.open(config)) {
            Runs runs = store.runs();
            long a1 = finished(runs, "a", RunStatus.SUCCEEDED, null);
            long a2 = finished(runs, "a", RunStatus.ABORTED, "connection refused");
            long a3 = finished(runs, "a", RunStatus.FINISHED_WITH_FAILURES, null);
            long a4 = runs.start("a"); // running, held by this live process
            long b1 = finished(runs, "b", RunStatus.SUCCEEDED, null);
            runs.addFindings(a3, "http://example.org/a/1", List.of(
                    new Finding(Severity.ERROR, "sitemap.lastmod", "not a W3C datetime", 3, 7),
                    new Finding(Severity.WARNING, "sitemap.size", "too big", 0, 0)));
            runs.addFindings(b1, null, List.of(new Finding(Severity.ERROR, "sitemap.lastmod", "again", 9, 1)));

            Map<String, SourceRuns> latest = runs.latestPerSource().stream()
                    .collect(Collectors.toMap(SourceRuns::sourceId, Function.identity()));
            assertThat(latest).containsOnlyKeys("a", "b");
            SourceRuns a = latest.get("a");
            assertThat(a.last().id()).isEqualTo(a4);
            assertThat(a.last().status()).isEqualTo(RunStatus.RUNNING);
            assertThat(a.lastFinished().id()).isEqualTo(a3);
            assertThat(a.lastSuccess().id()).isEqualTo(a1);
            assertThat(a.lastFailure().id()).isEqualTo(a3);
            assertThat(a.firstStarted()).isEqualTo(runs.get(a1).orElseThrow().started());
            SourceRuns b = latest.get("b");
            assertThat(b.last().id()).isEqualTo(b1);
            assertThat(b.lastFailure()).isNull();

            List<RunDuration> recent = runs.recentPerSource(2);
            assertThat(recent).extracting(RunDuration::runId).containsExactly(a3, a4, b1);
            assertThat(recent.get(0).duration()).isNotNull();
            assertThat(recent.get(1).duration()).as("still running").isNull();

            List<RunFinding> found = new ArrayList<>();
            runs.findingsOfLatest(null, 10, found::add);
            assertThat(found).extracting(f -> f.finding().rule())
                    .containsExactly("sitemap.lastmod", "sitemap.lastmod", "sitemap.size");
            found.clear();
            runs.findingsOfLatest("a", 1, found::add);
            assertThat(found).as("a's last run has none").isEmpty();
            runs.findingsOfLatest("a", 2, found::add);
            assertThat(found).hasSize(2).allMatch(f -> f.runId() == a3);
            assertThat(a2).isLessThan(a3);

            store.commit(new CommitBatch("a", null, List.of(
                    new ResourceWrite("http://example.org/a/1", false, StoreContract.ts("2024-05-01T10:00:00Z"), null,
                            "one", List.of(), List.of()),
                    new ResourceWrite("http://example.org/a/2", false, StoreContract.ts("2024-06-01T10:00:00Z"), null,
                            "two", List.of(), List.of()),
                    new ResourceWrite("http://example.org/a/3", false, StoreContract.ts("2024-07-01T10:00:00Z"), null,
                            "three", List.of(), List.of())), List.of(), null));
            store.commit(new CommitBatch("a", null, List.of(ResourceWrite.deletion("http://example.org/a/3",
                    StoreContract.ts("2024-08-01"))), List.of(), null));
            assertThat(store.resources().heldPerSource()).containsExactly(
                    new SourceHoldings("a", 2, StoreContract.ts("2024-06-01T10:00:00Z")));
        }
    }

    private static long finished(Runs runs, String source, RunStatus status, String error) {
        long id = runs.start(source);
        runs.finish(id, status, new RunCounts(1, 0, 0, 0, status == RunStatus.FINISHED_WITH_FAILURES ? 1 : 0), error);
        return id;
    }
}
