package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.store.SourceLease;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;

/**
 * The fence at work (issue 32; docs/architecture.md, "Concurrency"): a harvest paused inside a batch whose lease runs
 * out (its renewer frozen, as in a stalled process) and is taken over by another store — another node — is refused its
 * next commit once released; the new holder commits normally. Run once per database by the subclasses, against a
 * real fixture publisher on loopback.
 */
abstract class ApplierFenceContract {
    private static final Duration HOUR = Duration.ofHours(1);
    private static final int BATCH = 5;
    /** Changes the stalled harvest plans before it freezes: two committed batches and two of the third. */
    private static final int BEFORE_PAUSE = 2 * BATCH + 2;

    @TempDir
    Path dir;

    FixturePublisher pub;
    Store stale;
    Store other;
    Fetcher fetcher;

    abstract StoreConfig config(Path dataDir);

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(30).seed(32).start();
        stale = Store.open(config(dir.resolve("data")));
        other = Store.open(stale.config()); // the node that takes over: the same database, a store object of its own
        fetcher = Fetcher.builder().politeness(new Politeness(16, Duration.ZERO)).ignoreRobots(true).tries(1)
                .tempDirectory(stale.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() throws Exception {
        fetcher.close();
        other.close();
        stale.close();
        pub.close();
    }

    @Test
    void aHarvestThatLostItsLeaseWhilePausedCommitsNothingMoreAndTheNewHolderCommitsNormally() throws Exception {
        List<PlannedChange> plan = Plans.created(pub, true);
        CountDownLatch paused = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // the stalled holder: its lease is not renewed (a frozen process) and runs out after 300 ms
        SourceLease stalled = stale.leases().acquire(Plans.SOURCE, Duration.ofMillis(300), HOUR);
        ExecutorService harvest = Executors.newSingleThreadExecutor();
        try {
            Applier staleApplier = Applier.builder(fetcher, stale).window(BATCH).batchSize(BATCH)
                    .maxBatchSize(BATCH).maxBatchDelay(HOUR).retryDelay(Duration.ZERO).fence(stalled.fence()).build();
            AtomicInteger givenAfterRelease = new AtomicInteger();
            Future<ApplyReport> stalledHarvest = harvest.submit(() -> staleApplier.apply(Plans.SOURCE,
                    pausing(plan.iterator(), paused, release, givenAfterRelease)));
            assertThat(paused.await(30, TimeUnit.SECONDS)).isTrue();
            // frozen inside a batch, with at least one batch committed before
            await().atMost(Duration.ofSeconds(30)).until(() -> journal().size() >= BATCH);

            SourceLease taken = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                    .ignoreExceptionsInstanceOf(SourceBusyException.class)
                    .until(() -> other.leases().acquire(Plans.SOURCE, HOUR), Objects::nonNull);
            try (taken) {
                ApplyReport fresh = Applier.builder(fetcher, other).batchSize(BATCH).retryDelay(Duration.ZERO)
                        .fence(taken.fence()).build().apply(Plans.SOURCE, plan.iterator());
                assertThat(fresh.complete()).isTrue();

                release.countDown();
                assertThatThrownBy(() -> stalledHarvest.get(30, TimeUnit.SECONDS)).cause()
                        .isInstanceOfSatisfying(FencedException.class, e -> {
                            assertThat(e.staleEpoch()).isEqualTo(stalled.epoch());
                            assertThat(e.getMessage()).contains("'" + Plans.SOURCE + "'",
                                    "epoch " + taken.epoch());
                        });
                assertThat(givenAfterRelease.get()).isPositive();

                List<JournalEntry> rows = journal();
                long staleRun = rows.get(0).runId();
                int committedBeforeTakeover = (int) rows.stream().filter(r -> r.runId() == staleRun).count();
                // nothing the stalled harvest was given after it froze reached the journal
                assertThat(committedBeforeTakeover).isBetween(BATCH, BEFORE_PAUSE);
                assertThat(rows).hasSize(plan.size());
                assertThat(rows.stream().map(JournalEntry::resourceUri).distinct()).hasSize(plan.size());
                for (int i = 0; i < rows.size(); i++) {
                    assertThat(rows.get(i).seq()).isEqualTo(i + 1L);
                    assertThat(rows.get(i).resourceUri()).isEqualTo(plan.get(i).resourceUri());
                    // the stalled harvest's rows are a prefix; every later one is the new holder's
                    assertThat(rows.get(i).runId()).isEqualTo(i < committedBeforeTakeover ? staleRun : fresh.runId());
                }
                assertThat(other.sources().checkpoint(Plans.SOURCE))
                        .contains(plan.get(plan.size() - 1).checkpoint());
                RunRecord run = other.runs().get(staleRun).orElseThrow();
                assertThat(run.status()).isEqualTo(RunStatus.INTERRUPTED);
                assertThat(run.error()).startsWith(FencedException.RULE);
                assertThat(run.counts().created()).isEqualTo(committedBeforeTakeover);
                // its batches after the takeover wrote nothing, not even their counts (all unchanged by now)
                assertThat(run.counts().unchanged()).isZero();
                assertThat(stale.fencedCommits()).isPositive();
                assertThat(other.fencedCommits()).isZero();
            }
        } finally {
            release.countDown();
            harvest.shutdownNow();
            stalled.close();
        }
    }

    private List<JournalEntry> journal() {
        List<JournalEntry> rows = new ArrayList<>();
        other.journal().forEachSince(0, null, 0, rows::add);
        return rows;
    }

    /** {@code changes}, freezing before the one after {@link #BEFORE_PAUSE} until {@code release} opens. */
    private static Iterator<PlannedChange> pausing(Iterator<PlannedChange> changes, CountDownLatch paused,
                                                   CountDownLatch release, AtomicInteger givenAfterRelease) {
        return new Iterator<>() {
            private int given;

            @Override
            public boolean hasNext() {
                return changes.hasNext();
            }

            @Override
            public PlannedChange next() {
                if (given == BEFORE_PAUSE) {
                    paused.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException(e);
                    }
                }
                if (given++ >= BEFORE_PAUSE) {
                    givenAfterRelease.incrementAndGet();
                }
                return changes.next();
            }
        };
    }
}
