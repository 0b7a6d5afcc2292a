package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.FixtureResponse;

/**
 * Redirects followed by the fetcher itself: bounded, loop-detected, final URL recorded (docs/architecture.md, invariant
 * 5).
 */
class FetcherRedirectTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private Fetcher fetcher;
    private FixtureResource doc;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(2).seed(9).start();
        fetcher = TestFetchers.fast(temp).maxRedirects(4).build();
        doc = publisher.resources().get(1);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        publisher.close();
    }

    private java.util.List<org.lexsync.fixture.RecordedRequest> documentRequests() {
        return publisher.requests().stream().filter(r -> !r.path().equals("/robots.txt")).toList();
    }

    @Test
    void followsAChainAndRecordsTheFinalUrl() {
        publisher.faults().add(doc.path(), Fault.redirectChain(3), 1);
        FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(doc.uri()));
        assertThat(f.requested()).isEqualTo(doc.uri());
        assertThat(f.finalUrl()).isEqualTo(publisher.uri("/_fixture/final" + doc.path()));
        assertThat(f.sha256Hex()).isEqualTo(doc.sha256());
        assertThat(documentRequests()).hasSize(4);
    }

    @Test
    void chainAtTheLimitIsFollowed() {
        publisher.faults().add(doc.path(), Fault.redirectChain(4), 1);
        assertThat(fetcher.fetch(FetchRequest.of(doc.uri()))).isInstanceOf(FetchResult.Fetched.class);
    }

    @Test
    void chainBeyondTheLimitFails() {
        publisher.faults().add(doc.path(), Fault.redirectChain(5), 1);
        FetchResult.Failed failed = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(doc.uri()));
        assertThat(failed.reason()).isEqualTo(FetchFailure.TOO_MANY_REDIRECTS);
        assertThat(failed.tries()).isEqualTo(1);
    }

    @Test
    void loopIsDetectedBeforeTheLimit() {
        publisher.faults().always(doc.path(), Fault.redirectLoop());
        FetchResult.Failed failed = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(doc.uri()));
        assertThat(failed.reason()).isEqualTo(FetchFailure.REDIRECT_LOOP);
        assertThat(documentRequests()).hasSize(3);
    }

    @Test
    void redirectToAnotherSchemeIsRefused() {
        publisher.route("/to-ftp", (request, pub) -> FixtureResponse.status(302).withHeader("Location", "ftp://example.org/x"));
        FetchResult.Failed failed = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(publisher.uri("/to-ftp")));
        assertThat(failed.reason()).isEqualTo(FetchFailure.FORBIDDEN_SCHEME);
    }

    @Test
    void conditionalHeadersFollowTheRedirect() {
        publisher.faults().add(doc.path(), Fault.redirectChain(1), 1);
        FetchResult result = fetcher.fetch(FetchRequest.of(doc.uri()).withConditional(new Validators(doc.etag(), null)));
        assertThat(result).isInstanceOf(FetchResult.NotModified.class);
        assertThat(((FetchResult.NotModified) result).finalUrl()).isEqualTo(publisher.uri("/_fixture/final" + doc.path()));
    }
}
