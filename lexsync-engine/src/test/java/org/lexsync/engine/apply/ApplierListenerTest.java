package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.CommittedBatch;
import org.lexsync.engine.model.CommittedChange;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * Commit listeners against a real fixture publisher on loopback and a real SQLite store: told about every committed
 * change with its journal sequence number, in commit order, after the commit; never about a failed change; a
 * listener that throws changes nothing that was committed and is reported.
 */
class ApplierListenerTest {
    @TempDir
    Path dir;

    private FixturePublisher pub;
    private Store store;
    private Fetcher fetcher;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(40).seed(11).start();
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(16, Duration.ZERO)).ignoreRobots(true).tries(1)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        store.close();
        pub.close();
    }

    /** Batches of exactly {@code size} changes, so that a run of 40 commits several. */
    private Applier.Builder applier(int size) {
        return Applier.builder(fetcher, store).retryDelay(Duration.ZERO).batchSize(size).maxBatchSize(size);
    }

    private List<JournalEntry> journal() {
        List<JournalEntry> rows = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, rows::add);
        return rows;
    }

    /** Keeps every batch it is told about, the threads it was called on, and how many calls ever overlapped. */
    private static final class Recorder implements CommitListener {
        final List<CommittedBatch> batches = Collections.synchronizedList(new ArrayList<>());
        final Set<Thread> threads = Collections.synchronizedSet(new HashSet<>());
        final List<String> events = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger inside = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();

        @Override
        public void committed(CommittedBatch batch) {
            mostAtOnce.accumulateAndGet(inside.incrementAndGet(), Math::max);
            try {
                batches.add(batch);
                threads.add(Thread.currentThread());
                events.add("batch");
            } finally {
                inside.decrementAndGet();
            }
        }

        @Override
        public void applyEnded(String sourceId, long runId) {
            events.add("ended " + sourceId + " " + runId);
        }

        List<CommittedChange> changes() {
            return batches.stream().flatMap(b -> b.changes().stream()).toList();
        }
    }

    @Test
    void everyCommittedChangeIsAnnouncedWithItsJournalSequenceNumberInCommitOrder() {
        Recorder heard = new Recorder();

        ApplyReport report = applier(7).listener(heard).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(report.complete()).isTrue();
        assertThat(heard.batches).hasSize(6).allSatisfy(b -> {
            assertThat(b.sourceId()).isEqualTo(Plans.SOURCE);
            assertThat(b.runId()).isEqualTo(report.runId());
        });
        assertThat(heard.changes()).extracting(c -> c.resourceUri() + " " + c.kind() + " " + c.seq())
                .containsExactlyElementsOf(journal().stream()
                        .map(e -> e.resourceUri() + " " + e.kind() + " " + e.seq()).toList());
        assertThat(heard.batches.get(heard.batches.size() - 1).checkpoint()).isEqualTo("39");
    }

    /**
     * The announcer's lane borrows a pooled thread while batches wait for it ({@code SerialLane}), so a run whose lane
     * empties between batches may be told on more than one thread: what holds is one call at a time, never on the
     * caller's thread.
     */
    @Test
    void listenersAreCalledOneAtATimeOffTheCallersThreadAndHearTheEndOfTheCallLast() {
        Recorder heard = new Recorder();

        ApplyReport report = applier(7).listener(heard).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(heard.threads).isNotEmpty().doesNotContain(Thread.currentThread());
        assertThat(heard.mostAtOnce).hasValue(1);
        assertThat(heard.events).hasSize(7).endsWith("ended " + Plans.SOURCE + " " + report.runId());
    }

    @Test
    void aListenerFindsItsBatchAlreadyCommittedWhenItIsCalled() {
        List<String> missing = Collections.synchronizedList(new ArrayList<>());
        CommitListener reader = batch -> {
            for (CommittedChange c : batch.changes()) {
                if (store.resources().get(Plans.SOURCE, c.resourceUri()).isEmpty()) {
                    missing.add("state of " + c.resourceUri());
                }
                List<JournalEntry> row = new ArrayList<>();
                store.journal().forEachSince(c.seq() - 1, Plans.SOURCE, 1, row::add);
                if (row.isEmpty() || !row.get(0).resourceUri().equals(c.resourceUri())) {
                    missing.add("journal row " + c.seq());
                }
            }
            // later batches may have committed meanwhile: the stored checkpoint is this batch's or a later one
            if (batch.checkpoint() != null && Integer.parseInt(store.sources().checkpoint(Plans.SOURCE).orElse("-1"))
                    < Integer.parseInt(batch.checkpoint())) {
                missing.add("checkpoint " + batch.checkpoint());
            }
        };

        applier(10).listener(reader).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(missing).isEmpty();
    }

    @Test
    void aThrowingListenerRollsNothingBackStopsNoLaterCommitAndIsReported() {
        List<Integer> calls = Collections.synchronizedList(new ArrayList<>());
        CommitListener failing = new CommitListener() {
            @Override
            public void committed(CommittedBatch batch) {
                calls.add(batch.changes().size());
                if (calls.size() == 1) {
                    throw new IllegalStateException("graph store on fire");
                }
            }
        };
        Recorder after = new Recorder();

        ApplyReport report = applier(10).listener(failing).listener(after).build()
                .apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(report.complete()).isTrue();
        assertThat(journal()).hasSize(40);
        assertThat(store.sources().checkpoint(Plans.SOURCE)).hasValue("39");
        assertThat(calls).containsExactly(10, 10, 10, 10);
        assertThat(after.changes()).hasSize(40);
        assertThat(report.listenerFailures()).singleElement().satisfies(f -> {
            assertThat(f.changes()).isEqualTo(10);
            assertThat(f.firstSeq()).isEqualTo(1);
            assertThat(f.lastSeq()).isEqualTo(10);
            assertThat(f.firstUri()).isEqualTo(pub.resources().get(0).uri().toString());
            assertThat(f.error()).contains("graph store on fire");
        });
        assertThat(store.runs().findings(report.runId())).singleElement().satisfies((RunFinding f) -> {
            assertThat(f.finding().rule()).isEqualTo(ListenerFailure.RULE);
            assertThat(f.finding().message()).contains("graph store on fire").contains("journal 1-10");
            assertThat(f.resourceUri()).isEqualTo(pub.resources().get(0).uri().toString());
        });
    }

    @Test
    void aFailedUnorderedChangeIsNotAnnounced() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        Recorder heard = new Recorder();

        ApplyReport report = applier(7).listener(heard).build().apply(Plans.SOURCE,
                Plans.created(pub, true).stream().map(PlannedChange::asUnordered).iterator());

        assertThat(report.failures()).hasSize(1);
        assertThat(heard.changes()).hasSize(39).extracting(CommittedChange::resourceUri)
                .doesNotContain(broken.uri().toString());
        assertThat(heard.changes()).extracting(CommittedChange::seq)
                .containsExactlyElementsOf(journal().stream().map(JournalEntry::seq).toList());
    }

    @Test
    void changesHeldBehindAGapAreNotAnnounced() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        Recorder heard = new Recorder();

        ApplyReport report = applier(4).listener(heard).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(report.gap()).isNotNull();
        assertThat(heard.changes()).extracting(CommittedChange::resourceUri).containsExactlyElementsOf(
                pub.resources().subList(0, 10).stream().map(r -> r.uri().toString()).toList());
    }

    @Test
    void changesTheStoreAlreadyHeldAreAnnouncedWithoutAJournalRow() {
        applier(10).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());
        Recorder heard = new Recorder();

        applier(10).listener(heard).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(heard.changes()).hasSize(40).allSatisfy(c -> {
            assertThat(c.unchanged()).isTrue();
            assertThat(c.kind()).isNull();
            assertThat(c.seq()).isZero();
        });
        assertThat(heard.batches).allSatisfy(b -> assertThat(b.firstSeq()).isZero());
    }

    @Test
    void aListenerAddedToACopyIsNotToldAboutTheOriginalsCommits() {
        Recorder shared = new Recorder();
        Recorder own = new Recorder();
        Applier base = applier(10).listener(shared).build();
        Applier copy = base.withListener(own);
        List<PlannedChange> plan = Plans.created(pub, true);

        base.apply(Plans.SOURCE, plan.subList(0, 20).iterator());
        copy.apply(Plans.SOURCE, plan.subList(20, 40).iterator());

        assertThat(shared.changes()).hasSize(40);
        assertThat(own.changes()).extracting(CommittedChange::resourceUri).containsExactlyElementsOf(
                plan.subList(20, 40).stream().map(PlannedChange::resourceUri).toList());
        assertThat(own.changes()).allSatisfy(c -> assertThat(c.kind()).isEqualTo(ChangeKind.CREATED));
    }
}
