package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.FetchExchange;
import org.lexsync.engine.model.HostStatistics;
import org.lexsync.engine.model.Politeness;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * Every HTTP exchange is counted per host and told to the fetch listeners without its URL (docs/architecture.md,
 * "Dashboard and metrics").
 */
class FetcherStatisticsTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private Fetcher fetcher;
    private final List<FetchExchange> exchanges = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(2).seed(7).start();
        fetcher = TestFetchers.fast(temp).tries(2).politeness(new Politeness(1, Duration.ofMillis(20))).build();
        fetcher.addListener(exchanges::add);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        publisher.close();
    }

    private String hostKey() {
        return "127.0.0.1:" + publisher.baseUri().getPort();
    }

    @Test
    void listenersHearEachExchangeWithHostAndStatusClass() {
        FixtureResource doc = publisher.resources().get(0);
        fetcher.fetch(FetchRequest.of(doc.uri()));
        // robots.txt first, then the document
        assertThat(exchanges).extracting(FetchExchange::host).containsOnly(hostKey());
        assertThat(exchanges).extracting(FetchExchange::statusClass).contains("2xx");
        assertThat(exchanges).hasSize(2);
    }

    @Test
    void hostStatisticsCount429And5xxAndKeepTheDelayAndRobotsState() {
        FixtureResource doc = publisher.resources().get(0);
        publisher.faults().add(doc.path(), Fault.status(503), 1);
        fetcher.fetch(FetchRequest.of(doc.uri()));
        publisher.faults().add(doc.path(), Fault.status(429), 2);
        fetcher.fetch(FetchRequest.of(doc.uri()));

        HostStatistics h = fetcher.hostStatistics().get(0);
        assertThat(h.host()).isEqualTo(hostKey());
        assertThat(h.requests()).isEqualTo(5); // robots.txt, 503, 200, 429, 429
        assertThat(h.serverErrors()).isEqualTo(1);
        assertThat(h.tooManyRequests()).isEqualTo(2);
        assertThat(h.currentDelay()).isEqualTo(Duration.ofMillis(20));
        assertThat(h.robots()).startsWith("rules in force");
        assertThat(h.lastRequest()).isNotNull();
        assertThat(h.inFlight()).isZero();
    }

    @Test
    void hostStatisticsCountOther4xxApartFrom429() {
        fetcher.fetch(FetchRequest.of(publisher.resources().get(0).uri()));   // robots.txt first, whatever it answers
        long before = fetcher.hostStatistics().get(0).clientErrors();
        org.assertj.core.api.Assertions.catchThrowable(() -> fetcher.fetch(FetchRequest.of(publisher.uri("/missing"))));
        publisher.faults().add(publisher.resources().get(0).path(), Fault.status(429), 1);
        fetcher.fetch(FetchRequest.of(publisher.resources().get(0).uri()));

        HostStatistics h = fetcher.hostStatistics().get(0);
        assertThat(h.clientErrors() - before).isPositive().isEqualTo(publisher.requests("/missing").size());
        assertThat(h.tooManyRequests()).isEqualTo(1);
    }

    @Test
    void aFailingListenerDoesNotFailTheFetch() {
        fetcher.addListener(e -> {
            throw new IllegalStateException("listener bug");
        });
        FixtureResource doc = publisher.resources().get(0);
        assertThat(fetcher.fetch(FetchRequest.of(doc.uri()))).isInstanceOf(FetchResult.Fetched.class);
    }
}
