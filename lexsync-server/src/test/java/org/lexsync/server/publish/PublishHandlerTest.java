package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.server.LexSyncServer;

/**
 * The publish paths answered in front of Javalin ({@link PublishHandler}): other paths and other methods still reach
 * Javalin's routes and errors, a HEAD of a kept document gives its length, closed reads need a token on these paths
 * too, and a write by another facade on the same SQLite store (as another process's) is seen by the next request,
 * also after the store's files had been still long enough to be trusted.
 */
class PublishHandlerTest {
    private static final String SECRET = "s3cret-reader-token";
    @TempDir
    Path dir;
    private CollectedAtom collected;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void collect() {
        collected = CollectedAtom.in(dir);
    }

    private void serve(ServerSettings settings) throws Exception {
        serve(settings, "");
    }

    private void serve(ServerSettings settings, String publishExtra) throws Exception {
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  archive-size: 4\n  feed-id: tag:agg.example,2026:lex\n"
                + "  author-email: feeds@agg.example\n  base-url: http://agg.example/\n" + publishExtra,
                StandardCharsets.UTF_8);
        server = LexSyncServer.builder(collected.aggregate()).configuration(new Configuration(config, List.of(), settings))
                .settings(settings).feature(PublishRoutes::new).build().start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        collected.close();
    }

    private HttpResponse<String> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Test
    void otherPathsAndMethodsStillReachJavalin() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0));
        assertThat(send("GET", "/healthz").body()).contains("alive");
        HttpResponse<String> post = send("POST", "/feed/current.atom");
        assertThat(post.statusCode()).isEqualTo(404);
        assertThat(post.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("json"));
        assertThat(post.body()).contains("\"status\":404").contains("/feed/current.atom");
        assertThat(send("GET", "/feed").body()).contains("no such path: /feed");
    }

    /** GET {@code path} on a socket with {@code Host: host}; the answer's head. */
    private String headOf(String path, String host) throws Exception {
        try (java.net.Socket s = new java.net.Socket(server.uri().getHost(), server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return answer.substring(0, answer.indexOf("\r\n\r\n"));
        }
    }

    @Test
    void withAContentOriginStoredBytesAreRedirectedThereAndServedSandboxedOnlyThere() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0), "  content-base-url: http://content.example:8081/\n");
        String feed = send("GET", "/feed/current.atom").body();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(/blob/sha256/[^\"]+)\"").matcher(feed);
        assertThat(m.find()).as(feed).isTrue();
        String blob = m.group(1);

        String onTheDashboardsOrigin = headOf(blob, "agg.example");
        assertThat(onTheDashboardsOrigin).startsWith("HTTP/1.1 308")
                .containsIgnoringCase("Location: http://content.example:8081" + blob);
        String onTheContentOrigin = headOf(blob, "content.example:8081");
        assertThat(onTheContentOrigin).startsWith("HTTP/1.1 200")
                .contains("Content-Security-Policy: sandbox; default-src 'none'");
        assertThat(headOf("/feed/current.atom", "agg.example")).startsWith("HTTP/1.1 200");   // our documents stay
    }

    @Test
    void aMissingDocumentIsTheServersJson404() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0));
        HttpResponse<String> r = send("GET", "/resourcesync/none.xml");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body()).isEqualTo("{\"status\":404,\"error\":\"nothing is published at /resourcesync/none.xml\"}");
    }

    @Test
    void headOfAKeptDocumentGivesItsLength() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0));
        int length = send("GET", "/feed/current.atom").body().getBytes(StandardCharsets.UTF_8).length;
        HttpResponse<String> head = send("HEAD", "/feed/current.atom");
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValueAsLong("Content-Length")).hasValue(length);
    }

    @Test
    void closedReadsNeedATokenOnThePublishPaths() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0).withOpenReads(false).withTokens(List.of(
                AccessToken.ofSecret("ops", SECRET, Set.of(AccessToken.Role.ADMIN)))));
        HttpResponse<String> none = send("GET", "/feed/current.atom");
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
        assertThat(none.body()).contains("\"status\":401");
        HttpResponse<String> wrong = send("GET", "/feed/current.atom", "Authorization", "Bearer nope");
        assertThat(wrong.headers().firstValue("WWW-Authenticate")).hasValue("Bearer error=\"invalid_token\"");
        assertThat(send("GET", "/feed/current.atom", "Authorization", "Bearer " + SECRET).statusCode())
                .isEqualTo(200);
    }

    @Test
    void anotherFacadesWriteIsSeenByTheNextRequest() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0));
        String before = send("GET", "/feed/current.atom").headers().firstValue("ETag").orElseThrow();
        writeThroughAnotherFacade();
        HttpResponse<String> after = send("GET", "/feed/current.atom", "If-None-Match", before);
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.headers().firstValue("ETag")).isPresent().get().isNotEqualTo(before);
    }

    @Test
    void anotherFacadesWriteIsSeenAfterTheStoreWasStill() throws Exception {
        serve(ServerSettings.DEFAULTS.withPort(0));
        settle();
        String before = send("GET", "/feed/current.atom").headers().firstValue("ETag").orElseThrow();
        assertThat(send("GET", "/feed/current.atom", "If-None-Match", before).statusCode()).isEqualTo(304);
        writeThroughAnotherFacade();
        HttpResponse<String> after = send("GET", "/feed/current.atom", "If-None-Match", before);
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.headers().firstValue("ETag")).isPresent().get().isNotEqualTo(before);
    }

    /** One new entry collected by a second facade on the same data directory, as a cron {@code lexsync sync} would. */
    private void writeThroughAnotherFacade() {
        collected.atom().publishNew(1);
        try (LexSync other = LexSync.builder(dir.resolve("a")).build()) {
            other.register(Source.builder(CollectedAtom.SOURCE, AtomOptions.DEFAULT)
                    .url(collected.atom().subscriptionUri()).build());
            other.harvest(CollectedAtom.SOURCE);
        }
    }

    /** Sets the database files' modification time an hour back, as if nothing had written for that long. */
    private void settle() throws Exception {
        Path db = collected.aggregate().store().sqliteFile().orElseThrow();
        FileTime old = FileTime.from(Instant.now().minus(1, ChronoUnit.HOURS));
        for (Path f : new Path[] {db, db.resolveSibling(db.getFileName() + "-wal")}) {
            if (Files.exists(f)) {
                Files.setLastModifiedTime(f, old);
            }
        }
    }
}
