package org.lexsync.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.api.ApiRoutes;
import org.lexsync.server.ping.PingRoutes;
import org.lexsync.server.ping.RateLimit;
import org.lexsync.server.reload.ConfigReload;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * A whole server as {@code lexsync serve} assembles it (scheduler, reload, ping, API), on loopback over a store in a
 * test directory, with a {@code lexsync.yaml} the test writes, and an HTTP client for it.
 */
public final class TestServer implements AutoCloseable {
    /** The admin token of {@link #SERVER_SECTION}. */
    public static final String ADMIN = "admin-secret";
    /** A token without the admin role. */
    public static final String INGEST = "crawler-secret";
    /** Tokens for an admin and a crawler. */
    public static final String SERVER_SECTION = "server:\n  tokens:\n    - {name: ops, token: " + ADMIN
            + ", roles: [admin]}\n    - {name: crawler-x, token: " + INGEST + ", roles: [ingest]}\n";

    private final Path config;
    private final LexSync lexsync;
    private final LexSyncServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private TestServer(Path config, LexSync lexsync, LexSyncServer server) {
        this.config = config;
        this.lexsync = lexsync;
        this.server = server;
    }

    /** Writes {@code yaml} to {@code dir/lexsync.yaml} and starts a server over {@code dir/data}. */
    public static TestServer start(Path dir, String yaml, RateLimit pings) {
        Path config = dir.resolve("lexsync.yaml");
        write(config, yaml);
        LexSync lexsync = LexSync.builder(dir.resolve("data")).build();
        try {
            LexSyncServer server = LexSyncServer.builder(lexsync).configuration(LexSync.readConfiguration(config))
                    .settings(LexSync.readConfiguration(config).server().withPort(0))
                    .feature(HarvestScheduler::new)
                    .feature(c -> new ConfigReload(c, Duration.ofMillis(200)))
                    .feature(c -> new PingRoutes(c, pings))
                    .feature(ApiRoutes::new)
                    .feature(org.lexsync.server.check.CheckRoutes::new)
                    .build().start();
            return new TestServer(config, lexsync, server);
        } catch (RuntimeException e) {
            lexsync.close();
            throw e;
        }
    }

    public static TestServer start(Path dir, String yaml) {
        return start(dir, yaml, RateLimit.DEFAULT);
    }

    static void write(Path file, String yaml) {
        try {
            Files.writeString(file, yaml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Replaces {@code lexsync.yaml} (the server sees it by itself). */
    public void rewriteConfig(String yaml) {
        write(config, yaml);
    }

    public LexSync lexsync() {
        return lexsync;
    }

    public SourceControl control() {
        return server.context().sourceControl();
    }

    public URI uri(String path) {
        return server.uri().resolve(path);
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    public HttpResponse<String> get(String path, String token) {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + token).GET().build());
    }

    /** POSTs {@code body} (null: empty) with {@code contentType}, and the bearer {@code token} when not null. */
    public HttpResponse<String> post(String path, @Nullable String token, @Nullable String contentType,
                                     @Nullable String body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).POST(body == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return send(b.build());
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Finished runs of a source. */
    public long finishedRuns(String sourceId) {
        return lexsync.store().runs(sourceId, 10_000).stream().filter(r -> r.ended() != null).count();
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            lexsync.close();
        }
    }
}
