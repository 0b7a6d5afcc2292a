package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;

/** Conditional GET with stored validators (docs/architecture.md, invariant 4; RFC 9110 §13.1.2, §13.1.3). */
class FetcherConditionalGetTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private Fetcher fetcher;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(2).seed(11).start();
        fetcher = TestFetchers.fast(temp).build();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        publisher.close();
    }

    private FetchResult.Fetched first(FixtureResource r) {
        return (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(r.uri()));
    }

    @Test
    void storedEtagIsSentAsIfNoneMatchAnd304IsNotModifiedWithoutDownload() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Fetched f = first(r);
        long files = TestFetchers.filesIn(temp);
        FetchResult again = fetcher.fetch(FetchRequest.of(r.uri()).withConditional(new Validators(f.etag(), null)));
        assertThat(again).isInstanceOf(FetchResult.NotModified.class);
        assertThat(((FetchResult.NotModified) again).etag()).isEqualTo(r.etag());
        assertThat(TestFetchers.filesIn(temp)).isEqualTo(files);
        RecordedRequest seen = publisher.requests(r.path()).get(1);
        assertThat(seen.header("If-None-Match")).isEqualTo(f.etag());
        assertThat(seen.status()).isEqualTo(304);
    }

    @Test
    void storedLastModifiedIsSentAsIfModifiedSince() {
        FixtureResource r = publisher.resources().get(1);
        FetchResult.Fetched f = first(r);
        FetchResult again = fetcher.fetch(FetchRequest.of(r.uri()).withConditional(new Validators(null, f.lastModified())));
        assertThat(again).isInstanceOf(FetchResult.NotModified.class);
        assertThat(publisher.requests(r.path()).get(1).header("If-Modified-Since")).isEqualTo(f.lastModified());
    }

    @Test
    void changedResourceIsDownloadedDespiteValidators() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Fetched f = first(r);
        publisher.applyChanges(ChangeScript.builder().update(r.path()).build());
        FetchResult again = fetcher.fetch(FetchRequest.of(r.uri()).withConditional(new Validators(f.etag(), f.lastModified())));
        assertThat(again).isInstanceOf(FetchResult.Fetched.class);
        FetchResult.Fetched updated = (FetchResult.Fetched) again;
        assertThat(updated.sha256Hex()).isEqualTo(publisher.resource(r.path()).sha256()).isNotEqualTo(f.sha256Hex());
        assertThat(updated.etag()).isNotEqualTo(f.etag());
    }

    @Test
    void noValidatorsMeansNoConditionalHeaders() {
        FixtureResource r = publisher.resources().get(0);
        first(r);
        RecordedRequest seen = publisher.requests(r.path()).get(0);
        assertThat(seen.header("If-None-Match")).isNull();
        assertThat(seen.header("If-Modified-Since")).isNull();
    }
}
