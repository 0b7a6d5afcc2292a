package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.server.Eventually;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * {@code /readyz} on a stateless node (issue 31): with blobs in an object store and graphs in a SPARQL store, each is
 * a check of its own; when one cannot be reached the node is not ready (503) and says which, and it is ready again
 * when the store is back.
 */
class ReadinessRemoteStoresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void anUnreachableObjectStoreOrSparqlStoreIsNotReadyAndNamedUntilItIsBack() throws Exception {
        try (PostgresDatabase db = PostgresDatabase.create(); S3Server s3 = S3Server.start(dir.resolve("s3"));
             LocalFuseki fuseki = LocalFuseki.start(dir.resolve("fuseki"))) {
            LexSync lexsync = LexSync.builder(dir.resolve("data")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                    .blobs("s3://" + S3Server.BUCKET + "/ready").s3Endpoint(s3.endpoint(), true)
                    .s3CredentialVariables(S3Server.ACCESS_KEY_ENV, S3Server.SECRET_KEY_ENV)
                    .s3Environment(s3.environment()::get).rdfEndpoint(fuseki.endpoint()).build();
            ServerSettings settings = ServerSettings.DEFAULTS.withPort(0).withMinFreeBytes(0);
            try (LexSyncServer server = LexSyncServer.builder(lexsync)
                    .configuration(new Configuration(dir.resolve("lexsync.yaml"), List.of(), settings)).settings(settings)
                    .feature(HarvestScheduler::new).feature(ApiRoutes::new).build().start()) {
                Eventually.until("ready", LIMIT, () -> readyz(server).statusCode() == 200);
                JsonNode ready = json(readyz(server));
                assertThat(ready.get("checks").get("objectStore").asText()).isEqualTo("ok");
                assertThat(ready.get("checks").get("sparqlStore").asText()).isEqualTo("ok");

                fuseki.stop();
                Eventually.until("not ready", LIMIT, () -> readyz(server).statusCode() == 503);
                JsonNode down = json(readyz(server));
                assertThat(down.get("checks").get("sparqlStore").asText()).startsWith("unreachable")
                        .contains(fuseki.endpoint().toString());
                assertThat(down.get("reason").asText()).contains("sparqlStore: unreachable");
                fuseki.restart();
                Eventually.until("ready again", LIMIT, () -> readyz(server).statusCode() == 200);

                s3.stop();
                Eventually.until("not ready", LIMIT, () -> readyz(server).statusCode() == 503);
                JsonNode noBucket = json(readyz(server));
                assertThat(noBucket.get("checks").get("objectStore").asText()).startsWith("unreachable")
                        .contains("s3://" + S3Server.BUCKET + "/ready")
                        .doesNotContain(s3.environment().get(S3Server.SECRET_KEY_ENV));
                assertThat(noBucket.get("checks").get("sparqlStore").asText()).isEqualTo("ok");
            } finally {
                lexsync.close();
            }
        }
    }

    private static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + r.body(), e);
        }
    }

    private static HttpResponse<String> readyz(LexSyncServer server) {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.uri().resolve("/readyz")).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
