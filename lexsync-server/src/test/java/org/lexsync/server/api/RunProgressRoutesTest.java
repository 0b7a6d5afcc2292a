package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.server.Eventually;
import org.lexsync.server.HeldHarvest;

/** {@code GET /api/runs/{id}} of a running harvest carries its live progress, which advances; a finished run none. */
class RunProgressRoutesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(30);
    @TempDir
    Path dir;
    private HeldHarvest held;

    @BeforeEach
    void start() {
        held = new HeldHarvest(dir);
    }

    @AfterEach
    void stop() {
        held.close();
    }

    private JsonNode run(long id) {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(held.server().uri()
                    .resolve("/api/runs/" + id)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            return JSON.readTree(r.body());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aRunningHarvestsProgressAdvancesAndAFinishedRunHasNone() {
        long id = held.run().id();
        Eventually.until("progress while the first document is held", LIMIT,
                () -> run(id).get("progress").isObject());
        JsonNode p = run(id).get("progress");
        assertThat(p.get("committed").asLong()).isZero();
        assertThat(p.get("documents").asLong()).isPositive();
        assertThat(p.get("documentBytes").asLong()).isPositive();
        assertThat(p.get("stalledSeconds").isNull()).isTrue();

        held.release(2);
        Eventually.until("two documents committed", LIMIT, () -> {
            JsonNode now = run(id).get("progress");
            return now.isObject() && now.get("committed").asLong() == 2;
        });
        JsonNode two = run(id).get("progress");
        assertThat(two.get("phase").asText()).isEqualTo("fetching and committing");
        assertThat(two.get("planned").asLong()).isGreaterThanOrEqualTo(2);

        held.release(HeldHarvest.ITEMS);
        Eventually.until("the run finished", LIMIT, () -> !run(id).get("run").get("finished").isNull());
        assertThat(run(id).get("progress").isNull()).isTrue();
        assertThat(run(id).get("run").get("created").asLong()).isEqualTo(HeldHarvest.ITEMS);
    }
}
