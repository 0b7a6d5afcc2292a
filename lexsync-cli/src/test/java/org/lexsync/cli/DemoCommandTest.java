package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lexsync demo}: the whole flow on the bundled sample publisher, loopback only. */
class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void demoSyncsEveryProtocolAndAuditsInSync() {
        CliRun r = CliRun.of("demo", "--resources", "40", "--store", dir.resolve("demo").toString());

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("[1/10] Start the sample publisher")
                .contains("created 40, updated 0, deleted 0")
                .containsPattern("created 12, updated \\d+, deleted 5")
                .contains(": in sync")
                .contains("(atom): created 11")
                .contains("(atom): created 0, updated 0, deleted 1")
                .contains("(eli): created 12")
                .contains("\"Act No 2025/1, version 1\"@en")
                .contains("Demo finished: every change was applied, but some published documents break their spec:")
                .containsPattern("eli-127\\.0\\.0\\.1-\\d+ recorded 1 error finding in run \\d+ \\(lexsync runs --store ")
                .doesNotContain("verified and in sync");
        // the republished aggregate: a second store synced from it over ResourceSync and audited in sync
        String republish = r.out().substring(r.out().indexOf("[9/10] Republish the aggregate"));
        assertThat(republish).contains("lexsync publish").contains(": in sync");
    }

    /**
     * The demo on a stateless node's store (issue 31): every command it runs opens the store with its blobs in an
     * object store (S3Proxy), given by the variables every store-opening command reads ({@code $LEXSYNC_BLOBS},
     * {@code $LEXSYNC_S3_ENDPOINT}, the credentials), in a process of its own. The demo's documents are 2 KB, below
     * the default inline size, so the test lowers it to 1 KiB ({@code $LEXSYNC_INLINE_MAX_BYTES}): every document
     * goes to the bucket, is read back from it by the audit and the republication, and none lands on the node's disk.
     */
    @Test
    void demoRunsWithItsBlobsInAnObjectStore() throws Exception {
        try (org.lexsync.engine.store.S3Server s3 = org.lexsync.engine.store.S3Server.start(dir.resolve("s3"))) {
            Path log = dir.resolve("demo.log");
            java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                    ProcessHandle.current().info().command().orElse("java"), "-cp",
                    System.getProperty("java.class.path"), Main.class.getName(), "demo", "--resources", "40",
                    "--store", dir.resolve("demo").toString()));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("LEXSYNC_BLOBS", "s3://" + org.lexsync.engine.store.S3Server.BUCKET + "/demo");
            builder.environment().put("LEXSYNC_S3_ENDPOINT", s3.endpoint().toString());
            builder.environment().put("LEXSYNC_INLINE_MAX_BYTES", "1024");
            builder.environment().put("LEXSYNC_S3_ACCESS_KEY",
                    s3.environment().get(org.lexsync.engine.store.S3Server.ACCESS_KEY_ENV));
            builder.environment().put("LEXSYNC_S3_SECRET_KEY",
                    s3.environment().get(org.lexsync.engine.store.S3Server.SECRET_KEY_ENV));
            Process child = builder.start();

            assertThat(child.waitFor(300, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            String out = Files.readString(log, java.nio.charset.StandardCharsets.UTF_8);
            assertThat(child.exitValue()).as(out).isZero();
            assertThat(out).contains("created 40, updated 0, deleted 0").contains(": in sync")
                    .contains("(eli): created 12").contains("\"Act No 2025/1, version 1\"@en");
            assertThat(dir.resolve("demo").resolve("blobs")).as("no blob file on the node's disk")
                    .satisfiesAnyOf(p -> assertThat(p).doesNotExist(), p -> assertThat(p).isEmptyDirectory());
            Path bucket = s3.root().resolve(org.lexsync.engine.store.S3Server.BUCKET).resolve("demo").resolve("sha256");
            try (java.util.stream.Stream<Path> objects = Files.walk(bucket)) {
                assertThat(objects.filter(Files::isRegularFile).count()).as("documents in the bucket")
                        .isGreaterThanOrEqualTo(40);
            }
        }
    }

    @Test
    void aStoreThatHoldsDataIsRefused() throws Exception {
        Path used = Files.createDirectories(dir.resolve("used"));
        Files.writeString(used.resolve("lexsync.db"), "x");

        CliRun r = CliRun.of("demo", "--store", used.toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("--store " + used + " already holds a LexSync store (lexsync.db)")
                .contains("needs a new or empty directory");
        assertThat(Files.readString(used.resolve("lexsync.db"))).isEqualTo("x");
    }

    @Test
    void tooFewResourcesIsAUsageError() {
        assertThat(CliRun.of("demo", "--resources", "3").code()).isEqualTo(2);
    }
}
