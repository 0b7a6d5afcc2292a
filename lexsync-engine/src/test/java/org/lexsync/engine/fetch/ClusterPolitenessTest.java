package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;

/**
 * One publisher, one budget (issue 32): three fetchers, each with a store of its own on one PostgreSQL database (three
 * nodes), fetch from one fixture host at once; the host sees its requests spaced by the delay as from one client.
 */
class ClusterPolitenessTest {
    private static final Duration DELAY = Duration.ofMillis(150);
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private PostgresDatabase database;
    private final List<Store> stores = new ArrayList<>();
    private final List<Fetcher> fetchers = new ArrayList<>();

    @BeforeEach
    void start() {
        database = PostgresDatabase.create();
        publisher = FixturePublisher.builder().resources(18).seed(3).robotsTxt("User-agent: *\nAllow: /\n").start();
        for (int node = 0; node < 3; node++) {
            Store store = Store.open(StoreConfig.of(temp.resolve("node" + node))
                    .withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null));
            stores.add(store);
            fetchers.add(TestFetchers.fast(temp.resolve("tmp" + node)).politeness(new Politeness(1, DELAY))
                    .sharedGate(store.sharedHostGate()).build());
        }
    }

    @AfterEach
    void stop() throws Exception {
        fetchers.forEach(Fetcher::close);
        stores.forEach(Store::close);
        publisher.close();
        database.close();
    }

    @Test
    void threeNodesOnOneHostNeverAskItMoreOftenThanTheDelay() throws Exception {
        List<FixtureResource> all = publisher.resources();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<FetchResult>> futures = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                Fetcher node = fetchers.get(i % 3);
                FixtureResource r = all.get(i);
                futures.add(threads.submit(() -> node.fetch(FetchRequest.of(r.uri()))));
            }
            for (Future<FetchResult> f : futures) {
                assertThat(f.get()).isInstanceOf(FetchResult.Fetched.class);
            }
        }
        List<RecordedRequest> seen = publisher.requests();
        assertThat(seen.stream().filter(r -> !r.path().equals("/robots.txt")).count()).isEqualTo(all.size());
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < seen.size(); i++) {
            gaps.add(Duration.ofNanos(seen.get(i).nanoTime() - seen.get(i - 1).nanoTime()).toMillis());
        }
        assertThat(gaps).as("gaps between the arrivals of all nodes' requests, robots.txt included")
                .allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(DELAY.toMillis()));
    }

    @Test
    void aBreakerOpenedOnOneNodeRefusesTheHostOnTheOthersWithoutARequest() {
        FixtureResource doc = publisher.resources().get(0);
        List<Fetcher> breakers = new ArrayList<>();
        for (int node = 0; node < 2; node++) {
            breakers.add(TestFetchers.fast(temp.resolve("b" + node)).ignoreRobots(true).tries(1).unreachableAfter(2)
                    .sharedGate(stores.get(node).sharedHostGate()).build());
        }
        try {
            publisher.faults().always(doc.path(), org.lexsync.fixture.Fault.connectionReset());
            for (int i = 0; i < 2; i++) {
                breakers.get(0).fetch(FetchRequest.of(doc.uri()));
            }
            publisher.faults().clear();
            int sent = publisher.requests().size();
            FetchResult.Failed refused = (FetchResult.Failed) breakers.get(1).fetch(FetchRequest.of(doc.uri()));
            assertThat(refused.reason()).isEqualTo(FetchFailure.HOST_UNREACHABLE);
            assertThat(refused.message()).contains("another node");
            assertThat(publisher.requests()).hasSize(sent);
        } finally {
            breakers.forEach(Fetcher::close);
        }
    }

    @Test
    void aRetryAfterAnsweredToOneNodeHoldsBackTheOthers() {
        // the politeness gate of node 0 learns a Retry-After of 2 s for the host: nodes 1 and 2 wait it out too
        FixtureResource r = publisher.resources().get(0);
        String host = r.uri().getHost() + ":" + r.uri().getPort();
        SharedHostGate gate = stores.get(0).sharedHostGate();
        gate.release(gate.reserve(host, 1, Duration.ZERO), Duration.ZERO);
        gate.defer(host, Duration.ofSeconds(2));
        long started = System.nanoTime();
        assertThat(fetchers.get(1).fetch(FetchRequest.of(r.uri()))).isInstanceOf(FetchResult.Fetched.class);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(1_900));
    }
}
