package org.lexsync.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.SmallDisk;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.Eventually;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.TestServer;
import org.lexsync.server.schedule.HarvestScheduler;
import org.slf4j.LoggerFactory;

/**
 * {@code /readyz} tells the truth (issue 28.3): 503 with the reason when the store cannot take a write — a full disk,
 * free space below {@code server.min-free-space}, a read-only file system, an unreachable database — or the scheduler
 * does not poll; a full disk is logged as one line when it starts and one when it clears, with no stack traces.
 */
class ReadinessTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofSeconds(60);
    /** How long an idle node must stay ready: half again the scheduler's longest allowed silence (10 s). */
    private static final Duration IDLE = Duration.ofSeconds(15);

    @TempDir
    Path dir;
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final Logger monitor = (Logger) LoggerFactory.getLogger(ReadinessMonitor.class);
    private Level monitorLevel;

    @BeforeEach
    void captureLog() {
        log.start();
        root.addAppender(log);
        monitorLevel = monitor.getLevel();
        monitor.setLevel(Level.INFO);
    }

    @AfterEach
    void releaseLog() {
        root.detachAppender(log);
        monitor.setLevel(monitorLevel);
    }

    private static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + r.body(), e);
        }
    }

    private List<String> lines(Level level) {
        return log.list.stream().filter(e -> e.getLevel() == level && e.getLoggerName().equals(monitor.getName()))
                .map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void freeSpaceBelowTheFloorIsNotReadyWithTheReason() {
        try (TestServer server = TestServer.start(dir, "sources: []\n" + TestServer.SERVER_SECTION
                + "  min-free-space: 999999999GB\n")) {
            HttpResponse<String> r = server.get("/readyz");
            assertThat(r.statusCode()).isEqualTo(503);
            JsonNode body = json(r);
            assertThat(body.get("ready").asBoolean()).isFalse();
            assertThat(body.get("checks").get("freeSpace").asText()).startsWith("below the floor")
                    .contains("server.min-free-space");
            assertThat(body.get("checks").get("dataDirectory").asText()).isEqualTo("ok");
            assertThat(body.get("reason").asText()).startsWith("freeSpace: below the floor");
        }
    }

    @Test
    void aFullDiskIsNotReadyLoggedOnceWithoutStackTracesAndReadyWhenFreed() throws Exception {
        SmallDisk disk = SmallDisk.mount(dir.resolve("data"), 48L * 1024 * 1024);
        if (!SmallDisk.inCi()) {
            assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
        }
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).bodyBytes(20_000).start();
             SmallDisk mounted = disk) {
            AtomSource feed = AtomSource.register(pub, "/feed", 5, 20_000).publishNew(3);
            try (TestServer server = TestServer.start(dir, "sources:\n  - {id: feed, protocol: atom, url: '"
                    + feed.subscriptionUri() + "', politeness: {delay: 0}, schedule: PT1S, approved: true}\n"
                    + TestServer.SERVER_SECTION + "  min-free-space: 1MB\n")) {
                Eventually.until("ready", LIMIT, () -> server.get("/readyz").statusCode() == 200);
                Path filler = mounted.fill(0);
                feed.publishNew(5); // the scheduler keeps harvesting into the full disk

                Eventually.until("not ready", LIMIT, () -> server.get("/readyz").statusCode() == 503);
                JsonNode body = json(server.get("/readyz"));
                assertThat(body.get("checks").get("dataDirectory").asText()).contains("No space left on device");
                assertThat(body.get("checks").get("freeSpace").asText()).startsWith("below the floor");
                assertThat(body.get("reason").asText()).contains("dataDirectory: not writable");
                assertThat(pollsFor(Duration.ofSeconds(6), server)).as("still not ready").isTrue();

                Files.delete(filler);
                Eventually.until("ready again", LIMIT, () -> server.get("/readyz").statusCode() == 200);
                // a recovery is logged once the check has stayed ok for ReadinessMonitor.SETTLE
                Eventually.until("the ready-again lines", LIMIT, () -> server.get("/readyz").statusCode() == 200
                        && lines(Level.INFO).stream().filter(l -> l.startsWith("ready again: ")).count() >= 2);

                assertThat(lines(Level.WARN)).filteredOn(l -> l.startsWith("not ready: dataDirectory"))
                        .as("one line when the condition starts").hasSize(1);
                assertThat(lines(Level.WARN)).filteredOn(l -> l.startsWith("not ready: freeSpace")).hasSize(1);
                assertThat(lines(Level.INFO)).filteredOn(l -> l.startsWith("ready again: dataDirectory")).hasSize(1);
                assertThat(lines(Level.INFO)).filteredOn(l -> l.startsWith("ready again: freeSpace")).hasSize(1);
                // db-scheduler's own stack traces are turned off by lexsync serve's logback.xml (its failures show
                // as the scheduler check instead; FullDiskServeTest reads a real server's log); ours have none
                assertThat(log.list).filteredOn(e -> !e.getLoggerName().startsWith("com.github.kagkarlsson"))
                        .as("no stack traces in the log").allSatisfy(e -> assertThat(e.getThrowableProxy())
                                .as(e.getLoggerName() + ": " + e.getFormattedMessage()).isNull());
            }
        }
    }

    /** Asks {@code /readyz} repeatedly for {@code time} (the log must not grow a line per ask). */
    private static boolean pollsFor(Duration time, TestServer server) {
        long end = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < end) {
            if (server.get("/readyz").statusCode() != 503) {
                return false;
            }
        }
        return true;
    }

    @Test
    void anUnreachableDatabaseIsNotReady() throws Exception {
        PostgresDatabase db = PostgresDatabase.create();
        LexSync lexsync = LexSync.builder(dir.resolve("data")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                .build();
        try (LexSyncServer server = schedulerAndApi(lexsync)) {
            Eventually.until("ready", LIMIT, () -> readyz(server).statusCode() == 200);

            db.close(); // DROP DATABASE … WITH (FORCE): every connection is cut, none can be made

            Eventually.until("not ready", LIMIT, () -> readyz(server).statusCode() == 503);
            HttpResponse<String> r = readyz(server);
            assertThat(json(r).get("checks").get("database").asText()).startsWith("unreachable");
            assertThat(json(r).get("reason").asText()).contains("database: unreachable");
        } finally {
            lexsync.close();
        }
    }

    /** A started server on {@code lexsync} with the scheduler and the API, no sources. */
    private LexSyncServer schedulerAndApi(LexSync lexsync) {
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0).withMinFreeBytes(0);
        return LexSyncServer.builder(lexsync)
                .configuration(new Configuration(dir.resolve("lexsync.yaml"), List.of(), settings)).settings(settings)
                .feature(HarvestScheduler::new).feature(ApiRoutes::new).build().start();
    }

    private static HttpResponse<String> readyz(LexSyncServer server) {
        try {
            return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                    server.uri().resolve("/readyz")).build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aReadOnlyFileSystemIsNotReady() throws Exception {
        SmallDisk disk = SmallDisk.mount(dir.resolve("data").resolve("tmp"), 4L * 1024 * 1024);
        if (!SmallDisk.inCi()) {
            assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
        }
        try (SmallDisk mounted = disk; TestServer server = TestServer.start(dir, "sources: []\n"
                + TestServer.SERVER_SECTION + "  min-free-space: 0\n")) {
            Eventually.until("ready", LIMIT, () -> server.get("/readyz").statusCode() == 200);

            mounted.readOnly();

            HttpResponse<String> r = server.get("/readyz");
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(json(r).get("checks").get("dataDirectory").asText()).contains("Read-only file system");
            mounted.writable();
            assertThat(server.get("/readyz").statusCode()).isEqualTo(200);
        }
    }

    /**
     * On PostgreSQL the scheduler picks with lock-and-fetch, where db-scheduler reports a poll only when it picked
     * something: a node with nothing due polls all the same and stays ready past the scheduler's silence limit.
     */
    @Test
    void anIdleSchedulerOnPostgresqlStaysReady() throws Exception {
        PostgresDatabase db = PostgresDatabase.create();
        LexSync lexsync = LexSync.builder(dir.resolve("data")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                .build();
        try (LexSyncServer server = schedulerAndApi(lexsync)) {
            Eventually.until("ready", LIMIT, () -> readyz(server).statusCode() == 200);
            // longer than the scheduler's silence limit (10 s with the default 1 s polling) with nothing due
            long until = System.nanoTime() + IDLE.toNanos();
            while (System.nanoTime() < until) {
                HttpResponse<String> r = readyz(server);
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                assertThat(json(r).get("checks").get("scheduler").asText()).isEqualTo("ok");
                Thread.sleep(500);
            }
        } finally {
            lexsync.close();
            db.close();
        }
    }

    @Test
    void aSchedulerThatCannotPollIsNotReady() throws Exception {
        PostgresDatabase db = PostgresDatabase.create();
        LexSync lexsync = LexSync.builder(dir.resolve("data")).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                .build();
        try (LexSyncServer server = schedulerAndApi(lexsync)) {
            Eventually.until("ready", LIMIT, () -> readyz(server).statusCode() == 200);
            try (Connection c = DriverManager.getConnection(db.jdbcUrl(), PostgresDatabase.USER, null);
                 Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                // another session holds the task table: every poll of the scheduler waits behind it
                st.execute("LOCK TABLE scheduled_tasks IN ACCESS EXCLUSIVE MODE");
                Eventually.until("not polling", LIMIT, () -> readyz(server).statusCode() == 503);
                JsonNode body = json(readyz(server));
                assertThat(body.get("checks").get("scheduler").asText()).startsWith("not polling");
                assertThat(body.get("checks").get("database").asText()).isEqualTo("ok");
                c.rollback();
            }
            Eventually.until("polling again", LIMIT, () -> readyz(server).statusCode() == 200);
        } finally {
            lexsync.close();
            db.close();
        }
    }
}
