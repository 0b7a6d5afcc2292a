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
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;

/**
 * Views of one fetcher (one per harvest) sharing a host (docs/architecture.md, "Concurrency"): the host gets the
 * strictest politeness of the open views that use it, measured from the server's arrival times.
 */
class FetcherSharedPolitenessTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(12).seed(9).robotsTxt("User-agent: *\nAllow: /\n").start();
    }

    @AfterEach
    void stop() {
        publisher.close();
    }

    @Test
    void twoViewsOnOneHostGetTheStricterDelayOfTheTwo() throws Exception {
        List<FixtureResource> all = publisher.resources();
        try (Fetcher fetcher = TestFetchers.fast(temp).build();
             Fetcher loose = fetcher.withPoliteness(new Politeness(4, Duration.ofMillis(20)));
             Fetcher strict = fetcher.withPoliteness(new Politeness(1, Duration.ofMillis(250)))) {
            // both views have used the host before the measured requests start
            assertThat(loose.fetch(FetchRequest.of(all.get(0).uri()))).isInstanceOf(FetchResult.Fetched.class);
            assertThat(strict.fetch(FetchRequest.of(all.get(1).uri()))).isInstanceOf(FetchResult.Fetched.class);
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<FetchResult>> futures = new ArrayList<>();
                for (int i = 2; i < all.size(); i++) {
                    Fetcher view = i % 2 == 0 ? loose : strict;
                    FixtureResource r = all.get(i);
                    futures.add(threads.submit(() -> view.fetch(FetchRequest.of(r.uri()))));
                }
                for (Future<FetchResult> f : futures) {
                    assertThat(f.get()).isInstanceOf(FetchResult.Fetched.class);
                }
            }
        }
        List<RecordedRequest> seen = publisher.requests();
        assertThat(seen).hasSize(13);
        List<Long> gaps = gapsMillis(seen.subList(2, seen.size()));
        assertThat(gaps).as("gaps between requests while both views were open").allSatisfy(
                gap -> assertThat(gap).isGreaterThanOrEqualTo(240));
    }

    @Test
    void aHostLoosensAgainWhenTheStricterViewIsClosed() throws Exception {
        List<FixtureResource> all = publisher.resources();
        try (Fetcher fetcher = TestFetchers.fast(temp).build();
             Fetcher loose = fetcher.withPoliteness(new Politeness(1, Duration.ofMillis(10)))) {
            try (Fetcher strict = fetcher.withPoliteness(new Politeness(1, Duration.ofMillis(400)))) {
                assertThat(strict.fetch(FetchRequest.of(all.get(0).uri()))).isInstanceOf(FetchResult.Fetched.class);
            }
            long started = System.nanoTime();
            for (FixtureResource r : all.subList(1, 7)) {
                assertThat(loose.fetch(FetchRequest.of(r.uri()))).isInstanceOf(FetchResult.Fetched.class);
            }
            assertThat(Duration.ofNanos(System.nanoTime() - started)).as("six requests at the loose view's pace")
                    .isLessThan(Duration.ofMillis(1_500));
            assertThat(fetcher.fetch(FetchRequest.of(all.get(7).uri()))).isInstanceOf(FetchResult.Fetched.class);
        }
    }

    @Test
    void aViewsPolitenessAppliesOnHostsTheFetcherHasNoSettingFor() throws Exception {
        List<FixtureResource> all = publisher.resources();
        try (Fetcher fetcher = TestFetchers.fast(temp).build();
             Fetcher view = fetcher.withPoliteness(new Politeness(1, Duration.ofMillis(200)))) {
            for (FixtureResource r : all.subList(0, 4)) {
                assertThat(view.fetch(FetchRequest.of(r.uri()))).isInstanceOf(FetchResult.Fetched.class);
            }
        }
        List<RecordedRequest> seen = publisher.requests();
        assertThat(gapsMillis(seen.subList(1, seen.size()))).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(190));
    }

    @Test
    void closingAViewLeavesTheSharedFetcherOpen() {
        try (Fetcher fetcher = TestFetchers.fast(temp).build()) {
            fetcher.withPoliteness(Politeness.DEFAULT).close();
            assertThat(fetcher.fetch(FetchRequest.of(publisher.resources().get(0).uri())))
                    .isInstanceOf(FetchResult.Fetched.class);
        }
    }

    private static List<Long> gapsMillis(List<RecordedRequest> requests) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < requests.size(); i++) {
            gaps.add(Duration.ofNanos(requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()).toMillis());
        }
        return gaps;
    }
}
