package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.LexSyncServer;

/**
 * The aggregate served by {@code lexsync serve} (docs/architecture.md, "Publishing the aggregate"): conditional GET,
 * gzip, immutable closed documents, ranges, HEAD, and LexSync's own clients syncing from the server.
 */
class PublishRoutesTest {
    private static final String SOURCE = CollectedAtom.SOURCE;
    @TempDir
    Path dir;
    private CollectedAtom collected;
    private FixturePublisher origin;
    private AtomSource atom;
    private LexSync aggregate;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        collected = CollectedAtom.in(dir);
        origin = collected.origin();
        atom = collected.atom();
        aggregate = collected.aggregate();
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  archive-size: 4\n  feed-id: tag:agg.example,2026:lex\n"
                + "  author-email: feeds@agg.example\n", StandardCharsets.UTF_8);
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        server = LexSyncServer.builder(aggregate).configuration(new Configuration(config, List.of(), settings))
                .settings(settings).feature(PublishRoutes::new).build().start();
    }

    @AfterEach
    void stop() {
        server.close();
        collected.close();
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void theSubscriptionFeedIsOpenAndAnswersConditionalGet() throws Exception {   // RFC 9110 §13.1.2
        HttpResponse<byte[]> r = get("/feed/current.atom");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("atom"));
        assertThat(r.headers().firstValue("Cache-Control")).hasValue("no-cache");
        String etag = r.headers().firstValue("ETag").orElseThrow();
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("tag:agg.example,2026:lex");

        assertThat(get("/feed/current.atom", "If-None-Match", etag).statusCode()).isEqualTo(304);
        String lastModified = r.headers().firstValue("Last-Modified").orElseThrow();
        assertThat(get("/feed/current.atom", "If-Modified-Since", lastModified).statusCode()).isEqualTo(304);
        assertThat(get("/feed/current.atom", "If-None-Match", "\"other\"").statusCode()).isEqualTo(200);
    }

    @Test
    void aClosedArchiveIsImmutable() throws Exception {   // rinfo §6: an archive never changes
        HttpResponse<byte[]> r = get("/feed/archive/1.atom");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Cache-Control")).hasValue("public, max-age=31536000, immutable");
    }

    @Test
    void gzipIsSentWhenAsked() throws Exception {
        HttpResponse<byte[]> plain = get("/feed/current.atom");
        HttpResponse<byte[]> zipped = get("/feed/current.atom", "Accept-Encoding", "gzip");
        assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped.body()))) {
            assertThat(in.readAllBytes()).isEqualTo(plain.body());
        }
    }

    @Test
    void aRangeOfABlobIsAnsweredPartially() throws Exception {   // RFC 9110 §14
        String feed = new String(get("/feed/current.atom").body(), StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("src=\"[^\"]*?(/blob/sha256/[^\"]+)\"").matcher(feed);
        assertThat(m.find()).as(feed).isTrue();
        String blob = m.group(1);
        HttpResponse<byte[]> whole = get(blob);
        assertThat(whole.statusCode()).isEqualTo(200);
        HttpResponse<byte[]> part = get(blob, "Range", "bytes=10-19");
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.headers().firstValue("Content-Range")).hasValue("bytes 10-19/" + whole.body().length);
        assertThat(part.body()).isEqualTo(java.util.Arrays.copyOfRange(whole.body(), 10, 20));
        HttpResponse<byte[]> tail = get(blob, "Range", "bytes=-5");
        assertThat(tail.body()).isEqualTo(java.util.Arrays.copyOfRange(whole.body(), whole.body().length - 5,
                whole.body().length));
        assertThat(get(blob, "Range", "bytes=999999-").statusCode()).isEqualTo(416);
    }

    private String blobPath() throws Exception {
        String feed = new String(get("/feed/current.atom").body(), StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("src=\"[^\"]*?(/blob/sha256/[^\"]+)\"").matcher(feed);
        assertThat(m.find()).as(feed).isTrue();
        return m.group(1);
    }

    @Test
    void storedBytesAreSandboxedNotSniffedAndSetNoCookie() throws Exception {   // issue 28, part 1
        for (String path : List.of(blobPath(), resourcePath())) {
            HttpResponse<byte[]> r = get(path);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Security-Policy")).hasValue("sandbox; default-src 'none'");
            assertThat(r.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
            assertThat(r.headers().firstValue("Set-Cookie")).isEmpty();
        }
    }

    /** Our path of the first collected resource's current bytes: {@code resource/{source}/{uri as base64url}}. */
    private String resourcePath() {
        List<String> uris = new java.util.ArrayList<>();
        aggregate.store().journal(0, SOURCE, 1, e -> uris.add(e.resourceUri()));
        String b64 = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(uris.get(0)
                .getBytes(StandardCharsets.UTF_8));
        StringBuilder path = new StringBuilder("/resource/" + SOURCE);
        for (int i = 0; i < b64.length(); i += 128) {
            path.append('/').append(b64, i, Math.min(b64.length(), i + 128));
        }
        return path.toString();
    }

    @Test
    void ourFeedsKeepTheirXmlTypeAndAreNotSniffed() throws Exception {
        HttpResponse<byte[]> r = get("/feed/current.atom");
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("atom+xml"));
        assertThat(r.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(r.headers().firstValue("Content-Security-Policy")).hasValue("sandbox; default-src 'none'");
    }

    @Test
    void aBlobIsDatedByTheCollectionOfTheVersionItWasStoredFor() throws Exception {   // not 1970
        List<java.time.Instant> collected = new java.util.ArrayList<>();
        aggregate.store().journal(0, null, 0, e -> collected.add(e.collected().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)));
        HttpResponse<byte[]> r = get(blobPath());
        java.time.Instant lastModified = java.time.ZonedDateTime.parse(r.headers().firstValue("Last-Modified")
                .orElseThrow(), java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        assertThat(lastModified).isBetween(collected.get(0), collected.get(collected.size() - 1));
    }

    @Test
    void headGivesTheHeadersAlone() throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(server.uri().resolve("/feed/current.atom"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEmpty();
        assertThat(r.headers().firstValue("ETag")).isPresent();
    }

    @Test
    void nothingPublishedIsAJson404() throws Exception {
        HttpResponse<byte[]> r = get("/feed/archive/999.atom");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("nothing is published at /feed/archive/999.atom");
    }

    @Test
    void ourAtomCollectorSyncsFromTheServer() {   // rinfo §2.4, §10: the aggregate is collected the same way
        try (LexSync downstream = LexSync.builder(dir.resolve("b")).build()) {
            downstream.register(Source.builder("aggregate", AtomOptions.DEFAULT)
                    .url(server.uri().resolve("/feed/current.atom")).build());
            downstream.harvest("aggregate");
            assertThat(contents(downstream, "aggregate")).isEqualTo(contents(aggregate, SOURCE)).isNotEmpty();
        }
    }

    @Test
    void ourResourceSyncDestinationSyncsFromTheServer() {   // ResourceSync §10 baseline from the "all" Capability List
        try (LexSync downstream = LexSync.builder(dir.resolve("c")).politeness(new org.lexsync.engine.model.Politeness(4,
                java.time.Duration.ZERO)).build()) {
            downstream.register(Source.builder("rs", ResourceSyncOptions.DEFAULT)
                    .url(server.uri().resolve("/resourcesync/all/capabilitylist.xml")).build());
            var report = downstream.harvest("rs");
            assertThat(downstream.store().resourceCount("rs")).as(report.toString()).isEqualTo(aggregate.store().resourceCount(SOURCE))
                    .isPositive();
        }
    }

    @Test
    void ourResourceSyncDestinationFollowsUpdatesAndDeletionsThroughTheServer() {   // ResourceSync §11, §12; audit
        try (LexSync downstream = LexSync.builder(dir.resolve("d")).politeness(new org.lexsync.engine.model.Politeness(4,
                java.time.Duration.ZERO)).build()) {
            downstream.register(Source.builder("rs", ResourceSyncOptions.fromText(Map.of("baseline", "dump")))
                    .url(server.uri().resolve("/resourcesync/all/capabilitylist.xml")).build());
            downstream.harvest("rs");
            assertThat(downstream.store().resourceCount("rs")).isEqualTo(10);

            atom.update(AtomSource.id(2)).delete(AtomSource.id(4)).publishNew(2);
            aggregate.harvest(SOURCE);
            downstream.harvest("rs");
            assertThat(downstream.store().resourceCount("rs")).isEqualTo(aggregate.store().resourceCount(SOURCE)).isEqualTo(11);
            var audit = downstream.audit("rs", new org.lexsync.engine.model.HarvestListener() { });
            assertThat(audit.isInSync()).as(audit.toString()).isTrue();
        }
    }

    /** Active resources with the SHA-256 of each of their files, by URI. */
    private static Map<String, List<String>> contents(LexSync lexsync, String sourceId) {
        Map<String, List<String>> out = new TreeMap<>();
        lexsync.store().resourceStates(sourceId, false, r -> out.put(r.uri(),
                r.representations().stream().map(RepresentationState::sha256).sorted().toList()));
        return out;
    }
}
