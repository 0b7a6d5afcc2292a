package org.lexsync.server.reload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Source;
import org.lexsync.server.Eventually;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.dashboard.DashboardFeature;
import org.lexsync.server.metrics.MetricsFeature;

/**
 * A reload never silently empties the server or leaves a revoked token working (issue 28.2): an empty, truncated or
 * source-less file is refused (the running configuration stays) unless the operator allows it, tokens change at once
 * or the reload is refused naming the settings that need a restart, and a refusal shows in the answer, on every
 * dashboard page and in {@code /metrics}.
 */
class ConfigReloadTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final String TOKEN_A = "token-a-secret";
    private static final String TOKEN_B = "token-b-secret";
    /** Two sources that never run (unapproved, dead address), on lines 2 and 3. */
    private static final String SOURCES = "sources:\n"
            + "  - {id: first, protocol: atom, url: 'http://127.0.0.1:9/first', schedule: PT1H}\n"
            + "  - {id: second, protocol: atom, url: 'http://127.0.0.1:9/second', schedule: PT1H}\n";

    @TempDir
    Path dir;
    private LexSync lexsync;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        if (lexsync != null) {
            lexsync.close();
        }
    }

    private static String tokens(String secret) {
        return "server:\n  tokens:\n    - {name: ops, token: " + secret + ", roles: [admin]}\n";
    }

    /** A server over {@code yaml} whose watcher looks at the file every {@code poll}. */
    private void start(String yaml, Duration poll) throws IOException {
        Path file = write(yaml);
        lexsync = LexSync.builder(dir.resolve("data")).build();
        server = LexSyncServer.builder(lexsync).configuration(LexSync.readConfiguration(file))
                .settings(LexSync.readConfiguration(file).server().withPort(0))
                .feature(c -> new ConfigReload(c, poll, Duration.ofMillis(50)))
                .feature(DashboardFeature::new).feature(MetricsFeature::new).build().start();
    }

    /** A server whose file is reloaded only through the API. */
    private void start(String yaml) throws IOException {
        start(yaml, Duration.ofHours(1));
    }

    private Path write(String yaml) throws IOException {
        return Files.writeString(dir.resolve("lexsync.yaml"), yaml, StandardCharsets.UTF_8);
    }

    private HttpResponse<String> reload(String query, String token) throws Exception {
        return send("POST", "/api/reload" + query, token);
    }

    private HttpResponse<String> send(String method, String path, @Nullable String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.uri() + path.substring(1)))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private java.util.List<String> sourcesInForce() {
        return server.context().configuration().sources().stream().map(Source::id).toList();
    }

    @Test
    void anEmptyFileIsRefusedAndTheRunningConfigurationStays() throws Exception {
        start(SOURCES + tokens(TOKEN_A));
        write("");

        HttpResponse<String> r = reload("?allow-empty=true", TOKEN_A);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("lexsync.yaml: the file is empty").contains("the running configuration stays");
        assertThat(sourcesInForce()).containsExactly("first", "second");
    }

    @Test
    void aFileThatLostItsSourcesIsRefusedUnlessTheOperatorAllowsIt() throws Exception {
        start(SOURCES + tokens(TOKEN_A));
        write(tokens(TOKEN_A));

        HttpResponse<String> refused = reload("", TOKEN_A);
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("lexsync.yaml: sources: lists no sources: it would remove all 2 sources"
                + " in force (first, second)").contains("allow-empty=true");
        assertThat(sourcesInForce()).containsExactly("first", "second");

        HttpResponse<String> allowed = reload("?allow-empty=true", TOKEN_A);
        assertThat(allowed.statusCode()).as(allowed.body()).isEqualTo(200);
        assertThat(sourcesInForce()).isEmpty();
    }

    @Test
    void aTruncatedFileIsRefusedWithItsLine() throws Exception {
        start(SOURCES + tokens(TOKEN_A));
        String whole = SOURCES + tokens(TOKEN_A);
        write(whole.substring(0, whole.indexOf("second") + 20));

        HttpResponse<String> r = reload("", TOKEN_A);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("lexsync.yaml:").contains("not valid YAML");
        assertThat(sourcesInForce()).containsExactly("first", "second");
    }

    @Test
    void theWatcherRefusesAFileTruncatedToZeroBytesAndAppliesTheWrittenOne() throws Exception {
        start(SOURCES + tokens(TOKEN_A), Duration.ofMillis(100));
        write("");
        Eventually.until("the watcher refuses the empty file", LIMIT,
                () -> server.context().reloadStatus().failures() >= 1);
        assertThat(sourcesInForce()).containsExactly("first", "second");
        assertThat(server.context().reloadStatus().refusal()).hasValueSatisfying(
                f -> assertThat(f.message()).contains("the file is empty"));

        write(SOURCES + "  - {id: third, protocol: atom, url: 'http://127.0.0.1:9/third'}\n" + tokens(TOKEN_A));
        Eventually.until("the written file is put in force", LIMIT, () -> sourcesInForce().size() == 3);
        assertThat(server.context().reloadStatus().refusal()).isEmpty();
    }

    @Test
    void aFileTruncatedByAnEditorIsReadAgainAfterTheSettleDelayNotRefused() throws Exception {
        Path file = write(SOURCES + tokens(TOKEN_A));
        lexsync = LexSync.builder(dir.resolve("data")).build();
        ConfigReload[] reload = new ConfigReload[1];
        server = LexSyncServer.builder(lexsync).configuration(LexSync.readConfiguration(file))
                .settings(LexSync.readConfiguration(file).server().withPort(0))
                .feature(c -> reload[0] = new ConfigReload(c, Duration.ofHours(1), Duration.ofSeconds(2))).build()
                .start();
        write("");
        java.util.concurrent.CompletableFuture<ConfigReload.Outcome> outcome = new java.util.concurrent.CompletableFuture<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                outcome.complete(reload[0].reload());
            } catch (RuntimeException e) {
                outcome.completeExceptionally(e);
            }
        });
        Eventually.until("the reload waits for the file to settle", LIMIT,
                () -> reader.getState() == Thread.State.TIMED_WAITING || outcome.isDone());
        write(SOURCES + "  - {id: third, protocol: atom, url: 'http://127.0.0.1:9/third'}\n" + tokens(TOKEN_A));

        assertThat(outcome.get(30, java.util.concurrent.TimeUnit.SECONDS).added()).containsExactly("third");
        assertThat(sourcesInForce()).containsExactly("first", "second", "third");
    }

    @Test
    void aTokenRemovedFromTheFileStopsWorkingOnceTheWatcherSeesIt() throws Exception {
        String closedReads = "  open-reads: false\n";
        start(SOURCES + tokens(TOKEN_A) + closedReads, Duration.ofMillis(100));
        assertThat(send("GET", "/metrics", TOKEN_A).statusCode()).isEqualTo(200);
        write(SOURCES + tokens(TOKEN_B) + closedReads);

        Eventually.until("the old token is refused", LIMIT, () -> {
            try {
                return send("GET", "/metrics", TOKEN_A).statusCode() == 401;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(send("GET", "/metrics", TOKEN_B).statusCode()).isEqualTo(200);
    }

    @Test
    void aRotatedTokenTakesEffectAtOnce() throws Exception {
        start(SOURCES + tokens(TOKEN_A));
        write(SOURCES + tokens(TOKEN_B));

        HttpResponse<String> r = reload("", TOKEN_A);

        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(reload("", TOKEN_A).statusCode()).as("the revoked token").isEqualTo(401);
        assertThat(reload("", TOKEN_B).statusCode()).as("the new token").isEqualTo(200);
    }

    @Test
    void aReloadChangingASettingThatNeedsARestartIsRefusedAndNamesIt() throws Exception {
        start(SOURCES + tokens(TOKEN_A));
        write(SOURCES + tokens(TOKEN_B) + "  port: 9\n  max-concurrent-runs: 2\n");

        HttpResponse<String> r = reload("", TOKEN_A);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("lexsync.yaml: server.port, server.max-concurrent-runs: changed, and takes"
                + " effect only when lexsync serve restarts");
        assertThat(reload("", TOKEN_B).statusCode()).as("the new token is not in force").isEqualTo(401);
        assertThat(send("GET", "/", null).body()).as("the refusal shows on the dashboard")
                .contains("server.port, server.max-concurrent-runs: changed");
    }

    @Test
    void aRefusedReloadShowsOnEveryDashboardPageAndInTheMetrics() throws Exception {
        start(SOURCES + tokens(TOKEN_A));
        String before = send("GET", "/metrics", null).body();
        assertThat(before).contains("lexsync_config_reload_failures_total 0.0")
                .contains("lexsync_config_last_reload_success_timestamp_seconds");
        assertThat(send("GET", "/", null).body()).doesNotContain("reload-refused");
        write(SOURCES + "  - id: third\n    protocol: atom\n    url: http://127.0.0.1:9/third\n"
                + "    schedule: '0 0 0 30 2 *'\n" + tokens(TOKEN_A));

        assertThat(reload("", TOKEN_A).statusCode()).isEqualTo(400);

        for (String page : java.util.List.of("/", "/failures", "/hosts", "/store", "/uploads", "/checks", "/runs/99999")) {
            assertThat(send("GET", page, null).body()).as(page).contains("id=\"reload-refused\"")
                    .contains("Configuration reload refused")
                    .contains("lexsync.yaml:7: sources[2].schedule: &#39;0 0 0 30 2 *&#39; never fires within a year");
        }
        String after = send("GET", "/metrics", null).body();
        assertThat(after).contains("lexsync_config_reload_failures_total 1.0");

        write(SOURCES + tokens(TOKEN_A));
        assertThat(reload("", TOKEN_A).statusCode()).isEqualTo(200);
        assertThat(send("GET", "/", null).body()).as("gone once a reload succeeds").doesNotContain("reload-refused");
    }
}
