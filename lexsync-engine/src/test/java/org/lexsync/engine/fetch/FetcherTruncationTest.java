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

/**
 * A body cut short is a typed {@link FetchFailure#TRUNCATED} failure on every path of the fetcher (issue 13.2):
 * kept in memory or in a temp file, framed by Content-Length or by chunks, plain or gzip. Nothing is promised
 * about the bytes, so only the transport can notice the cut; and no temp file is left behind.
 */
class FetcherTruncationTest {
    private static final int IN_MEMORY = 64 * 1024;

    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private Fetcher fetcher;
    private FixtureResource doc;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(1).seed(7).bodyBytes(16_384).start();
        fetcher = TestFetchers.fast(temp).tries(2).build();
        doc = publisher.resources().get(0);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        publisher.close();
    }

    private void assertTruncated(Fault fault, int inlineLimit) throws Exception {
        publisher.faults().always(doc.path(), fault);
        FetchResult result = fetcher.fetch(FetchRequest.of(doc.uri()).withInlineLimit(inlineLimit));
        assertThat(result).isInstanceOf(FetchResult.Failed.class);
        FetchResult.Failed failed = (FetchResult.Failed) result;
        assertThat(failed.reason()).isEqualTo(FetchFailure.TRUNCATED);
        assertThat(failed.tries()).isEqualTo(2);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void aBodyShorterThanItsContentLengthHeldInMemoryFails() throws Exception {
        assertTruncated(Fault.truncatedBody(), IN_MEMORY);
    }

    @Test
    void aBodyShorterThanItsContentLengthWrittenToAFileFails() throws Exception {
        assertTruncated(Fault.truncatedBody(), 0);
    }

    @Test
    void aChunkedBodyCutBeforeItsLastChunkHeldInMemoryFails() throws Exception {
        assertTruncated(Fault.truncatedChunked(), IN_MEMORY);
    }

    @Test
    void aChunkedBodyCutBeforeItsLastChunkWrittenToAFileFails() throws Exception {
        assertTruncated(Fault.truncatedChunked(), 0);
    }

    @Test
    void aGzipBodyCutShortOfItsContentLengthFails() throws Exception {
        publisher.gzip(true);
        assertTruncated(Fault.truncatedBody(), IN_MEMORY);
    }

    @Test
    void aChunkedGzipBodyCutBeforeItsLastChunkFails() throws Exception {
        publisher.gzip(true);
        assertTruncated(Fault.truncatedChunked(), 0);
    }

    @Test
    void aStreamedChunkedDocumentCutMidBodyFails() throws Exception {
        publisher.route("/streamed.xml", (request, pub) -> org.lexsync.fixture.FixtureResponse.streaming(
                "application/xml", out -> {
                    for (int i = 0; i < 4_000; i++) {
                        out.write(("<entry n=\"" + i + "\"/>\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    }
                }));
        publisher.faults().always("/streamed.xml", Fault.truncatedBody());
        FetchResult result = fetcher.fetch(FetchRequest.of(publisher.uri("/streamed.xml")));
        assertThat(((FetchResult.Failed) result).reason()).isEqualTo(FetchFailure.TRUNCATED);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void theWholeBodyAfterOneCutIsFetchedOnTheRetry() throws Exception {
        publisher.faults().add(doc.path(), Fault.truncatedChunked(), 1);
        FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(doc.uri()).withInlineLimit(IN_MEMORY));
        assertThat(f.tries()).isEqualTo(2);
        assertThat(f.inline()).isEqualTo(doc.bytes());
    }
}
