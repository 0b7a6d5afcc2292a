package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
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
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.Eventually;
import org.lexsync.server.LexSyncServer;

/**
 * Two nodes on one PostgreSQL database: node A harvests, node B serves the published feed through its document cache
 * and {@link PublishHandler}, with polling set to an hour, so only the journal notification can make B answer A's
 * new entry within a second; and B's listener, its connection killed, comes back and delivers again.
 */
class CrossNodeInvalidationTest {
    private static final String SOURCE = "sfs";
    private static final long AN_HOUR = Duration.ofHours(1).toNanos();

    @TempDir
    Path dir;
    private PostgresDatabase db;
    private FixturePublisher origin;
    private AtomSource atom;
    private LexSync nodeA;
    private LexSync nodeB;
    private LexSyncServer serverB;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        db = PostgresDatabase.create();
        origin = FixturePublisher.builder().resources(0).start();
        atom = AtomSource.register(origin, "/atom", 3, 200);
        atom.publishNew(3);
        nodeA = node("a");
        nodeA.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
        nodeA.harvest(SOURCE);
        nodeB = node("b");
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  feed-id: tag:agg.example,2026:lex\n"
                + "  author-email: feeds@agg.example\n  base-url: http://agg.example/\n", StandardCharsets.UTF_8);
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        serverB = LexSyncServer.builder(nodeB).configuration(new Configuration(config, List.of(), settings))
                .settings(settings).feature(c -> new PublishRoutes(c, DocumentCache.DEFAULT_BUDGET, AN_HOUR))
                .build().start();
        Eventually.until("node B listens", Duration.ofSeconds(10), nodeB.operations()::journalNotificationsLive);
    }

    private LexSync node(String name) {
        return LexSync.builder(dir.resolve(name)).politeness(new Politeness(4, Duration.ZERO))
                .jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null).build();
    }

    @AfterEach
    void stop() throws Exception {
        if (serverB != null) {
            serverB.close();
        }
        for (AutoCloseable c : new AutoCloseable[] {nodeB, nodeA, origin, db}) {
            if (c != null) {
                c.close();
            }
        }
    }

    private String feedOfB() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(serverB.uri().resolve("/feed/current.atom")).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    /** A harvest on node A of one new entry, then node B's feed must name it within a second. */
    private void newEntryOnAIsServedByBWithinASecond(int n) throws Exception {
        assertThat(feedOfB()).doesNotContain(AtomSource.id(n));   // B's cache now holds the feed without it
        atom.publishNew(1);
        nodeA.harvest(SOURCE);
        Eventually.until("node B serves entry " + n, Duration.ofSeconds(1), () -> {
            try {
                return feedOfB().contains(AtomSource.id(n));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void aCommitOnOneNodeIsServedByTheOtherWithinASecond() throws Exception {
        assertThat(feedOfB()).contains(AtomSource.id(3));
        newEntryOnAIsServedByBWithinASecond(4);
    }

    @Test
    void theListenerSurvivesItsConnectionBeingKilled() throws Exception {
        assertThat(feedOfB()).contains(AtomSource.id(3));
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), PostgresDatabase.USER, null);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                     + " WHERE application_name = 'lexsync journal listener' AND datname = current_database()")) {
            assertThat(rs.next()).as("the listener's backend").isTrue();
        }
        Eventually.until("node B's listener notices", Duration.ofSeconds(10), () -> !nodeB.operations().journalNotificationsLive());
        Eventually.until("node B listens again", Duration.ofSeconds(10), nodeB.operations()::journalNotificationsLive);
        newEntryOnAIsServedByBWithinASecond(4);
    }
}
