package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.harvest.Watchdog;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * A fetch must not depend on a free worker of {@link ForkJoinPool#commonPool()}: the JDK HttpClient, which the
 * fetcher used before {@link HopClient} moved to blocking HTTP/1.1, completed the future of every {@code
 * sendAsync} through the common pool, which has a single worker on a two-core machine. Found by the live-source properties: while jqwik shrank a failing property on that worker, every
 * fetch hung past its connect, read and total timeouts.
 */
class BusyCommonPoolTest {
    @TempDir
    Path dir;

    @Test
    void aFetchCompletesWhileEveryCommonPoolWorkerIsBusy() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        int workers = ForkJoinPool.commonPool().getParallelism();
        for (int i = 0; i < workers; i++) {
            ForkJoinPool.commonPool().execute(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        try (FixturePublisher pub = FixturePublisher.builder().resources(1).seed(3).start();
             Fetcher fetcher = TestFetchers.fast(dir).build()) {
            FixtureResource r = pub.resources().get(0);

            FetchResult result = Watchdog.call(Duration.ofSeconds(15), () -> "fetch of " + r.uri()
                    + " with " + workers + " busy common-pool worker(s)", () -> fetcher.fetch(FetchRequest.of(r.uri())));

            assertThat(result).isInstanceOf(FetchResult.Fetched.class);
        } finally {
            release.countDown();
        }
    }
}
