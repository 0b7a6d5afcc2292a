package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ServerSettings;

/** The listener, health and error answers every feature relies on (docs/architecture.md, "The server"). */
class LexSyncServerTest {
    @TempDir
    Path dir;
    private LexSync lexsync;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        lexsync = LexSync.builder(dir.resolve("data")).build();
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0)).build().start();
    }

    @AfterEach
    void stop() {
        server.close();
        lexsync.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(server.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void listensOnLoopbackByDefault() {
        assertThat(server.uri().getHost()).isEqualTo("127.0.0.1");
        assertThat(server.port()).isPositive();
    }

    @Test
    void healthzAnswersAlive() throws Exception {
        HttpResponse<String> r = get("/healthz");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"alive\"");
    }

    @Test
    void everyAnswerCarriesTheStrictPolicyNosniffAndNoReferrer() throws Exception {   // issue 28
        for (String path : List.of("/healthz", "/no/such/thing")) {
            HttpResponse<String> r = get(path);
            assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).hasValue(SecurityHeaders.STRICT);
            assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
            assertThat(r.headers().firstValue("Referrer-Policy")).as(path).hasValue("no-referrer");
            assertThat(r.headers().firstValue("Set-Cookie")).as(path).isEmpty();
        }
    }

    @Test
    void anUnknownPathIsAJsonError() throws Exception {
        HttpResponse<String> r = get("/no/such/thing");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(r.body()).contains("no such path: /no/such/thing").doesNotContain("Exception");
    }

    @Test
    void anUnexpectedFailureIsAnsweredWithoutItsStackTrace() throws Exception {
        server.close();
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0))
                .feature(c -> routes -> routes.get("/boom", ctx -> {
                    throw new IllegalStateException("secret detail");
                })).build().start();
        HttpResponse<String> r = get("/boom");
        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(r.body()).contains("internal error").doesNotContain("secret detail").doesNotContain("at org.");
    }
}
