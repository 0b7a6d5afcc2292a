package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Issue 31, "blob durable first, then the transaction that references it", with a real {@code lexsync sync} killed
 * with SIGKILL after its blobs are in the bucket and while its commit waits (the test holds a lock on the journal in
 * PostgreSQL): no journal row points at a blob that is not in the bucket, the blobs it left are orphans that gc keeps
 * within the grace period and deletes after it, and the next run commits everything.
 */
class ObjectStoreKillTest {
    @TempDir
    Path dir;

    @Test
    void aSyncKilledBetweenBlobPutAndCommitLeavesOnlyOrphansThatGcCollectsAfterTheGrace() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             PostgresDatabase database = PostgresDatabase.create();
             FixturePublisher pub = FixturePublisher.builder().resources(4).seed(17).bodyBytes(100 * 1024).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            List<String> sync = List.of("sync", "resourcesync", pub.baseUri().toString(), "--store",
                    dir.resolve("data").toString(), "--jdbc-url", database.jdbcUrl(), "--db-user", PostgresDatabase.USER,
                    "--delay", "0", "--blobs", "s3://" + S3Server.BUCKET + "/kill", "--s3-endpoint",
                    s3.endpoint().toString());
            CliRun schema = CliRun.of("gc", "--store", dir.resolve("data").toString(), "--jdbc-url",
                    database.jdbcUrl(), "--db-user", PostgresDatabase.USER);   // creates the schema: the journal to lock
            assertThat(schema.code()).as(schema.err()).isZero();

            try (Connection lock = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, null)) {
                lock.setAutoCommit(false);
                try (Statement st = lock.createStatement()) {
                    st.execute("LOCK TABLE journal IN EXCLUSIVE MODE");   // reads go on, the commit's insert waits
                }
                Process child = start(sync, s3);
                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50))
                        .until(() -> objects(s3).size() >= pub.activeResources().size() && commitWaiting(lock)
                                || !child.isAlive());
                assertThat(child.isAlive()).as(log()).isTrue();
                child.destroyForcibly();   // SIGKILL between the blobs' put and the journal's commit
                child.waitFor(30, TimeUnit.SECONDS);
                lock.rollback();
            }

            List<Path> orphans = objects(s3);
            try (LexSync lexsync = open(dir.resolve("other-node"), database, s3)) {
                assertThat(lexsync.store().lastSeq()).as("no journal row").isZero();
                GcReport kept = lexsync.store().gc(Duration.ofHours(1));
                assertThat(kept.deleted()).as("young blobs are kept: a commit may still be in flight").isZero();
                GcReport collected = lexsync.store().gc(Duration.ZERO);
                assertThat(collected.deleted()).isEqualTo(orphans.size());
            }
            assertThat(objects(s3)).isEmpty();

            Process again = start(sync, s3);
            assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(again.exitValue()).as(log()).isZero();
            for (FixtureResource r : pub.activeResources()) {
                assertThat(s3.root().resolve(S3Server.BUCKET).resolve("kill/sha256").resolve(r.sha256().substring(0, 2))
                        .resolve(r.sha256())).as(r.path()).exists();
            }
        }
    }

    /** The same store from another node's data directory (journal in PostgreSQL, blobs in the bucket). */
    private static LexSync open(Path dataDir, PostgresDatabase database, S3Server s3) {
        return LexSync.builder(dataDir).existing(true)
                .jdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null)
                .blobs("s3://" + S3Server.BUCKET + "/kill").s3Endpoint(s3.endpoint(), true)
                .s3CredentialVariables(S3Server.ACCESS_KEY_ENV, S3Server.SECRET_KEY_ENV)
                .s3Environment(s3.environment()::get).build();
    }

    /** True when another session waits for a lock on the journal: the child's commit is in flight. */
    private static boolean commitWaiting(Connection lock) throws Exception {
        try (Statement st = lock.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_locks WHERE NOT granted"
                     + " AND relation = 'journal'::regclass")) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    private static List<Path> objects(S3Server s3) throws IOException {
        Path root = s3.root().resolve(S3Server.BUCKET).resolve("kill");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).toList();
        }
    }

    private Path logFile() {
        return dir.resolve("child.log");
    }

    private String log() {
        try {
            return Files.readString(logFile(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private Process start(List<String> args, S3Server s3) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile().toFile());
        builder.environment().put("LEXSYNC_S3_ACCESS_KEY", s3.environment().get(S3Server.ACCESS_KEY_ENV));
        builder.environment().put("LEXSYNC_S3_SECRET_KEY", s3.environment().get(S3Server.SECRET_KEY_ENV));
        return builder.start();
    }
}
