package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Several sources harvested at once through one facade (docs/architecture.md, "Concurrency"): two sources on ONE
 * fixture host, harvested from two threads, never get two requests closer than the host's delay, measured from the
 * fixture's own request log; a second harvest of a source being harvested is refused at once.
 */
class LexSyncConcurrencyTest {
    private static final int RESOURCES = 14;
    private static final int ENTRIES = 10;

    @TempDir
    Path dir;
    private FixturePublisher pub;
    private AtomSource atom;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(RESOURCES).seed(61).start();
        ResourceSyncSource.install(pub);
        atom = AtomSource.register(pub, "/atom", 4, 200).publishNew(ENTRIES);
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    @Test
    void twoSourcesOnOneHostHarvestedAtOnceKeepTheHostsDelay() throws Exception {
        Duration delay = Duration.ofMillis(250);
        try (LexSync lexsync = LexSync.builder(dir.resolve("data")).tries(1).build()) {
            lexsync.register(resourceSync(delay));
            lexsync.register(atom(delay));
            List<HarvestReport> reports = harvestAtOnce(lexsync, "rs", "atom");
            assertThat(reports).allSatisfy(r -> assertThat(r.complete()).as(r.sourceId()).isTrue());
            assertStored(lexsync);
        }
        List<RecordedRequest> log = pub.requests();
        assertThat(log.stream().filter(r -> r.path().startsWith("/atom"))).as("atom requests").isNotEmpty();
        assertThat(log.stream().filter(r -> !r.path().startsWith("/atom"))).as("other requests").isNotEmpty();
        assertThat(gapsMillis(log)).as("gaps between arrivals of %d requests", log.size())
                .allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(delay.toMillis() - 10));
    }

    @Test
    void whileBothHarvestRunTheHostGetsTheStricterOfTheirDelays() throws Exception {
        Duration loose = Duration.ofMillis(40);
        Duration strict = Duration.ofMillis(300);
        try (LexSync lexsync = LexSync.builder(dir.resolve("data")).tries(1).build()) {
            lexsync.register(resourceSync(loose));
            lexsync.register(atom(strict));
            List<HarvestReport> reports = harvestAtOnce(lexsync, "rs", "atom");
            assertThat(reports).allSatisfy(r -> assertThat(r.complete()).as(r.sourceId()).isTrue());
            assertStored(lexsync);
        }
        List<RecordedRequest> log = pub.requests();
        long firstAtom = first(log, true);
        long firstOther = first(log, false);
        long lastAtom = last(log, true);
        long lastOther = last(log, false);
        long from = Math.max(firstAtom, firstOther);
        long to = Math.min(lastAtom, lastOther);
        List<RecordedRequest> both = log.stream().filter(r -> r.nanoTime() >= from && r.nanoTime() <= to).toList();
        assertThat(both.size()).as("requests while both harvests ran").isGreaterThanOrEqualTo(3);
        assertThat(gapsMillis(both)).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(strict.toMillis() - 10));
    }

    @Test
    void aSecondHarvestOfASourceBeingHarvestedIsRefusedAtOnce() throws Exception {
        try (LexSync lexsync = LexSync.builder(dir.resolve("data")).tries(1).build()) {
            lexsync.register(resourceSync(Duration.ofMillis(100)));
            CountDownLatch reading = new CountDownLatch(1);
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<HarvestReport> first = threads.submit(() -> lexsync.harvest("rs", new HarvestListener() {
                    @Override
                    public void documentRead(java.net.URI url, long bytes) {
                        reading.countDown();
                    }
                }));
                assertThat(reading.await(30, TimeUnit.SECONDS)).isTrue();
                long started = System.nanoTime();
                assertThatThrownBy(() -> lexsync.harvest("rs")).isInstanceOfSatisfying(SourceBusyException.class,
                        e -> assertThat(e.holderPid()).isEqualTo(ProcessHandle.current().pid()));
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
                assertThat(first.get().complete()).isTrue();
            }
            assertThat(lexsync.harvest("rs").complete()).as("the source is free again once the first harvest ended")
                    .isTrue();
        }
    }

    @Test
    void aDryRunNeedsNoLease() throws Exception {
        try (LexSync lexsync = LexSync.builder(dir.resolve("data")).tries(1).build()) {
            lexsync.register(resourceSync(Duration.ZERO));
            AtomicLong planned = new AtomicLong();
            try (var lease = leaseOf(lexsync)) {
                HarvestReport plan = lexsync.plan("rs", new HarvestListener() {
                    @Override
                    public void planned(org.lexsync.engine.model.PlannedChange change) {
                        planned.incrementAndGet();
                    }
                });
                assertThat(plan.planned()).isEqualTo(RESOURCES);
            }
            assertThat(planned).hasValue(RESOURCES);
        }
    }

    @Test
    void aHarvestThatLosesItsLeaseStopsAndLeavesTheCallerUninterrupted() throws Exception {
        try (LexSync lexsync = LexSync.builder(dir.resolve("data")).tries(1).lease(Duration.ofMillis(600)).build()) {
            lexsync.register(resourceSync(Duration.ofMillis(150)));
            CountDownLatch reading = new CountDownLatch(1);
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<Boolean> harvest = threads.submit(() -> {
                    try {
                        lexsync.harvest("rs", new HarvestListener() {
                            @Override
                            public void documentRead(java.net.URI url, long bytes) {
                                reading.countDown();
                            }
                        });
                    } catch (RuntimeException stopped) {
                        // how the protocol ends an interrupted harvest is its own affair
                    }
                    return Thread.currentThread().isInterrupted();
                });
                assertThat(reading.await(30, TimeUnit.SECONDS)).isTrue();
                // another holder takes the source over, as a process would after this one stalled
                try (java.sql.Connection c = java.sql.DriverManager.getConnection(
                        "jdbc:sqlite:" + dir.resolve("data").resolve("lexsync.db"));
                     java.sql.Statement st = c.createStatement()) {
                    st.execute("PRAGMA busy_timeout = 10000");
                    assertThat(st.executeUpdate("UPDATE source_leases SET token = 'other', holder_pid = 1,"
                            + " holder_host = 'elsewhere' WHERE source_id = 'rs'")).isEqualTo(1);
                }
                assertThat(harvest.get(60, TimeUnit.SECONDS)).as("the caller's thread is left interrupted").isFalse();
            }
            AtomicLong stored = new AtomicLong();
            lexsync.store().resources("rs", false, r -> stored.incrementAndGet());
            assertThat(stored.get()).as("the harvest stopped before the end").isLessThan(RESOURCES);
        }
    }

    /** Holds the lease of source "rs" in the facade's store, as another process would. */
    private AutoCloseable leaseOf(LexSync lexsync) {
        org.lexsync.engine.store.Store store = org.lexsync.engine.store.Store.open(
                org.lexsync.engine.store.StoreConfig.of(dir.resolve("data")));
        org.lexsync.engine.store.SourceLease lease = store.leases().acquire("rs", Duration.ofMinutes(1));
        return () -> {
            lease.close();
            store.close();
        };
    }

    private Source resourceSync(Duration delay) {
        return Source.builder("rs", ResourceSyncOptions.builder().baseline(ResourceSyncOptions.Baseline.LIST).build())
                .url(pub.baseUri()).delay(delay).concurrency(1).build();
    }

    private Source atom(Duration delay) {
        return Source.builder("atom", AtomOptions.DEFAULT).url(atom.subscriptionUri()).delay(delay).concurrency(1)
                .build();
    }

    private static void assertStored(LexSync lexsync) {
        AtomicLong rs = new AtomicLong();
        AtomicLong at = new AtomicLong();
        lexsync.store().resources("rs", false, r -> rs.incrementAndGet());
        lexsync.store().resources("atom", false, r -> at.incrementAndGet());
        assertThat(rs).hasValue(RESOURCES);
        assertThat(at).hasValue(ENTRIES);
    }

    private static List<HarvestReport> harvestAtOnce(LexSync lexsync, String... ids) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        try (ExecutorService threads = Executors.newFixedThreadPool(ids.length)) {
            List<Future<HarvestReport>> futures = new ArrayList<>();
            for (String id : ids) {
                futures.add(threads.submit(() -> {
                    go.await();
                    return lexsync.harvest(id);
                }));
            }
            go.countDown();
            List<HarvestReport> reports = new ArrayList<>();
            for (Future<HarvestReport> f : futures) {
                reports.add(f.get(120, TimeUnit.SECONDS));
            }
            return reports;
        }
    }

    private static long first(List<RecordedRequest> log, boolean atom) {
        return log.stream().filter(r -> r.path().startsWith("/atom") == atom).mapToLong(RecordedRequest::nanoTime)
                .min().orElseThrow();
    }

    private static long last(List<RecordedRequest> log, boolean atom) {
        return log.stream().filter(r -> r.path().startsWith("/atom") == atom).mapToLong(RecordedRequest::nanoTime)
                .max().orElseThrow();
    }

    private static List<Long> gapsMillis(List<RecordedRequest> requests) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < requests.size(); i++) {
            gaps.add(Duration.ofNanos(requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()).toMillis());
        }
        return gaps;
    }
}
