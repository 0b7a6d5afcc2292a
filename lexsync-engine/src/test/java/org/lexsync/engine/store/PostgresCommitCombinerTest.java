package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.StoreException;

/**
 * {@link CommitCombiner} on PostgreSQL: batches of different sources committed at the same moment share one
 * transaction, and a batch refused by its fence or by the database fails alone. The moment is made by holding the
 * journal counter's row lock from a connection of the test: the first batch's transaction waits on it while the
 * others queue behind.
 */
class PostgresCommitCombinerTest {
    private static final Duration HOUR = Duration.ofHours(1);
    private static final RunHolder ELSEWHERE = new RunHolder(4242, "another-host.example", "2026-01-01T00:00:00Z");

    /** A thread per commit (the common pool may have one thread on a small machine). */
    private static final java.util.concurrent.Executor THREADS = r -> Thread.ofPlatform().daemon(true).start(r);

    @TempDir
    Path dir;

    private PostgresDatabase database;
    private Store store;
    private CommitCombiner combiner;
    private Connection blocker;

    @BeforeEach
    void open() throws Exception {
        database = PostgresDatabase.create();
        store = Store.open(StoreConfig.of(dir.resolve("data")).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                null));
        combiner = new CommitCombiner(store.db());
        blocker = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, "");
    }

    @AfterEach
    void close() throws Exception {
        blocker.close();
        store.close();
        database.close();
    }

    @Test
    void batchesOfSourcesCommittedAtTheSameMomentShareOneTransaction() throws Exception {
        long before = store.commits();
        List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                batch("a", null, "http://x/a"), batch("b", null, "http://x/b"), batch("c", null, "http://x/c"),
                batch("d", null, "http://x/d"));

        List<Long> seqs = new ArrayList<>();
        for (CompletableFuture<List<WriteOutcome>> c : commits) {
            List<WriteOutcome> out = c.get(30, TimeUnit.SECONDS);
            assertThat(out).hasSize(1);
            seqs.add(out.get(0).seq());
        }
        assertThat(store.commits() - before).as("the first batch alone, then the three that queued behind it")
                .isEqualTo(2);
        assertThat(seqs).containsExactly(1L, 2L, 3L, 4L);
        assertThat(store.journal().lastSeq()).isEqualTo(4);
        for (String source : List.of("a", "b", "c", "d")) {
            assertThat(store.resources().get(source, "http://x/" + source)).isPresent();
            assertThat(store.sources().checkpoint(source)).contains("cp-" + source);
        }
    }

    @Test
    void twoBatchesOfOneSourceInASharedTransactionAreDecidedInTheirOrder() throws Exception {
        CommitBatch first = new CommitBatch("a", null, List.of(StoreContract.write("http://x/1", "2024-01-01T00:00:00Z",
                "one"), StoreContract.write("http://x/2", "2024-01-01T00:00:00Z", "two")), List.of(), "cp-1", 0,
                List.of(), null);
        CommitBatch second = new CommitBatch("a", null, List.of(StoreContract.write("http://x/1", "2024-01-02T00:00:00Z",
                "one, changed"), StoreContract.write("http://x/2", "2024-01-01T00:00:00Z", "two")), List.of(), "cp-2", 0,
                List.of(), null);
        long before = store.commits();
        List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                batch("z", null, "http://x/z"), first, second);

        assertThat(commits.get(1).get(30, TimeUnit.SECONDS)).extracting(WriteOutcome::kind, WriteOutcome::seq)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(org.lexsync.engine.model.ChangeKind.CREATED, 2L),
                        org.assertj.core.groups.Tuple.tuple(org.lexsync.engine.model.ChangeKind.CREATED, 3L));
        assertThat(commits.get(2).get(30, TimeUnit.SECONDS)).extracting(WriteOutcome::kind, WriteOutcome::seq)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(org.lexsync.engine.model.ChangeKind.UPDATED, 4L),
                        org.assertj.core.groups.Tuple.tuple(null, 0L));
        assertThat(store.commits() - before).isEqualTo(2);
        assertThat(store.resources().get("a", "http://x/1")).hasValueSatisfying(r -> {
            assertThat(r.sourceTimestamp()).hasToString("2024-01-02T00:00:00Z");
            assertThat(r.lastSeq()).isEqualTo(4);
        });
        assertThat(store.sources().checkpoint("a")).contains("cp-2");
        assertThat(store.journal().lastSeq()).isEqualTo(4);
    }

    @Test
    void aFencedBatchInASharedTransactionIsRefusedAloneAndTheOthersCommit() throws Exception {
        SourceLease stalled = store.leases().acquire("b", Duration.ofMillis(200), HOUR, ELSEWHERE);
        try (SourceLease taken = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .ignoreExceptions().until(() -> store.leases().acquire("b", HOUR), java.util.Objects::nonNull)) {
            long before = store.commits();
            List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                    batch("a", null, "http://x/a"), batch("b", stalled.fence(), "http://x/b"),
                    batch("c", null, "http://x/c"), batch("d", null, "http://x/d"));

            assertThat(commits.get(0).get(30, TimeUnit.SECONDS)).hasSize(1);
            assertThat(causeOf(commits.get(1))).isInstanceOf(FencedException.class);
            assertThat(commits.get(2).get(30, TimeUnit.SECONDS).get(0).seq()).isEqualTo(2);
            assertThat(commits.get(3).get(30, TimeUnit.SECONDS).get(0).seq()).isEqualTo(3);
            assertThat(store.commits() - before).isEqualTo(2);
            assertThat(store.fencedCommits()).isEqualTo(1);
            assertThat(store.resources().get("b", "http://x/b")).isEmpty();
            assertThat(store.sources().checkpoint("b")).isEmpty();
            assertThat(taken.epoch()).isGreaterThan(stalled.epoch());
        } finally {
            stalled.close();
        }
    }

    @Test
    void aBatchTheDatabaseRefusesFailsAloneAndTheOthersOfItsTransactionCommit() throws Exception {
        // far beyond what a btree index entry holds, and random, so that compression cannot make it fit
        StringBuilder huge = new StringBuilder("http://x/");
        while (huge.length() < 40_000) {
            huge.append(UUID.randomUUID());
        }
        long before = store.commits();
        List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                batch("a", null, "http://x/a"), batch("b", null, "http://x/b"), batch("c", null, huge.toString()),
                batch("d", null, "http://x/d"));

        assertThat(commits.get(0).get(30, TimeUnit.SECONDS)).hasSize(1);
        assertThat(commits.get(1).get(30, TimeUnit.SECONDS)).hasSize(1);
        assertThat(causeOf(commits.get(2))).isInstanceOf(StoreException.class)
                .hasMessageContaining("commit batch for source c");
        assertThat(commits.get(3).get(30, TimeUnit.SECONDS)).hasSize(1);
        assertThat(store.commits() - before).as("a alone; then b and d each alone after the shared one failed")
                .isEqualTo(3);
        assertThat(store.resources().get("b", "http://x/b")).isPresent();
        assertThat(store.resources().get("d", "http://x/d")).isPresent();
        assertThat(store.sources().checkpoint("c")).isEmpty();
        assertThat(store.journal().lastSeq()).isEqualTo(3);
    }

    @Test
    void theFencesOfASharedTransactionAreCheckedTogetherAndTheOneThatMovedOnIsRefused() throws Exception {
        SourceLease stalled = store.leases().acquire("b", Duration.ofMillis(200), HOUR, ELSEWHERE);
        try (SourceLease a = store.leases().acquire("a", HOUR);
             SourceLease c = store.leases().acquire("c", HOUR);
             SourceLease d = store.leases().acquire("d", HOUR);
             SourceLease taken = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                     .ignoreExceptions().until(() -> store.leases().acquire("b", HOUR), java.util.Objects::nonNull)) {
            long before = store.commits();
            List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                    batch("z", null, "http://x/z"), batch("a", a.fence(), "http://x/a"),
                    batch("b", stalled.fence(), "http://x/b"), batch("c", c.fence(), "http://x/c"),
                    batch("d", d.fence(), "http://x/d"));

            assertThat(causeOf(commits.get(2))).isInstanceOf(FencedException.class)
                    .hasMessageContaining(String.valueOf(taken.epoch()));
            assertThat(List.of(commits.get(1), commits.get(3), commits.get(4))).allSatisfy(commit ->
                    assertThat(commit.get(30, TimeUnit.SECONDS)).hasSize(1));
            assertThat(store.commits() - before).isEqualTo(2);
            assertThat(store.fencedCommits()).isEqualTo(1);
            assertThat(store.resources().get("b", "http://x/b")).isEmpty();
            assertThat(store.resources().get("d", "http://x/d")).isPresent();
        } finally {
            stalled.close();
        }
    }

    @Test
    void theRunsOfASharedTransactionEachGetTheirOwnCounts() throws Exception {
        long runA = store.runs().start("a");
        long runB = store.runs().start("b");
        CommitBatch a = new CommitBatch("a", runA, List.of(StoreContract.write("http://x/1", "2024-01-01T00:00:00Z",
                "one"), StoreContract.write("http://x/2", "2024-01-01T00:00:00Z", "two")), List.of(), null, 3,
                List.of(), null);
        CommitBatch b = new CommitBatch("b", runB, List.of(StoreContract.write("http://x/1", "2024-01-01T00:00:00Z",
                "one")), List.of(), null, 0, List.of(), null);
        CommitBatch aAgain = new CommitBatch("a", runA, List.of(StoreContract.write("http://x/3",
                "2024-01-01T00:00:00Z", "three")), List.of(), null, 0, List.of(), null);
        long before = store.commits();
        List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                batch("z", null, "http://x/z"), a, b, aAgain);
        for (CompletableFuture<List<WriteOutcome>> c : commits) {
            c.get(30, TimeUnit.SECONDS);
        }

        assertThat(store.commits() - before).isEqualTo(2);
        assertThat(store.runs().get(runA).orElseThrow().counts())
                .isEqualTo(new org.lexsync.engine.model.RunCounts(3, 0, 0, 3, 0));
        assertThat(store.runs().get(runB).orElseThrow().counts())
                .isEqualTo(new org.lexsync.engine.model.RunCounts(1, 0, 0, 0, 0));
    }

    @Test
    void aSharedTransactionClearsTheItemFailuresOfWhatItWritesAndNoOthers() throws Exception {
        failing("a", "http://x/a");
        failing("b", "http://x/other");
        failing("c", "http://x/c");
        List<CompletableFuture<List<WriteOutcome>>> commits = commitWhileTheCounterIsHeld(
                batch("z", null, "http://x/z"), batch("a", null, "http://x/a"), batch("b", null, "http://x/b"),
                batch("c", null, "http://x/c"));
        for (CompletableFuture<List<WriteOutcome>> c : commits) {
            c.get(30, TimeUnit.SECONDS);
        }

        assertThat(store.failures().list("a")).isEmpty();
        assertThat(store.failures().list("b")).extracting(f -> f.resourceUri()).containsExactly("http://x/other");
        assertThat(store.failures().list("c")).isEmpty();
    }

    /**
     * Holds the journal counter, commits the first batch (which waits for it alone), queues the others behind it,
     * then lets go.
     */
    @SafeVarargs
    private List<CompletableFuture<List<WriteOutcome>>> commitWhileTheCounterIsHeld(CommitBatch... batches)
            throws Exception {
        blocker.setAutoCommit(false);
        try (Statement s = blocker.createStatement()) {
            s.executeUpdate("UPDATE counters SET value = value WHERE name = 'journal'");
        }
        List<CompletableFuture<List<WriteOutcome>>> commits = new ArrayList<>();
        commits.add(CompletableFuture.supplyAsync(() -> combiner.commit(batches[0]), THREADS));
        await().atMost(Duration.ofSeconds(30)).until(() -> backendsWaitingForALock() == 1);
        for (int i = 1; i < batches.length; i++) {
            CommitBatch b = batches[i];
            commits.add(CompletableFuture.supplyAsync(() -> combiner.commit(b), THREADS));
            int queued = i;
            await().atMost(Duration.ofSeconds(30)).until(() -> combiner.waiting() == queued); // in this order
        }
        blocker.rollback();
        blocker.setAutoCommit(true);
        return commits;
    }

    private int backendsWaitingForALock() throws Exception {
        try (PreparedStatement s = blocker.prepareStatement(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static Throwable causeOf(CompletableFuture<?> commit) throws Exception {
        try {
            commit.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return e.getCause();
        }
        throw new AssertionError("the commit succeeded");
    }

    private void failing(String source, String uri) {
        store.failures().record(source, uri, uri, "http-500", "failed", null, java.time.Instant.now());
    }

    private static CommitBatch batch(String source, LeaseFence fence, String uri) {
        return new CommitBatch(source, null, List.of(StoreContract.write(uri, "2024-01-01T00:00:00Z", uri)),
                List.of(), "cp-" + source, 0, List.of(), fence);
    }
}
