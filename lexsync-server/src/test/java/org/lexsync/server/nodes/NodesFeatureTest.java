package org.lexsync.server.nodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Operations;
import org.lexsync.engine.model.ClusterSettings;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.metrics.MetricsFeature;
import org.slf4j.LoggerFactory;

/**
 * Issue 32, nodes visible: a serving node beats its row, {@code /api/nodes} lists it and a node killed long ago
 * (a real row of another pid and host, silent for ten minutes) as stale, {@code /metrics} carries the heartbeat ages
 * and the takeover and fence counters, a run of failed beats is logged once when it starts and once when it ends, and
 * a clean stop removes the node's row.
 */
class NodesFeatureTest {
    private static final String GONE = "4242@gone-host.example";
    @TempDir
    Path dir;
    private LexSync lexsync;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        lexsync = LexSync.builder(dir.resolve("data")).version("9.8.7").build();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data").resolve("lexsync.db"));
             Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO nodes (id, pid, host, address, version, started_at, heartbeat_at) VALUES ('"
                    + GONE + "', 4242, 'gone-host.example', 'http://gone-host.example:8080/', '9.8.6',"
                    + " '2026-01-01T00:00:00Z', " + (System.currentTimeMillis() - 600_000) + ")");
        }
        server = LexSyncServer.builder(lexsync).settings(ServerSettings.DEFAULTS.withPort(0)
                        .withCluster(ClusterSettings.DEFAULTS.withHeartbeat(Duration.ofMillis(200))))
                .feature(NodesFeature::new).feature(MetricsFeature::new).build().start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        lexsync.close();
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.uri().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    @Test
    void apiNodesListsThisNodeLiveAndASilentOneStale() throws Exception {
        String json = get("/api/nodes");
        String self = Operations.nodeId();
        assertThat(json).contains("\"self\":\"" + self + "\"", "\"staleAfterSeconds\":0.8");
        assertThat(json).containsPattern("\"id\":\"" + java.util.regex.Pattern.quote(self) + "\",\"address\":\""
                + java.util.regex.Pattern.quote(server.uri().toString()) + "\",\"version\":\"9.8.7\"[^}]*\"stale\":false");
        assertThat(json).containsPattern("\"id\":\"" + GONE + "\"[^}]*\"heartbeatAgeSeconds\":6\\d\\d\\.\\d+,"
                + "\"stale\":true");
    }

    @Test
    void theHeartbeatKeepsThisNodesAgeBelowTheBeat() throws Exception {
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(lexsync.operations().nodes().stream()
                .filter(n -> n.id().equals(Operations.nodeId())).findFirst().orElseThrow().heartbeat())
                .isAfter(java.time.Instant.now().minusMillis(150)));
    }

    @Test
    void metricsCarryEveryNodesHeartbeatAgeAndTheClusterCounters() throws Exception {
        String text = get("/metrics");
        assertThat(text).containsPattern("lexsync_node_heartbeat_age_seconds\\{node=\"" + GONE + "\"} 6\\d\\d\\.");
        assertThat(text).contains("lexsync_node_heartbeat_age_seconds{node=\"" + Operations.nodeId() + "\"}");
        assertThat(text).containsPattern("(?m)^lexsync_lease_takeovers_total 0\\.0$");
        assertThat(text).containsPattern("(?m)^lexsync_fenced_commits_total 0\\.0$");
    }

    @Test
    void aRunOfFailedBeatsIsLoggedOnceWhenItStartsAndOnceWhenABeatGetsThrough() throws Exception {
        Logger feature = (Logger) LoggerFactory.getLogger(NodesFeature.class);
        Level level = feature.getLevel();
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        feature.addAppender(log);
        feature.setLevel(Level.DEBUG);
        try {
            renameTheNodeTable("nodes", "nodes_away"); // every beat fails: no such table
            await().atMost(Duration.ofSeconds(10)).until(() -> lines(log, Level.DEBUG).size() >= 4);
            renameTheNodeTable("nodes_away", "nodes");
            await().atMost(Duration.ofSeconds(10)).until(() -> !lines(log, Level.INFO).isEmpty());

            assertThat(lines(log, Level.WARN)).singleElement().asString()
                    .startsWith("cannot write this node's heartbeat (said once until a beat gets through): ");
            assertThat(lines(log, Level.INFO)).singleElement().asString()
                    .matches("this node's heartbeat is written again, after \\d+ failed beats");
        } finally {
            feature.detachAppender(log);
            feature.setLevel(level);
        }
    }

    private void renameTheNodeTable(String from, String to) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data").resolve("lexsync.db"));
             Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 10000");
            s.executeUpdate("ALTER TABLE " + from + " RENAME TO " + to);
        }
    }

    private static java.util.List<String> lines(ListAppender<ILoggingEvent> log, Level level) {
        synchronized (log) { // the appender adds under its own lock
            return log.list.stream().filter(e -> e.getLevel() == level).map(ILoggingEvent::getFormattedMessage)
                    .toList();
        }
    }

    @Test
    void aCleanStopRemovesThisNodesRow() {
        server.close();
        server = null;
        assertThat(lexsync.operations().nodes()).extracting(n -> n.id()).containsExactly(GONE);
    }
}
