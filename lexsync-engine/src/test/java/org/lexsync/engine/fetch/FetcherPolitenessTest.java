package org.lexsync.engine.fetch;

import org.lexsync.engine.model.Politeness;
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
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.Faults;
import org.lexsync.fixture.RecordedRequest;

/**
 * Per-host politeness and global concurrency (docs/architecture.md, invariant 4), measured from the server's own
 * arrival timestamps while many virtual threads fetch at once. Only lower bounds, with margin.
 */
class FetcherPolitenessTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(6).seed(8).robotsTxt("User-agent: *\nAllow: /\n").start();
    }

    @AfterEach
    void stop() {
        publisher.close();
    }

    private static List<FetchResult> fetchConcurrently(Fetcher fetcher, List<FixtureResource> resources) throws Exception {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<FetchResult>> futures = new ArrayList<>();
            for (FixtureResource r : resources) {
                futures.add(threads.submit(() -> fetcher.fetch(FetchRequest.of(r.uri()))));
            }
            List<FetchResult> results = new ArrayList<>();
            for (Future<FetchResult> f : futures) {
                results.add(f.get());
            }
            return results;
        }
    }

    private static List<Long> gapsMillis(List<RecordedRequest> requests) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < requests.size(); i++) {
            gaps.add(Duration.ofNanos(requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()).toMillis());
        }
        return gaps;
    }

    @Test
    void keepsTheMinimumDelayBetweenRequestsToOneHost() throws Exception {
        try (Fetcher fetcher = TestFetchers.fast(temp).politeness(new Politeness(1, Duration.ofMillis(150))).build()) {
            List<FetchResult> results = fetchConcurrently(fetcher, publisher.resources());
            assertThat(results).allSatisfy(r -> assertThat(r).isInstanceOf(FetchResult.Fetched.class));
        }
        List<RecordedRequest> seen = publisher.requests();
        assertThat(seen).hasSize(7);
        assertThat(gapsMillis(seen)).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(140));
    }

    @Test
    void aPerHostOverrideReplacesTheDefault() throws Exception {
        String host = publisher.baseUri().getHost() + ":" + publisher.baseUri().getPort();
        try (Fetcher fetcher = TestFetchers.fast(temp).politeness(host, new Politeness(1, Duration.ofMillis(200))).build()) {
            fetchConcurrently(fetcher, publisher.resources().subList(0, 3));
        }
        assertThat(gapsMillis(publisher.requests())).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(190));
    }

    @Test
    void politenessCanBeSetForAHostWhileRunning() throws Exception {
        try (Fetcher fetcher = TestFetchers.fast(temp).build()) {
            fetcher.politeness(publisher.baseUri().getHost(), new Politeness(1, Duration.ofMillis(200)));
            fetchConcurrently(fetcher, publisher.resources().subList(0, 3));
        }
        assertThat(gapsMillis(publisher.requests())).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(190));
    }

    @Test
    void oneRequestInFlightPerHostByDefault() throws Exception {
        publisher.faults().add("/eli/*", Fault.latency(Duration.ofMillis(150)), Faults.ALWAYS);
        try (Fetcher fetcher = TestFetchers.fast(temp).build()) {
            fetchConcurrently(fetcher, publisher.resources().subList(0, 4));
        }
        List<RecordedRequest> docs = publisher.requests().stream().filter(r -> r.path().startsWith("/eli/")).toList();
        assertThat(docs).hasSize(4);
        // Each request is held 150 ms by the server; with one in flight the next cannot arrive sooner.
        assertThat(gapsMillis(docs)).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(140));
    }

    @Test
    void severalRequestsInFlightWhenTheHostAllowsIt() throws Exception {
        publisher.faults().add("/eli/*", Fault.latency(Duration.ofMillis(1000)), Faults.ALWAYS);
        try (Fetcher fetcher = TestFetchers.fast(temp).politeness(new Politeness(3, Duration.ZERO)).build()) {
            fetchConcurrently(fetcher, publisher.resources().subList(0, 3));
        }
        List<RecordedRequest> docs = publisher.requests().stream().filter(r -> r.path().startsWith("/eli/")).toList();
        // One at a time would need at least 2000 ms between the first and the last arrival.
        long span = Duration.ofNanos(docs.get(2).nanoTime() - docs.get(0).nanoTime()).toMillis();
        assertThat(span).isLessThan(2000);
    }

    @Test
    void globalConcurrencyBoundsRequestsAcrossHosts() throws Exception {
        try (FixturePublisher second = FixturePublisher.builder().resources(2).seed(9).start()) {
            publisher.faults().always("/eli/*", Fault.latency(Duration.ofMillis(200)));
            second.faults().always("/eli/*", Fault.latency(Duration.ofMillis(200)));
            List<FixtureResource> both = List.of(publisher.resources().get(0), second.resources().get(0),
                    publisher.resources().get(1), second.resources().get(1));
            try (Fetcher fetcher = TestFetchers.fast(temp).ignoreRobots(true).globalConcurrency(1).build()) {
                fetchConcurrently(fetcher, both);
            }
            List<RecordedRequest> all = new ArrayList<>(publisher.requests());
            all.addAll(second.requests());
            all.sort((a, b) -> Long.compare(a.nanoTime(), b.nanoTime()));
            assertThat(all).hasSize(4);
            assertThat(gapsMillis(all)).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(190));
        }
    }
}
