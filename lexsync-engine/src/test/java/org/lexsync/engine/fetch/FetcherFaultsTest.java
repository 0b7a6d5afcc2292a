package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digests;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;

/**
 * Retries, Retry-After, timeouts and broken transfers against injected faults (docs/architecture.md, invariant 4,
 * invariant 5).
 */
class FetcherFaultsTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private Fetcher fetcher;
    private FixtureResource doc;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(2).seed(5).bodyBytes(16_384).start();
        fetcher = TestFetchers.fast(temp).tries(3).build();
        doc = publisher.resources().get(0);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        publisher.close();
    }

    private FetchResult fetchDoc() {
        return fetcher.fetch(FetchRequest.of(doc.uri()).withExpected(Expectation.of(Digests.parse(doc.hashAttribute()), doc.length())));
    }

    private static long gapMillis(List<RecordedRequest> requests, int i) {
        return Duration.ofNanos(requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()).toMillis();
    }

    @Test
    void retriesA503AndSucceeds() {
        publisher.faults().add(doc.path(), Fault.status(503), 2);
        FetchResult.Fetched f = (FetchResult.Fetched) fetchDoc();
        assertThat(f.tries()).isEqualTo(3);
        assertThat(publisher.requests(doc.path())).extracting(RecordedRequest::status).containsExactly(503, 503, 200);
    }

    @Test
    void givesUpAfterTheLastTryOnPersistent5xx() {
        publisher.faults().always(doc.path(), Fault.status(500));
        FetchResult.Failed failed = (FetchResult.Failed) fetchDoc();
        assertThat(failed.reason()).isEqualTo(FetchFailure.HTTP_STATUS);
        assertThat(failed.status()).isEqualTo(500);
        assertThat(failed.tries()).isEqualTo(3);
        assertThat(publisher.requests(doc.path())).hasSize(3);
    }

    @Test
    void retriesA408() {
        publisher.faults().add(doc.path(), Fault.status(408), 1);
        assertThat(((FetchResult.Fetched) fetchDoc()).tries()).isEqualTo(2);
    }

    @Test
    void honoursRetryAfterInSecondsOnA429() {
        publisher.faults().add(doc.path(), Fault.tooManyRequests("1"), 1);
        FetchResult.Fetched f = (FetchResult.Fetched) fetchDoc();
        assertThat(f.tries()).isEqualTo(2);
        assertThat(gapMillis(publisher.requests(doc.path()), 1)).isGreaterThanOrEqualTo(950);
    }

    @Test
    void honoursRetryAfterAsAnHttpDate() {
        String at = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(2));
        publisher.faults().add(doc.path(), Fault.status(503, at), 1);
        FetchResult.Fetched f = (FetchResult.Fetched) fetchDoc();
        assertThat(f.tries()).isEqualTo(2);
        // HTTP-dates have whole seconds, so the wait is at least one second.
        assertThat(gapMillis(publisher.requests(doc.path()), 1)).isGreaterThanOrEqualTo(950);
    }

    @Test
    void aRetryAfterBeyondTheLimitFailsAtOnceAndIsReported() {
        publisher.faults().always(doc.path(), Fault.tooManyRequests("3600"));
        FetchResult.Failed failed = (FetchResult.Failed) fetchDoc();
        assertThat(failed.reason()).isEqualTo(FetchFailure.HTTP_STATUS);
        assertThat(failed.status()).isEqualTo(429);
        assertThat(failed.retryAfter()).isEqualTo(Duration.ofHours(1));
        assertThat(failed.tries()).isEqualTo(1);
    }

    @Test
    void retryAfterHoldsBackOtherRequestsToTheSameHost() {
        FixtureResource other = publisher.resources().get(1);
        publisher.faults().always(doc.path(), Fault.tooManyRequests("3600"));
        fetchDoc();
        try (Fetcher patient = TestFetchers.fast(temp).build()) {
            // A fresh fetcher has no memory of the 429; the original one must wait, which we observe with a timeout.
            assertThat(patient.fetch(FetchRequest.of(other.uri()))).isInstanceOf(FetchResult.Fetched.class);
        }
        Thread waiter = Thread.ofVirtual().start(() -> fetcher.fetch(FetchRequest.of(other.uri())));
        try {
            waiter.join(Duration.ofMillis(500));
            assertThat(waiter.isAlive()).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            waiter.interrupt();
        }
    }

    @Test
    void aFetchGivenUpWhileThePublisherStallsFreesTheHostAtOnce() throws Exception {
        FixtureResource other = publisher.resources().get(1);
        publisher.faults().always(doc.path(), Fault.latency(Duration.ofSeconds(25)));
        try (Fetcher slow = TestFetchers.fast(temp).readTimeout(Duration.ofSeconds(20))
                .totalTimeout(Duration.ofSeconds(22)).build()) {
            Thread stalled = Thread.ofVirtual().start(() -> slow.fetch(FetchRequest.of(doc.uri())));
            while (publisher.requests().stream().noneMatch(r -> r.path().equals(doc.path()))) {
                Thread.sleep(10);
            }
            stalled.interrupt();
            stalled.join(Duration.ofSeconds(10));
            assertThat(stalled.isAlive()).isFalse();
            // one request in flight per host: this waits for the stalled exchange's slot, well before its read timeout
            FetchResult next = assertTimeoutPreemptively(Duration.ofSeconds(12),
                    () -> slow.fetch(FetchRequest.of(other.uri())));
            assertThat(next).isInstanceOf(FetchResult.Fetched.class);
        }
    }

    @Test
    void retriesAfterAConnectionReset() {
        publisher.faults().add(doc.path(), Fault.connectionReset(), 1);
        FetchResult.Fetched f = (FetchResult.Fetched) fetchDoc();
        assertThat(f.sha256Hex()).isEqualTo(doc.sha256());
    }

    @Test
    void persistentConnectionResetsFailAsConnectionErrors() {
        publisher.faults().always(doc.path(), Fault.connectionReset());
        FetchResult.Failed failed = (FetchResult.Failed) fetchDoc();
        assertThat(failed.reason()).isEqualTo(FetchFailure.CONNECTION);
        assertThat(failed.tries()).isEqualTo(3);
        assertThat(failed.status()).isZero();
    }

    @Test
    void retriesATruncatedBody() throws Exception {
        publisher.faults().add(doc.path(), Fault.truncatedBody(), 1);
        FetchResult.Fetched f = (FetchResult.Fetched) fetchDoc();
        assertThat(f.tries()).isEqualTo(2);
        assertThat(Files.readAllBytes(f.body())).isEqualTo(doc.bytes());
        assertThat(TestFetchers.filesIn(temp)).isEqualTo(1);
    }

    @Test
    void persistentTruncationFailsAsTruncatedAndLeavesNoBytes() throws Exception {
        publisher.faults().always(doc.path(), Fault.truncatedBody());
        FetchResult.Failed failed = (FetchResult.Failed) fetchDoc();
        assertThat(failed.reason()).isEqualTo(FetchFailure.TRUNCATED);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void truncatedGzipBodyFailsAsTruncated() throws Exception {
        publisher.gzip(true);
        publisher.faults().always(doc.path(), Fault.truncatedBody());
        FetchResult.Failed failed = (FetchResult.Failed) fetchDoc();
        assertThat(failed.reason()).isEqualTo(FetchFailure.TRUNCATED);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void corruptGzipEncodedBodyFailsTheHashCheck() throws Exception {
        publisher.gzip(true);
        publisher.faults().add(doc.path(), Fault.corruptBody(), 1);
        FetchResult.Failed failed = (FetchResult.Failed) fetchDoc();
        assertThat(failed.reason()).isEqualTo(FetchFailure.HASH_MISMATCH);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void slowHeadersHitTheReadTimeout() throws Exception {
        publisher.faults().always(doc.path(), Fault.latency(Duration.ofSeconds(2)));
        try (Fetcher impatient = TestFetchers.fast(temp).tries(1).readTimeout(Duration.ofMillis(300)).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) impatient.fetch(FetchRequest.of(doc.uri()));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TIMEOUT);
            assertThat(failed.message()).contains("no response headers");
        }
    }

    @Test
    void slowHeadersHitTheTotalTimeoutWhenItIsShorter() {
        publisher.faults().always(doc.path(), Fault.latency(Duration.ofSeconds(3)));
        try (Fetcher impatient = TestFetchers.fast(temp).tries(1).readTimeout(Duration.ofSeconds(10))
                .totalTimeout(Duration.ofMillis(300)).build()) {
            long start = System.nanoTime();
            FetchResult.Failed failed = (FetchResult.Failed) impatient.fetch(FetchRequest.of(doc.uri()));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TIMEOUT);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
        }
    }

    @Test
    void aStalledBodyHitsTheReadTimeoutAndLeavesNoBytes() throws Exception {
        publisher.faults().always(doc.path(), Fault.slowBody(Duration.ofSeconds(2)));
        try (Fetcher impatient = TestFetchers.fast(temp).tries(1).readTimeout(Duration.ofMillis(300)).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) impatient.fetch(FetchRequest.of(doc.uri()));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TIMEOUT);
            assertThat(failed.message()).contains("read timeout");
        }
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void aSlowBodyHitsTheTotalTimeout() {
        publisher.faults().always(doc.path(), Fault.slowBody(Duration.ofSeconds(2)));
        try (Fetcher impatient = TestFetchers.fast(temp).tries(1).readTimeout(Duration.ofSeconds(5))
                .totalTimeout(Duration.ofMillis(400)).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) impatient.fetch(FetchRequest.of(doc.uri()));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TIMEOUT);
            assertThat(failed.message()).contains("total timeout");
        }
    }

    @Test
    void aTimeoutIsRetried() {
        publisher.faults().add(doc.path(), Fault.latency(Duration.ofSeconds(1)), 1);
        try (Fetcher impatient = TestFetchers.fast(temp).tries(2).readTimeout(Duration.ofMillis(300)).build()) {
            FetchResult.Fetched f = (FetchResult.Fetched) impatient.fetch(FetchRequest.of(doc.uri()));
            assertThat(f.tries()).isEqualTo(2);
        }
    }

    @Test
    void aRefusedConnectionFailsAsConnectionError() {
        java.net.URI closed;
        try (FixturePublisher gone = FixturePublisher.builder().resources(1).start()) {
            closed = gone.resources().get(0).uri();
        }
        FetchResult.Failed failed = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(closed));
        assertThat(failed.reason()).isEqualTo(FetchFailure.CONNECTION);
        assertThat(failed.tries()).isEqualTo(3);
    }
}
