package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
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

/**
 * The per-host circuit breaker (issue 13.5): after N consecutive connection failures a host's further requests
 * fail at once as {@link FetchFailure#HOST_UNREACHABLE}, without a connection attempt; a response closes it.
 * Connection attempts are counted from each result's {@code tries} (robots.txt is off, so every try is one
 * connection attempt) and, on the live fixture, from the requests it recorded.
 */
class FetcherHostBreakerTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(2).seed(3).start();
    }

    @AfterEach
    void stop() {
        publisher.close();
    }

    /** A loopback port nobody listens on: bound, then closed. */
    private static int deadPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static List<URI> urls(int port, int n) {
        List<URI> urls = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            urls.add(URI.create("http://127.0.0.1:" + port + "/act/" + i));
        }
        return urls;
    }

    private Fetcher.Builder fetcher() {
        return TestFetchers.fast(temp).ignoreRobots(true).tries(2);
    }

    @Test
    void aDeadHostCostsFiveConnectionAttemptsAndTheRestFailAtOnce() throws IOException {
        int port = deadPort();
        List<FetchResult.Failed> results = new ArrayList<>();
        try (Fetcher fetcher = fetcher().build()) {
            for (URI url : urls(port, 2_000)) {
                results.add((FetchResult.Failed) fetcher.fetch(FetchRequest.of(url)));
            }
            assertThat(fetcher.unreachableHosts()).singleElement().satisfies(h -> {
                assertThat(h.host()).isEqualTo("127.0.0.1:" + port);
                assertThat(h.failures()).isEqualTo(5);
                // the third fetch's second try was refused too
                assertThat(h.refused()).isEqualTo(1_998);
                assertThat(h.open()).isTrue();
            });
        }
        assertThat(results.stream().mapToInt(FetchResult.Failed::tries).sum()).isEqualTo(5);
        assertThat(results.subList(0, 3)).allMatch(f -> f.reason() == FetchFailure.CONNECTION);
        assertThat(results.subList(3, results.size())).allSatisfy(f -> {
            assertThat(f.reason()).isEqualTo(FetchFailure.HOST_UNREACHABLE);
            assertThat(f.tries()).isZero();
            assertThat(f.message()).contains("127.0.0.1:" + port).contains("5 consecutive");
        });
    }

    @Test
    void requestsQueuedForADeadHostFailAtOnceWhenTheBreakerOpens() throws Exception {
        int port = deadPort();
        List<FetchResult> results = new ArrayList<>();
        try (Fetcher fetcher = fetcher().build();
             ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<FetchResult>> futures = new ArrayList<>();
            for (URI url : urls(port, 500)) {
                futures.add(pool.submit(() -> fetcher.fetch(FetchRequest.of(url))));
            }
            for (Future<FetchResult> f : futures) {
                results.add(f.get());
            }
        }
        // one request in flight per host: the attempts are made one after another and stop at the fifth
        assertThat(results.stream().mapToInt(r -> ((FetchResult.Failed) r).tries()).sum()).isEqualTo(5);
        assertThat(results).filteredOn(r -> ((FetchResult.Failed) r).reason() == FetchFailure.HOST_UNREACHABLE)
                .hasSizeGreaterThanOrEqualTo(495);
    }

    @Test
    void otherHostsAreNotAffected() throws IOException {
        FixtureResource doc = publisher.resources().get(0);
        try (Fetcher fetcher = fetcher().build()) {
            for (URI url : urls(deadPort(), 20)) {
                fetcher.fetch(FetchRequest.of(url));
            }
            assertThat(fetcher.fetch(FetchRequest.of(doc.uri()))).isInstanceOf(FetchResult.Fetched.class);
        }
    }

    @Test
    void aResponseBeforeTheThresholdResetsTheCount() {
        FixtureResource doc = publisher.resources().get(0);
        try (Fetcher fetcher = fetcher().tries(1).build()) {
            publisher.faults().always(doc.path(), Fault.connectionReset());
            for (int i = 0; i < 4; i++) {
                assertThat(((FetchResult.Failed) fetcher.fetch(FetchRequest.of(doc.uri()))).reason())
                        .isEqualTo(FetchFailure.CONNECTION);
            }
            publisher.faults().clear();
            assertThat(fetcher.fetch(FetchRequest.of(doc.uri()))).isInstanceOf(FetchResult.Fetched.class);
            publisher.faults().always(doc.path(), Fault.connectionReset());
            for (int i = 0; i < 4; i++) {
                fetcher.fetch(FetchRequest.of(doc.uri()));
            }
            publisher.faults().clear();
            assertThat(fetcher.fetch(FetchRequest.of(doc.uri()))).isInstanceOf(FetchResult.Fetched.class);
            assertThat(fetcher.unreachableHosts()).isEmpty();
        }
    }

    @Test
    void anOpenBreakerSendsNothingToTheHost() {
        FixtureResource doc = publisher.resources().get(0);
        try (Fetcher fetcher = fetcher().tries(1).unreachableAfter(3).build()) {
            publisher.faults().always(doc.path(), Fault.connectionReset());
            for (int i = 0; i < 3; i++) {
                fetcher.fetch(FetchRequest.of(doc.uri()));
            }
            publisher.faults().clear();
            int sent = publisher.requests().size();
            FetchResult.Failed refused = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(doc.uri()));
            assertThat(refused.reason()).isEqualTo(FetchFailure.HOST_UNREACHABLE);
            assertThat(refused.tries()).isZero();
            assertThat(publisher.requests()).hasSize(sent);
        }
    }

    @Test
    void aProbeAfterThePauseThatGetsAnAnswerClosesTheBreaker() {
        FixtureResource doc = publisher.resources().get(0);
        try (Fetcher fetcher = fetcher().tries(1).unreachableAfter(3).unreachablePause(Duration.ofNanos(1)).build()) {
            publisher.faults().always(doc.path(), Fault.connectionReset());
            for (int i = 0; i < 3; i++) {
                fetcher.fetch(FetchRequest.of(doc.uri()));
            }
            publisher.faults().clear();
            assertThat(fetcher.unreachableHosts()).singleElement().matches(UnreachableHost::open);
            assertThat(fetcher.fetch(FetchRequest.of(doc.uri()))).isInstanceOf(FetchResult.Fetched.class);
            assertThat(fetcher.fetch(FetchRequest.of(publisher.resources().get(1).uri())))
                    .isInstanceOf(FetchResult.Fetched.class);
            assertThat(fetcher.unreachableHosts()).singleElement().matches(h -> !h.open());
        }
    }
}
