package org.lexsync.engine.fetch;

import org.lexsync.engine.model.Politeness;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;

/**
 * Downloading, single-pass digests and verification against promises (docs/architecture.md, invariant 1, invariant 3,
 * invariant 5).
 */
class FetcherDownloadTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private Fetcher fetcher;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(4).seed(3).bodyBytes(8192).start();
        fetcher = TestFetchers.fast(temp).build();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        publisher.close();
    }

    private FetchResult fetch(FixtureResource r, Expectation expectation) {
        return fetcher.fetch(FetchRequest.of(r.uri()).withExpected(expectation));
    }

    @Test
    void writesTheBodyToACallerOwnedTempFileWithMd5Sha256AndLength() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Fetched f = (FetchResult.Fetched) fetch(r, Expectation.NONE);
        assertThat(f.body()).startsWith(temp);
        assertThat(Files.readAllBytes(f.body())).isEqualTo(r.bytes());
        assertThat(f.length()).isEqualTo(r.length());
        assertThat(f.md5Hex()).isEqualTo(r.md5());
        assertThat(f.sha256Hex()).isEqualTo(r.sha256());
        assertThat(f.status()).isEqualTo(200);
        assertThat(f.contentType()).startsWith("text/html");
        assertThat(f.etag()).isEqualTo(r.etag());
        assertThat(f.lastModified()).isNotBlank();
        assertThat(f.finalUrl()).isEqualTo(r.uri());
        assertThat(f.tries()).isEqualTo(1);
        assertThat(f.headers()).containsKey("etag");
    }

    @Test
    void handsABodyWithinTheInlineLimitBackInMemoryWithoutATempFile() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(r.uri())
                .withExpected(Expectation.of(Digests.parse(r.hashAttribute()), r.length()))
                .withInlineLimit((int) r.length()));
        assertThat(f.body()).isNull();
        assertThat(f.inline()).isEqualTo(r.bytes());
        assertThat(f.md5Hex()).isEqualTo(r.md5());
        assertThat(f.sha256Hex()).isEqualTo(r.sha256());
        try (var files = Files.list(temp)) {
            assertThat(files.filter(p -> p.getFileName().toString().startsWith("fetch-"))).isEmpty();
        }
    }

    @Test
    void writesABodyLargerThanTheInlineLimitToATempFile() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(r.uri())
                .withInlineLimit((int) r.length() - 1));
        assertThat(f.inline()).isNull();
        assertThat(Files.readAllBytes(f.body())).isEqualTo(r.bytes());
        assertThat(f.sha256Hex()).isEqualTo(r.sha256());
    }

    @Test
    void acceptsBytesMatchingPromisedMd5Sha256AndLength() {
        FixtureResource r = publisher.resources().get(1);
        FetchResult result = fetch(r, Expectation.of(Digests.parse(r.hashAttribute()), r.length()));
        assertThat(result).isInstanceOf(FetchResult.Fetched.class);
    }

    @Test
    void verifiesAPromisedDigestOfAnyAlgorithmInTheSamePass() throws Exception {
        FixtureResource r = publisher.resources().get(1);
        String sha512 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-512").digest(r.bytes()));
        String sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(r.bytes()));
        Digests promised = Digests.of(new Digest(HashAlgorithm.SHA_512, sha512), new Digest(HashAlgorithm.SHA_1, sha1));
        assertThat(fetch(r, Expectation.of(promised, null))).isInstanceOf(FetchResult.Fetched.class);

        Digests wrong = Digests.of(new Digest(HashAlgorithm.SHA_512, sha512.replace(sha512.charAt(0), sha512.charAt(0) == 'a' ? 'b' : 'a')));
        FetchResult.Failed failed = (FetchResult.Failed) fetch(r, Expectation.of(wrong, null));
        assertThat(failed.reason()).isEqualTo(FetchFailure.HASH_MISMATCH);
        assertThat(failed.message()).contains("sha-512");
    }

    @Test
    void hashMismatchFailsAndLeavesNoBytesBehind() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        Digests stale = Digests.of(new Digest(HashAlgorithm.MD5, "00000000000000000000000000000000"));
        FetchResult.Failed failed = (FetchResult.Failed) fetch(r, Expectation.of(stale, null));
        assertThat(failed.reason()).isEqualTo(FetchFailure.HASH_MISMATCH);
        assertThat(failed.tries()).isEqualTo(1);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void corruptBodyOfTheRightLengthFailsTheHashCheck() throws Exception {
        FixtureResource r = publisher.resources().get(1);
        publisher.faults().add(r.path(), Fault.corruptBody(), 1);
        FetchResult.Failed failed = (FetchResult.Failed) fetch(r, Expectation.of(Digests.parse("sha-256:" + r.sha256()), r.length()));
        assertThat(failed.reason()).isEqualTo(FetchFailure.HASH_MISMATCH);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void lengthMismatchFailsAndLeavesNoBytesBehind() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Failed failed = (FetchResult.Failed) fetch(r, Expectation.of(Digests.NONE, r.length() + 1));
        assertThat(failed.reason()).isEqualTo(FetchFailure.LENGTH_MISMATCH);
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void decodesGzipContentEncodingBeforeHashing() throws Exception {
        publisher.gzip(true);
        FixtureResource r = publisher.resources().get(0);
        FetchResult.Fetched f = (FetchResult.Fetched) fetch(r, Expectation.of(Digests.parse(r.hashAttribute()), r.length()));
        assertThat(Files.readAllBytes(f.body())).isEqualTo(r.bytes());
        assertThat(f.headers().get("content-encoding")).containsExactly("gzip");
        assertThat(publisher.requests().get(1).header("Accept-Encoding")).contains("gzip").contains("deflate");
    }

    @Test
    void decodesDeflateContentEncodingZlibWrappedOrRaw() throws Exception {
        byte[] text = "Article 1. The Member States shall comply.\n".repeat(200).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (boolean raw : new boolean[] {false, true}) {
            java.io.ByteArrayOutputStream encoded = new java.io.ByteArrayOutputStream();
            try (var out = new java.util.zip.DeflaterOutputStream(encoded, new java.util.zip.Deflater(6, raw))) {
                out.write(text);
            }
            String path = raw ? "/raw-deflate" : "/zlib-deflate";
            publisher.route(path, (request, pub) -> org.lexsync.fixture.FixtureResponse.ok("text/plain", encoded.toByteArray())
                    .withHeader("Content-Encoding", "deflate"));
            FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(publisher.uri(path)));
            assertThat(Files.readAllBytes(f.body())).as(path).isEqualTo(text);
            assertThat(f.length()).isEqualTo(text.length);
        }
    }

    @Test
    void refusesAGzipBombOnceTheDecodedBytesPassTheCap() throws Exception {
        java.io.ByteArrayOutputStream encoded = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(encoded)) {
            out.write(new byte[5_000_000]);
        }
        publisher.route("/bomb", (request, pub) -> org.lexsync.fixture.FixtureResponse.ok("application/octet-stream",
                encoded.toByteArray()).withHeader("Content-Encoding", "gzip"));
        try (Fetcher small = TestFetchers.fast(temp).maxBodyBytes(1_000_000).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) small.fetch(FetchRequest.of(publisher.uri("/bomb")));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TOO_LARGE);
        }
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void speaksPlainHttp11WithoutAnUpgradeAttempt() throws Exception {
        FixtureResource r = publisher.resources().get(0);
        try (Fetcher http11 = TestFetchers.fast(temp).build()) {
            FetchResult.Fetched f = (FetchResult.Fetched) http11.fetch(FetchRequest.of(r.uri()));
            assertThat(f.sha256Hex()).isEqualTo(r.sha256());
        }
        assertThat(publisher.requests(r.path()).get(0).header("Upgrade")).isNull();
    }

    @Test
    void aUrlWithNonAsciiCharactersIsSentPercentEncoded() throws Exception {
        publisher.route("/lagar/", (request, pub) -> org.lexsync.fixture.FixtureResponse.ok("text/plain", "ok"));
        java.net.URI iri = java.net.URI.create(publisher.baseUri() + "lagar/f\u00f6rordning-1998:1000");

        FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(iri));

        byte[] body = f.inline() != null ? f.inline() : Files.readAllBytes(f.body());
        assertThat(new String(body, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("ok");
        assertThat(publisher.requests()).extracting(org.lexsync.fixture.RecordedRequest::path)
                .anyMatch(p -> p.equals("/lagar/f\u00f6rordning-1998:1000") || p.equals("/lagar/f%C3%B6rordning-1998:1000"));
    }

    @Test
    void responseHeaderNamesAreLowerCased() throws Exception {
        publisher.route("/two", (request, pub) -> new org.lexsync.fixture.FixtureResponse(200, "text/plain",
                java.util.Map.of("X-Trace", "one"), "body".getBytes(java.nio.charset.StandardCharsets.UTF_8), null, null, null));

        FetchResult.Fetched f = (FetchResult.Fetched) fetcher.fetch(FetchRequest.of(publisher.uri("/two")));

        assertThat(f.headers()).containsEntry("x-trace", java.util.List.of("one"));
        assertThat(f.headers().keySet()).allMatch(k -> k.equals(k.toLowerCase(java.util.Locale.ROOT)));
    }

    @Test
    void manyConcurrentFetchesAllVerify() throws Exception {
        publisher.applyChanges(40, 0, 0);
        try (Fetcher parallel = TestFetchers.fast(temp).politeness(new Politeness(4, java.time.Duration.ZERO)).build();
             var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            var futures = publisher.resources().stream().map(r -> threads.submit(() -> parallel.fetch(FetchRequest.of(r.uri())
                    .withExpected(Expectation.of(Digests.parse(r.hashAttribute()), r.length()))))).toList();
            for (var future : futures) {
                assertThat(future.get()).isInstanceOf(FetchResult.Fetched.class);
            }
        }
        assertThat(TestFetchers.filesIn(temp)).isEqualTo(publisher.resources().size());
    }

    @Test
    void refusesABodyOverTheSizeCapAnnouncedByContentLength() throws Exception {
        try (Fetcher small = TestFetchers.fast(temp).maxBodyBytes(1000).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) small.fetch(FetchRequest.of(publisher.resources().get(0).uri()));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TOO_LARGE);
            assertThat(failed.tries()).isEqualTo(1);
        }
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void refusesAStreamedBodyOnceItPassesTheSizeCap() throws Exception {
        publisher.route("/stream", (request, pub) -> org.lexsync.fixture.FixtureResponse.streaming("text/plain", out -> {
            byte[] line = "0123456789abcdef".repeat(64).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < 1000; i++) {
                out.write(line);
            }
        }));
        try (Fetcher small = TestFetchers.fast(temp).maxBodyBytes(100_000).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) small.fetch(FetchRequest.of(publisher.uri("/stream")));
            assertThat(failed.reason()).isEqualTo(FetchFailure.TOO_LARGE);
        }
        assertThat(TestFetchers.filesIn(temp)).isZero();
    }

    @Test
    void refusesSchemesOtherThanHttpAndHttps() {
        for (String url : new String[] {"ftp://example.org/x", "file:///etc/passwd", "jar:file:/x.jar!/a"}) {
            FetchResult.Failed failed = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(URI.create(url)));
            assertThat(failed.reason()).as(url).isEqualTo(FetchFailure.FORBIDDEN_SCHEME);
        }
    }

    @Test
    void addressGuardRefusesLoopbackWhenOn() {
        try (Fetcher guarded = TestFetchers.fast(temp).blockPrivateAddresses(true).build()) {
            FetchResult.Failed failed = (FetchResult.Failed) guarded.fetch(FetchRequest.of(publisher.resources().get(0).uri()));
            assertThat(failed.reason()).isEqualTo(FetchFailure.FORBIDDEN_ADDRESS);
            assertThat(failed.message()).contains("127.0.0.1");
        }
        assertThat(publisher.requests()).isEmpty();
    }

    @Test
    void sendsAUserAgentNamingLexSyncItsVersionAndContact() {
        fetcher.fetch(FetchRequest.of(publisher.resources().get(0).uri()));
        assertThat(publisher.requests()).isNotEmpty().allSatisfy(r ->
                assertThat(r.header("User-Agent")).isEqualTo("LexSync/test (+mailto:ops@example.org)"));
    }

    @Test
    void aConfiguredUserAgentReplacesTheDefault() {
        try (Fetcher custom = TestFetchers.fast(temp).userAgent("LexSync/9 (+https://example.org/contact)").build()) {
            custom.fetch(FetchRequest.of(publisher.resources().get(0).uri()));
        }
        assertThat(publisher.requests()).isNotEmpty().allSatisfy(r ->
                assertThat(r.header("User-Agent")).isEqualTo("LexSync/9 (+https://example.org/contact)"));
    }

    @Test
    void sendsTheCallersExtraHeaders() {
        FixtureResource r = publisher.resources().get(0);
        fetcher.fetch(new FetchRequest(r.uri(), Expectation.NONE, Validators.NONE, Map.of("Accept", "text/html")));
        RecordedRequest seen = publisher.requests(r.path()).get(0);
        assertThat(seen.header("Accept")).isEqualTo("text/html");
    }

    @Test
    void reportsAnErrorStatusThatIsNotRetryableAfterOneTry() {
        FetchResult.Failed failed = (FetchResult.Failed) fetcher.fetch(FetchRequest.of(publisher.uri("/eli/none/1/1/oj/eng")));
        assertThat(failed.reason()).isEqualTo(FetchFailure.HTTP_STATUS);
        assertThat(failed.status()).isEqualTo(404);
        assertThat(failed.tries()).isEqualTo(1);
    }
}
