package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * {@code --blobs s3://…} and {@code --s3-endpoint} (issue 31): a sync puts the documents above the inline size in the
 * object store, with the credentials taken from the environment only; an unreachable object store is exit 4; the
 * object store's options without a location, or without credentials, are usage errors (exit 2).
 */
class ObjectStoreOptionsTest {
    @TempDir
    Path dir;

    @Test
    void aSyncWithBlobsInAnObjectStorePutsTheLargeDocumentsInTheBucket() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             PostgresDatabase database = PostgresDatabase.create();
             FixturePublisher pub = FixturePublisher.builder().resources(3).seed(8).bodyBytes(100 * 1024).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            Process child = start(List.of("sync", "resourcesync", pub.baseUri().toString(), "--store",
                    dir.resolve("data").toString(), "--jdbc-url", database.jdbcUrl(), "--db-user", PostgresDatabase.USER,
                    "--delay", "0", "--blobs", "s3://" + S3Server.BUCKET + "/cli", "--s3-endpoint",
                    s3.endpoint().toString()), s3.environment().get(S3Server.ACCESS_KEY_ENV),
                    s3.environment().get(S3Server.SECRET_KEY_ENV));

            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(log()).isZero();
            for (FixtureResource r : pub.activeResources()) {
                assertThat(s3.root().resolve(S3Server.BUCKET).resolve("cli/sha256").resolve(r.sha256().substring(0, 2))
                        .resolve(r.sha256())).as(r.path()).exists();
            }
        }
    }

    @Test
    void theStoreSectionOfLexsyncYamlLocatesJournalAndBlobsWithCredentialsFromTheVariablesItNames() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             PostgresDatabase database = PostgresDatabase.create();
             FixturePublisher pub = FixturePublisher.builder().resources(2).seed(9).bodyBytes(100 * 1024).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            writeStoreSection(database, s3.endpoint().toString());
            Process child = start(List.of("sync", "resourcesync", pub.baseUri().toString(), "--store",
                    dir.resolve("data").toString(), "--delay", "0"), Map.of(
                    "OPS_S3_KEY", s3.environment().get(S3Server.ACCESS_KEY_ENV),
                    "OPS_S3_SECRET", s3.environment().get(S3Server.SECRET_KEY_ENV)));

            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(log()).isZero();
            for (FixtureResource r : pub.activeResources()) {
                assertThat(s3.root().resolve(S3Server.BUCKET).resolve("yaml/sha256").resolve(r.sha256().substring(0, 2))
                        .resolve(r.sha256())).as(r.path()).exists();
            }
            assertThat(dir.resolve("data/lexsync.db")).as("the journal is in PostgreSQL").doesNotExist();
        }
    }

    @Test
    void aWrongSecretNamedInLexsyncYamlIsAStoreErrorThatNeverShowsTheSecret() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             PostgresDatabase database = PostgresDatabase.create();
             FixturePublisher pub = FixturePublisher.builder().resources(2).seed(9).bodyBytes(100 * 1024).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            writeStoreSection(database, s3.endpoint().toString());
            Process child = start(List.of("sync", "resourcesync", pub.baseUri().toString(), "--store",
                    dir.resolve("data").toString(), "--delay", "0"), Map.of(
                    "OPS_S3_KEY", s3.environment().get(S3Server.ACCESS_KEY_ENV),
                    "OPS_S3_SECRET", "wrong-secret-7f3a9c-never-printed"));

            assertThat(child.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(log()).isEqualTo(Main.EXIT_STORE);
            assertThat(log()).contains("s3://" + S3Server.BUCKET + "/yaml")
                    .doesNotContain("wrong-secret-7f3a9c-never-printed").doesNotContain("\tat ");
        }
    }

    @Test
    void aMissingCredentialVariableNamedInLexsyncYamlIsAUsageErrorNamingTheVariable() throws Exception {
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("data/lexsync.yaml"), "store:\n  blobs: s3://lexsync-test/yaml\n"
                + "  s3: {access-key-env: LEXSYNC_TEST_UNSET_KEY_31, secret-key-env: LEXSYNC_TEST_UNSET_SECRET_31}\n",
                StandardCharsets.UTF_8);

        CliRun run = CliRun.of("sync", "resourcesync", "http://127.0.0.1:9/", "--store", dir.resolve("data").toString());

        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(run.err()).contains("$LEXSYNC_TEST_UNSET_KEY_31");
    }

    @Test
    void aBadStoreSectionIsAUsageErrorNamingFileLineAndKey() throws Exception {
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("data/lexsync.yaml"), "store:\n  rdf: not-a-url\n", StandardCharsets.UTF_8);

        CliRun run = CliRun.of("gc", "--store", dir.resolve("data").toString());

        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(run.err()).contains("lexsync.yaml:2: store.rdf:");
    }

    @Test
    void anObjectStoreThatCannotBeReachedIsAStoreError() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create();
             FixturePublisher pub = FixturePublisher.builder().resources(2).seed(8).bodyBytes(100 * 1024).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            Process child = start(List.of("sync", "resourcesync", pub.baseUri().toString(), "--store",
                    dir.resolve("data").toString(), "--jdbc-url", database.jdbcUrl(), "--db-user", PostgresDatabase.USER,
                    "--delay", "0", "--blobs", "s3://lexsync-test/cli", "--s3-endpoint", "http://127.0.0.1:9"),
                    "AKEXAMPLE", "secret-never-printed");

            assertThat(child.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(log()).isEqualTo(Main.EXIT_STORE);
            assertThat(log()).contains("object store s3://lexsync-test/cli").doesNotContain("secret-never-printed")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void anEndpointWithoutBlobsIsAUsageError() {
        CliRun run = CliRun.of("sync", "resourcesync", "http://127.0.0.1:9/", "--store", dir.resolve("data").toString(),
                "--s3-endpoint", "http://127.0.0.1:9000");

        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(run.err()).contains("--s3-endpoint needs --blobs");
    }

    @Test
    void blobsThatAreNotAnS3LocationAreAUsageError() {
        CliRun run = CliRun.of("sync", "resourcesync", "http://127.0.0.1:9/", "--store", dir.resolve("data").toString(),
                "--blobs", "/var/blobs");

        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(run.err()).contains("s3://bucket/prefix");
    }

    @Test
    void aBlobCacheBoundThatIsNotANumberOfBytesIsAUsageError() {
        CliRun run = CliRun.of("sync", "resourcesync", "http://127.0.0.1:9/", "--store", dir.resolve("data").toString(),
                "--blob-cache-bytes", "-1");

        assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(run.err()).contains("--blob-cache-bytes must be a number of bytes, 0 or more, was -1");
    }

    /** {@code data/lexsync.yaml} with the issue's {@code store:} section for this database and object store. */
    private void writeStoreSection(PostgresDatabase database, String endpoint) throws java.io.IOException {
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("data/lexsync.yaml"), String.join("\n",
                "store:",
                "  jdbc-url: " + database.jdbcUrl() + (database.jdbcUrl().contains("?") ? "&" : "?") + "user="
                        + PostgresDatabase.USER,
                "  blobs: s3://" + S3Server.BUCKET + "/yaml",
                "  s3: {endpoint: " + endpoint + ", region: us-east-1, path-style: true,",
                "       access-key-env: OPS_S3_KEY, secret-key-env: OPS_S3_SECRET}",
                ""), StandardCharsets.UTF_8);
    }

    private Path logFile() {
        return dir.resolve("child.log");
    }

    private String log() {
        try {
            return Files.readString(logFile(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    /** {@code lexsync ARGS} in a JVM of its own, with the object store's credentials in its environment only. */
    private Process start(List<String> args, String accessKey, String secretKey) throws Exception {
        return start(args, Map.of("LEXSYNC_S3_ACCESS_KEY", accessKey, "LEXSYNC_S3_SECRET_KEY", secretKey));
    }

    /** {@code lexsync ARGS} in a JVM of its own, with these variables in its environment. */
    private Process start(List<String> args, Map<String, String> environment) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile().toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }
}
