package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.store.SourceLeases;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Issue 14.6 with real processes (docs/architecture.md, "Concurrency"): a second {@code lexsync sync} of a source
 * that another process is syncing is refused at once (exit 2) naming that process and since when; a holder killed
 * with SIGKILL or stopped longer than its lease ({@value SourceLeases#TTL_ENV}, short here) does not block the
 * source, and once woken after another process took the source over it commits nothing more (the fence, issue 32);
 * two processes syncing different sources into one SQLite store both finish. The store stays consistent:
 * no journal row twice, {@code PRAGMA integrity_check} ok, never a stack trace.
 */
class SyncLeaseTest {
    private static final int RESOURCES = 60;

    @TempDir
    Path dir;

    @Test
    void aSecondSyncOfASourceBeingSyncedIsRefusedAtOnceNamingTheFirstProcess() throws Exception {
        Path store = dir.resolve("store");
        try (FixturePublisher pub = FixturePublisher.builder().resources(RESOURCES).seed(71).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            Process a = start("a", Map.of(), sync(pub, store, "0.3")); // long enough for B's JVM to start on a loaded machine
            awaitRequests(pub, a, 4);
            long started = System.nanoTime();
            Process b = start("b", Map.of(), sync(pub, store, "0.1"));
            assertThat(b.waitFor(60, TimeUnit.SECONDS)).isTrue();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            String out = log("b");
            assertThat(b.exitValue()).as(out).isEqualTo(Main.EXIT_USAGE);
            assertThat(a.isAlive()).as("B ended while A was still syncing: it did not wait").isTrue();
            assertThat(out).contains("is being harvested by process " + a.pid() + "@").containsPattern("since 20\\d\\d-")
                    .doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(out.lines().filter(l -> !l.isBlank() && !l.startsWith("WARNING:"))).as(out).hasSize(1);
            assertThat(took).as("B's whole JVM, start included").isLessThan(Duration.ofSeconds(30));

            assertThat(a.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(a.exitValue()).as(log("a")).isZero();
            assertConsistent(store, RESOURCES);
        }
    }

    @Test
    void aSyncKilledWithSigkillDoesNotBlockTheSource() throws Exception {
        Path store = dir.resolve("store");
        try (FixturePublisher pub = FixturePublisher.builder().resources(RESOURCES).seed(72).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            Process a = start("a", Map.of(SourceLeases.TTL_ENV, "3"), sync(pub, store, "0.1"));
            awaitRequests(pub, a, 10);
            signal("KILL", a);
            assertThat(a.waitFor(30, TimeUnit.SECONDS)).isTrue();

            Process b = start("b", Map.of(), sync(pub, store, "0"));
            assertThat(b.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(b.exitValue()).as(log("b")).isZero();
            assertConsistent(store, RESOURCES);
        }
    }

    @Test
    void aHolderStoppedLongerThanItsLeaseLosesTheSource() throws Exception {
        Path store = dir.resolve("store");
        try (FixturePublisher pub = FixturePublisher.builder().resources(RESOURCES).seed(73).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            // long enough for the next JVM to start and be refused on a busy machine (10 s was not, at load 40)
            Process a = start("a", Map.of(SourceLeases.TTL_ENV, "20"), sync(pub, store, "0.1"));
            awaitRequests(pub, a, 10);
            try {
                stopOutsideATransaction(a, store);
                long stopped = System.nanoTime();
                Process early = start("early", Map.of(), sync(pub, store, "0"));
                assertThat(early.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(early.exitValue()).as(log("early")).isEqualTo(Main.EXIT_USAGE);
                assertThat(log("early")).contains("process " + a.pid() + "@");

                long waitMillis = 20_500 - Duration.ofNanos(System.nanoTime() - stopped).toMillis();
                if (waitMillis > 0) {
                    Thread.sleep(waitMillis);
                }
                Process b = start("b", Map.of(), sync(pub, store, "0"));
                assertThat(b.waitFor(120, TimeUnit.SECONDS)).isTrue();
                assertThat(b.exitValue()).as(log("b")).isZero();
            } finally {
                signal("KILL", a);
                a.waitFor(30, TimeUnit.SECONDS);
            }
            assertConsistent(store, RESOURCES);
        }
    }

    @Test
    void aHolderThatWakesUpAfterItsSourceWasTakenOverCommitsNothingMore() throws Exception {
        Path store = dir.resolve("store");
        try (FixturePublisher pub = FixturePublisher.builder().resources(RESOURCES).seed(76).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            Process a = start("a", Map.of(SourceLeases.TTL_ENV, "3"), sync(pub, store, "0.1"));
            awaitRequests(pub, a, 10);
            try {
                stopOutsideATransaction(a, store);
                // B takes the source over once A's lease ran out, and finishes it
                Process b = null;
                for (int i = 0; i < 60 && (b == null || b.exitValue() == Main.EXIT_USAGE); i++) {
                    b = start("b", Map.of(), sync(pub, store, "0"));
                    assertThat(b.waitFor(120, TimeUnit.SECONDS)).isTrue();
                }
                assertThat(b.exitValue()).as(log("b")).isZero();
                assertConsistent(store, RESOURCES);

                signal("CONT", a);
                assertThat(a.waitFor(60, TimeUnit.SECONDS)).as("A, woken up, ends").isTrue();
                String out = log("a");
                assertThat(a.exitValue()).as(out).isNotZero();
                // refused by the fence, or (when its renewal woke first) stopped on seeing the takeover
                assertThat(out).containsAnyOf("moved on: this holder's epoch", "was taken over by another holder")
                        .doesNotContain("\tat ");
                if (out.contains("moved on")) {
                    assertFencedRun(store);
                }
            } finally {
                if (a.isAlive()) {
                    signal("KILL", a);
                    a.waitFor(30, TimeUnit.SECONDS);
                }
            }
            assertConsistent(store, RESOURCES); // A committed nothing more: no row twice, none lost
        }
    }

    @Test
    void twoProcessesSyncingDifferentSourcesIntoOneStoreBothFinish() throws Exception {
        Path store = dir.resolve("store");
        try (FixturePublisher one = FixturePublisher.builder().resources(RESOURCES).seed(74).start();
             ResourceSyncSource first = ResourceSyncSource.install(one);
             FixturePublisher two = FixturePublisher.builder().resources(RESOURCES).seed(75).start();
             ResourceSyncSource second = ResourceSyncSource.install(two)) {
            Process a = start("a", Map.of(), sync(one, store, "0.02"));
            Process b = start("b", Map.of(), sync(two, store, "0.02"));
            assertThat(a.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(b.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(a.exitValue()).as(log("a")).isZero();
            assertThat(b.exitValue()).as(log("b")).isZero();
            assertThat(log("a") + log("b")).doesNotContain("Exception").doesNotContain("\tat ");
            assertConsistent(store, 2 * RESOURCES);
        }
    }

    private static List<String> sync(FixturePublisher pub, Path store, String delay) {
        return List.of("sync", "resourcesync", pub.baseUri().toString(), "--store", store.toString(), "--delay", delay,
                "--concurrency", "1", "--tries", "1", "--baseline", "list");
    }

    /** Waits until the child made {@code n} requests for resources (it holds the source's lease by then). */
    private void awaitRequests(FixturePublisher pub, Process child, int n) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (pub.requests().stream().filter(r -> r.path().startsWith("/eli/")).count() >= n) {
                return;
            }
            assertThat(child.isAlive()).as("the child still syncs; its output:%n%s", log("a")).isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("the child made no requests within 60 s");
    }

    /**
     * SIGSTOP for the child, at a moment it holds no write transaction (else every other writer would wait for it
     * as long as SQLite's busy timeout): stopped, checked, and let go for a moment when it was inside one.
     */
    private static void stopOutsideATransaction(Process child, Path store) throws Exception {
        for (int attempt = 0; attempt < 50; attempt++) {
            signal("STOP", child);
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + store.resolve("lexsync.db"));
                 Statement st = c.createStatement()) {
                st.execute("PRAGMA busy_timeout = 200");
                st.execute("BEGIN IMMEDIATE");
                st.execute("ROLLBACK");
                return;
            } catch (SQLException busy) {
                signal("CONT", child);
                Thread.sleep(37);
            }
        }
        throw new AssertionError("the child was inside a write transaction at every try");
    }

    /** Every resource once in the store and the journal, and SQLite finds the database intact. */
    private static void assertConsistent(Path store, int resources) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + store.resolve("lexsync.db"));
             Statement st = c.createStatement()) {
            assertThat(single(st, "PRAGMA integrity_check")).isEqualTo("ok");
            assertThat(single(st, "SELECT COUNT(*) FROM journal")).isEqualTo(Integer.toString(resources));
            assertThat(single(st, "SELECT COUNT(*) FROM (SELECT source_id, resource_uri, kind FROM journal"
                    + " GROUP BY source_id, resource_uri, kind HAVING COUNT(*) > 1) d")).as("journal rows twice").isEqualTo("0");
            assertThat(single(st, "SELECT COUNT(*) FROM resources WHERE status = 'active'"))
                    .isEqualTo(Integer.toString(resources));
            assertThat(single(st, "SELECT COUNT(*) FROM source_leases")).as("leases left behind").isEqualTo("0");
        }
    }

    /** A's run (the first) ended interrupted by the fence, with its finding. */
    private static void assertFencedRun(Path store) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + store.resolve("lexsync.db"));
             Statement st = c.createStatement()) {
            assertThat(single(st, "SELECT status FROM runs ORDER BY id LIMIT 1")).isEqualTo("interrupted");
            assertThat(single(st, "SELECT error FROM runs ORDER BY id LIMIT 1")).startsWith("lexsync:fenced: ");
            assertThat(single(st, "SELECT COUNT(*) FROM run_findings f JOIN (SELECT MIN(id) AS id FROM runs) r"
                    + " ON f.run_id = r.id WHERE f.rule = 'lexsync:fenced'")).isEqualTo("1");
        }
    }

    private static String single(Statement st, String sql) throws SQLException {
        try (ResultSet rs = st.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    private String log(String name) {
        try {
            return Files.readString(dir.resolve(name + ".log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    private static void signal(String signal, Process p) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start();
        assertThat(kill.waitFor()).isZero();
    }

    /** {@code lexsync ARGS} in a JVM of its own with this test's class path, its output in {@code NAME.log}. */
    private Process start(String name, Map<String, String> env, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().remove(SourceLeases.TTL_ENV);
        pb.environment().putAll(env);
        return pb.start();
    }
}
