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
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * {@code lexsync store migrate} (issue 31) on a real SQLite store with its blobs in files and its ELI graphs in TDB2,
 * into S3Proxy and an embedded Fuseki, in processes of their own: every blob is in the bucket with its bytes, every
 * graph at the SPARQL store with its triples, the old copies are kept until {@code --delete-old}; a migration killed
 * with SIGKILL half-way resumes and copies only what it had not verified.
 */
class StoreMigrateCommandTest {
    @TempDir
    Path dir;

    private Path data() {
        return dir.resolve("data");
    }

    /** A store with {@code documents} documents of 80 KB (above the inline size: files) and, when asked, ELI graphs. */
    private void harvest(int documents, boolean eli) {
        try (FixturePublisher pub = FixturePublisher.builder().resources(documents).seed(31).bodyBytes(80 * 1024)
                .start(); ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            CliRun run = CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", data().toString(),
                    "--delay", "0");
            assertThat(run.code()).as(run.err()).isZero();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        if (eli) {
            try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
                EliProvider provider = EliProvider.registerDemo(pub);
                CliRun run = CliRun.of("sync", "eli", "--sitemap", provider.sitemapUrl().toString(), "--feed",
                        provider.feedUrl().toString(), "--store", data().toString(), "--ignore-robots", "--delay", "0");
                assertThat(run.code()).as(run.err()).isZero();
            }
        }
    }

    @Test
    void copiesEveryBlobAndGraphVerifiedAndKeepsTheOldCopiesUntilDeleteOld() throws Exception {
        harvest(12, true);
        List<Path> files = blobFiles();
        long graphs;
        try (RdfStore local = RdfStore.open(data())) {
            graphs = local.graphCount();
        }
        assertThat(files).hasSize(12);
        assertThat(graphs).isPositive();
        try (S3Server s3 = S3Server.start(dir.resolve("s3")); LocalFuseki fuseki = LocalFuseki.start(dir.resolve("fuseki"))) {
            List<String> migrate = List.of("store", "migrate", "--store", data().toString(), "--to-blobs",
                    "s3://" + S3Server.BUCKET + "/moved", "--to-s3-endpoint", s3.endpoint().toString(), "--to-rdf",
                    fuseki.endpoint().toString());
            Process first = start(migrate, s3);
            assertThat(first.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(first.exitValue()).as(log()).isZero();

            for (Path f : files) {
                Path object = s3.root().resolve(S3Server.BUCKET).resolve("moved/sha256")
                        .resolve(f.getFileName().toString().substring(0, 2)).resolve(f.getFileName().toString());
                assertThat(object).as(f.toString()).exists().hasSameBinaryContentAs(f);
            }
            assertThat(blobFiles()).as("the old copies stay").hasSize(12);
            try (RdfStore remote = RdfStore.remote(fuseki.endpoint())) {
                assertThat(remote.graphCount()).isEqualTo(graphs);
            }
            assertThat(log()).contains("12 blobs copied").contains(graphs + " graphs copied")
                    .contains("store:\n  blobs: s3://" + S3Server.BUCKET + "/moved\n")
                    .contains("  rdf: " + fuseki.endpoint());

            Process delete = start(Stream.concat(migrate.stream(), Stream.of("--delete-old")).toList(), s3);
            assertThat(delete.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(delete.exitValue()).as(log()).isZero();
            assertThat(log()).contains("0 blobs copied").contains("12 verified before")
                    .contains("12 old blobs and " + graphs + " old graphs deleted");
            assertThat(blobFiles()).isEmpty();
            try (RdfStore local = RdfStore.open(data())) {
                assertThat(local.graphCount()).isZero();
            }
        }
    }

    @Test
    void aMigrationKilledHalfWayResumesWithWhatItHadNotVerified() throws Exception {
        harvest(300, false);
        List<Path> files = blobFiles();
        assertThat(files).hasSize(300);
        try (S3Server s3 = S3Server.start(dir.resolve("s3"))) {
            List<String> migrate = List.of("store", "migrate", "--store", data().toString(), "--to-blobs",
                    "s3://" + S3Server.BUCKET + "/moved", "--to-s3-endpoint", s3.endpoint().toString());
            Process first = start(migrate, s3);
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(20))
                    .until(() -> verified() >= 10 || !first.isAlive());
            first.destroyForcibly();   // SIGKILL
            first.waitFor(30, TimeUnit.SECONDS);
            long before = verified();
            assertThat(before).as("killed half-way: " + log()).isBetween(10L, 299L);

            Process second = start(migrate, s3);
            assertThat(second.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(second.exitValue()).as(log()).isZero();
            assertThat(verified()).isEqualTo(300);
            assertThat(log()).contains(before + " verified before").contains((300 - before) + " blobs copied");
            for (Path f : files) {
                Path object = s3.root().resolve(S3Server.BUCKET).resolve("moved/sha256")
                        .resolve(f.getFileName().toString().substring(0, 2)).resolve(f.getFileName().toString());
                assertThat(object).as(f.toString()).exists().hasSameBinaryContentAs(f);
            }
        }
    }

    /** The blobs verified at the target so far, as the store's progress table says (read while the child runs). */
    private long verified() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + data().resolve("lexsync.db"));
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM store_migration WHERE kind = 'blob'")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (java.sql.SQLException notYet) {
            return 0;   // the table comes with the child's first migration of the schema, or the file is busy
        }
    }

    private List<Path> blobFiles() throws IOException {
        Path root = data().resolve("blobs");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).sorted().toList();
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

    /** {@code lexsync ARGS} in a JVM of its own, with the object store's credentials in its environment only. */
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
