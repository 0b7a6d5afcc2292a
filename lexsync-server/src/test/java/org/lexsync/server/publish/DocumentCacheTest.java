package org.lexsync.server.publish;

import org.lexsync.engine.PublishConfigs;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.LexSyncServer;

/**
 * The rendered documents the publish routes keep ({@link DocumentCache}): served bytes equal a fresh projection of
 * the journal, a change to the store is seen by the next request, closed documents stay kept, and the budget bounds
 * what is held.
 */
class DocumentCacheTest {
    private static final String SOURCE = CollectedAtom.SOURCE;
    @TempDir
    Path dir;
    private CollectedAtom collected;
    private FixturePublisher origin;
    private AtomSource atom;
    private LexSync aggregate;
    private Path config;
    private LexSyncServer server;
    private PublishRoutes routes;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        collected = CollectedAtom.in(dir);
        origin = collected.origin();
        atom = collected.atom();
        aggregate = collected.aggregate();
        config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  archive-size: 4\n  feed-id: tag:agg.example,2026:lex\n"
                + "  author-email: feeds@agg.example\n  base-url: http://agg.example/\n", StandardCharsets.UTF_8);
    }

    private void serve(long budget) {
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        server = LexSyncServer.builder(aggregate).configuration(new Configuration(config, List.of(), settings))
                .settings(settings).feature(c -> routes = new PublishRoutes(c, budget)).build().start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        collected.close();
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The document as the engine projects it now, without the server. */
    private byte[] projected(String path) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        aggregate.publication(PublishConfigs.settings(config, null).build()).document(path).orElseThrow().body()
                .writeTo(out);
        return out.toByteArray();
    }

    @Test
    void aKeptDocumentIsTheFreshProjection() throws Exception {
        serve(DocumentCache.DEFAULT_BUDGET);
        for (String path : List.of("feed/current.atom", "feed/archive/1.atom", "resourcesync/all/resourcelist.xml",
                ".well-known/resourcesync")) {
            get("/" + path);
            HttpResponse<byte[]> again = get("/" + path);
            assertThat(again.statusCode()).as(path).isEqualTo(200);
            assertThat(again.body()).as(path).isEqualTo(projected(path));
        }
        assertThat(routes.cache().used()).isPositive();
    }

    @Test
    void aChangeToTheStoreIsSeenByTheNextRequest() throws Exception {
        serve(DocumentCache.DEFAULT_BUDGET);
        HttpResponse<byte[]> before = get("/feed/current.atom");
        String etag = before.headers().firstValue("ETag").orElseThrow();
        assertThat(get("/feed/current.atom", "If-None-Match", etag).statusCode()).isEqualTo(304);

        atom.update(AtomSource.id(2)).publishNew(1);
        aggregate.harvest(SOURCE);

        HttpResponse<byte[]> after = get("/feed/current.atom", "If-None-Match", etag);
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.headers().firstValue("ETag")).isPresent().get().isNotEqualTo(etag);
        assertThat(after.body()).isNotEqualTo(before.body()).isEqualTo(projected("feed/current.atom"));
    }

    @Test
    void anotherProcessesCommitIsSeenWhileRequestsKeepComing() throws Exception {
        serve(DocumentCache.DEFAULT_BUDGET);
        String etag = get("/feed/current.atom").headers().firstValue("ETag").orElseThrow();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService load = Executors.newFixedThreadPool(4);
        try {
            for (int i = 0; i < 4; i++) {
                load.submit(() -> {
                    while (running.get()) {   // requests that find the store changed share one look at it
                        get("/feed/current.atom");
                    }
                    return null;
                });
            }
            atom.update(AtomSource.id(2)).publishNew(1);
            try (LexSync other = LexSync.builder(dir.resolve("a")).politeness(new Politeness(4, Duration.ZERO)).build()) {
                other.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
                other.harvest(SOURCE);   // the SQLite files change under the server; its own facade's count does not
            }
            Thread.sleep(2 * StoreChanges.STAMP_REUSE_NANOS / 1_000_000 + 5);
            HttpResponse<byte[]> after = get("/feed/current.atom", "If-None-Match", etag);
            assertThat(after.statusCode()).isEqualTo(200);
            assertThat(after.body()).isEqualTo(projected("feed/current.atom"));
        } finally {
            running.set(false);
            load.shutdown();
            assertThat(load.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aNewSourceIsSeenByTheNextRequest() throws Exception {
        serve(DocumentCache.DEFAULT_BUDGET);
        String before = new String(get("/.well-known/resourcesync").body(), StandardCharsets.UTF_8);
        assertThat(before).doesNotContain("resourcesync/source/other/");
        aggregate.register(Source.builder("other", AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
        String after = new String(get("/.well-known/resourcesync").body(), StandardCharsets.UTF_8);
        assertThat(after).contains("resourcesync/source/other/");
    }

    @Test
    void gzipAndRangesComeFromTheKeptBytes() throws Exception {
        serve(DocumentCache.DEFAULT_BUDGET);
        byte[] plain = get("/feed/current.atom").body();
        HttpResponse<byte[]> zipped = get("/feed/current.atom", "Accept-Encoding", "gzip");
        assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped.body()))) {
            assertThat(in.readAllBytes()).isEqualTo(plain);
        }
        HttpResponse<byte[]> part = get("/feed/current.atom", "Range", "bytes=5-14");
        assertThat(part.statusCode()).isEqualTo(206);
        assertThat(part.headers().firstValue("Content-Range")).hasValue("bytes 5-14/" + plain.length);
        assertThat(part.body()).isEqualTo(java.util.Arrays.copyOfRange(plain, 5, 15));
        assertThat(get("/feed/current.atom", "Range", "bytes=" + plain.length + "-").statusCode()).isEqualTo(416);
    }

    @Test
    void aClosedArchiveStaysKeptWhenTheJournalMoves() throws Exception {
        serve(DocumentCache.DEFAULT_BUDGET);
        HttpResponse<byte[]> first = get("/feed/archive/1.atom");
        long held = routes.cache().used();
        atom.publishNew(1);
        aggregate.harvest(SOURCE);
        HttpResponse<byte[]> again = get("/feed/archive/1.atom");
        assertThat(again.headers().firstValue("Cache-Control")).hasValue("public, max-age=31536000, immutable");
        assertThat(again.headers().firstValue("ETag")).isEqualTo(first.headers().firstValue("ETag"));
        assertThat(again.body()).isEqualTo(first.body()).isEqualTo(projected("feed/archive/1.atom"));
        assertThat(routes.cache().used()).isEqualTo(held);
    }

    @Test
    void aZeroBudgetKeepsNothingAndServesTheSame() throws Exception {
        serve(0);
        HttpResponse<byte[]> r = get("/feed/current.atom");
        assertThat(r.body()).isEqualTo(projected("feed/current.atom"));
        assertThat(get("/feed/current.atom", "If-None-Match", r.headers().firstValue("ETag").orElseThrow())
                .statusCode()).isEqualTo(304);
        assertThat(routes.cache().used()).isZero();
    }
}
