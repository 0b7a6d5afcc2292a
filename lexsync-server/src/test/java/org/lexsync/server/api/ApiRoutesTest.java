package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.Eventually;
import org.lexsync.server.SourceActivity;
import org.lexsync.server.TestServer;

/** The REST API of docs/api.md over a server that harvested the fixture publisher's Atom feed once. */
class ApiRoutesTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;
    FixturePublisher pub;
    AtomSource feed;
    TestServer server;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        feed = AtomSource.register(pub, "/feed", 5, 300).publishNew(12);
        server = TestServer.start(dir, "sources:\n  - {id: feed, protocol: atom, url: '" + feed.subscriptionUri()
                + "', politeness: {delay: 0}, schedule: PT1H, approved: true}\n"
                + "  - {id: later, protocol: atom, url: 'http://127.0.0.1:9/none', approved: false}\n"
                + TestServer.SERVER_SECTION);
        Eventually.until("the first run", LIMIT, () -> server.finishedRuns("feed") == 1
                && server.control().activity("feed").orElseThrow().state() == SourceActivity.State.IDLE);
    }

    @AfterEach
    void stop() {
        server.close();
        pub.close();
    }

    private static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + r.body(), e);
        }
    }

    @Test
    void ingestionSourcesAreListedWithTheirProtocolAndNoSchedule() throws Exception {   // issue 28
        var group = org.lexsync.fixture.documentgroup.GroupFixture.decision();
        Path uploads = java.nio.file.Files.createDirectories(dir.resolve("uploads"));
        server.lexsync().ingestion().ingest(org.lexsync.engine.model.GroupUpload.of(group.writeMetaInfo(uploads),
                group.writeZip(uploads), org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER, "127.0.0.1"));

        JsonNode sources = json(server.get("/api/sources")).get("sources");
        assertThat(sources).hasSize(3);
        JsonNode ingested = sources.get(2);
        assertThat(ingested.get("id").asText()).isEqualTo(org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER);
        assertThat(ingested.get("protocol").asText()).isEqualTo("documentgroup");
        assertThat(ingested.get("state").asText()).isEqualTo("ingestion");
        assertThat(ingested.get("schedule").isNull()).isTrue();
        assertThat(json(server.get("/api/sources/" + org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER))
                .get("protocol").asText()).isEqualTo("documentgroup");
    }

    @Test
    void sourcesListStateLastRunCheckpointAndFreshness() {
        JsonNode sources = json(server.get("/api/sources")).get("sources");

        assertThat(sources).hasSize(2);
        JsonNode feed = sources.get(0);
        assertThat(feed.get("id").asText()).isEqualTo("feed");
        assertThat(feed.get("protocol").asText()).isEqualTo("atom");
        assertThat(feed.get("approved").asBoolean()).isTrue();
        assertThat(feed.get("schedule").asText()).isEqualTo("PT1H");
        assertThat(feed.get("state").asText()).isEqualTo("idle");
        assertThat(feed.get("nextRun").asText()).isNotEmpty();
        assertThat(feed.get("lastRun").get("status").asText()).isEqualTo("succeeded");
        assertThat(feed.get("lastRun").get("created").asLong()).isEqualTo(12);
        assertThat(feed.get("lastSuccess").asText()).isNotEmpty();
        assertThat(feed.get("checkpoint").asText()).isNotEmpty();
        assertThat(feed.get("openFailures").asInt()).isZero();
        assertThat(feed.get("freshnessLagSeconds").asLong()).isGreaterThanOrEqualTo(0);
        assertThat(feed.get("health").asText()).isEqualTo("ok");
        assertThat(feed.get("healthReason").isNull()).isTrue();
        JsonNode later = sources.get(1);
        assertThat(later.get("approved").asBoolean()).isFalse();
        assertThat(later.get("lastRun").isNull()).isTrue();
        assertThat(later.get("freshnessLagSeconds").isNull()).isTrue();
    }

    @Test
    void oneSourceAndAnUnknownOne() {
        assertThat(json(server.get("/api/sources/feed")).get("id").asText()).isEqualTo("feed");
        HttpResponse<String> missing = server.get("/api/sources/nope");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(json(missing).get("error").asText()).contains("no source 'nope'");
    }

    @Test
    void commandsNeedAnAdminToken() {
        assertThat(server.post("/api/sources/feed/pause", null, null, null).statusCode()).isEqualTo(401);
        assertThat(server.post("/api/sources/feed/pause", "wrong", null, null).statusCode()).isEqualTo(401);
        HttpResponse<String> notAdmin = server.post("/api/sources/feed/pause", TestServer.INGEST, null, null);
        assertThat(notAdmin.statusCode()).isEqualTo(403);
        assertThat(json(notAdmin).get("error").asText()).contains("crawler-x").doesNotContain(TestServer.INGEST);
        assertThat(server.post("/api/reload", TestServer.INGEST, null, null).statusCode()).isEqualTo(403);
    }

    @Test
    void pauseResumeAndRunNow() {
        assertThat(server.post("/api/sources/feed/pause", TestServer.ADMIN, null, null).statusCode()).isEqualTo(200);
        JsonNode paused = json(server.get("/api/sources/feed"));
        assertThat(paused.get("state").asText()).isEqualTo("paused");
        assertThat(paused.get("health").asText()).isEqualTo("paused");
        assertThat(server.post("/api/sources/feed/run", TestServer.ADMIN, null, null).statusCode()).isEqualTo(409);

        assertThat(server.post("/api/sources/feed/resume", TestServer.ADMIN, null, null).statusCode()).isEqualTo(200);
        Eventually.until("the resumed source runs", LIMIT, () -> server.finishedRuns("feed") == 2);
        HttpResponse<String> run = server.post("/api/sources/feed/run", TestServer.ADMIN, null, null);
        assertThat(run.statusCode()).isEqualTo(202);
        assertThat(json(run).get("source").asText()).isEqualTo("feed");
        Eventually.until("the requested run", LIMIT, () -> server.finishedRuns("feed") == 3);
    }

    @Test
    void runsAndARunsDetailWithFindingsAndFailures() {
        JsonNode runs = json(server.get("/api/runs?source=feed&limit=5")).get("runs");
        assertThat(runs).hasSize(1);
        long id = runs.get(0).get("id").asLong();

        JsonNode detail = json(server.get("/api/runs/" + id));

        assertThat(detail.get("run").get("created").asLong()).isEqualTo(12);
        assertThat(detail.get("seconds").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(detail.get("changesPerSecond").asDouble()).isPositive();
        assertThat(detail.get("findings").isArray()).isTrue();
        assertThat(detail.get("failures").isArray()).isTrue();
        assertThat(server.get("/api/runs/999").statusCode()).isEqualTo(404);
        assertThat(server.get("/api/runs/x").statusCode()).isEqualTo(400);
        assertThat(server.get("/api/runs?limit=0").statusCode()).isEqualTo(400);
    }

    @Test
    void resourcesComeInPagesWithAStableCursor() {
        List<String> uris = new ArrayList<>();
        String after = "";
        int pages = 0;
        do {
            JsonNode page = json(server.get("/api/resources?source=feed&limit=5" + (after.isEmpty() ? "" : "&after=" + after)));
            page.get("resources").forEach(r -> uris.add(r.get("uri").asText()));
            after = page.get("next").isNull() ? "" : page.get("next").asText();
            pages++;
        } while (!after.isEmpty() && pages < 10);

        assertThat(uris).hasSize(12).doesNotHaveDuplicates().isSorted();
        JsonNode first = json(server.get("/api/resources?source=feed&limit=1")).get("resources").get(0);
        assertThat(first.get("source").asText()).isEqualTo("feed");
        assertThat(first.has("sha256")).isTrue();
        assertThat(first.get("representations").isArray()).isTrue();
        assertThat(server.get("/api/resources?after=not-a-cursor").statusCode()).isEqualTo(400);
    }

    @Test
    void changesFollowTheJournalBySequence() {
        JsonNode first = json(server.get("/api/changes?since=0&limit=10"));
        assertThat(first.get("changes")).hasSize(10);
        assertThat(first.get("more").asBoolean()).isTrue();
        long next = first.get("next").asLong();
        JsonNode rest = json(server.get("/api/changes?since=" + next + "&limit=10"));

        assertThat(rest.get("changes")).hasSize(2);
        assertThat(rest.get("changes").get(0).get("seq").asLong()).isEqualTo(next + 1);
        assertThat(rest.get("changes").get(0).get("kind").asText()).isEqualTo("created");
        assertThat(rest.get("more").asBoolean()).isFalse();
    }

    @Test
    void failuresAreListed() {
        JsonNode body = json(server.get("/api/failures"));
        assertThat(body.get("failures").isArray()).isTrue();
    }

    @Test
    void readyzChecksDatabaseDirectoryAndScheduler() {
        HttpResponse<String> r = server.get("/readyz");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode checks = json(r).get("checks");
        assertThat(checks.get("database").asText()).isEqualTo("ok");
        assertThat(checks.get("dataDirectory").asText()).isEqualTo("ok");
        assertThat(checks.get("scheduler").asText()).isEqualTo("ok");
    }
}
