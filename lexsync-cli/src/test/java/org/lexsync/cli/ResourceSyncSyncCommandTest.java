package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * {@code lexsync sync resourcesync URL} against the fixture ResourceSync Source (exit codes per docs/architecture.md,
 * "Exit codes").
 */
class ResourceSyncSyncCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(16).seed(9).start();
        source = ResourceSyncSource.install(pub);
    }

    @AfterEach
    void stop() {
        source.close();
        pub.close();
    }

    private CliRun sync(String... extra) {
        String[] base = {"sync", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(), "--delay", "0",
                "--tries", "1"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void firstRunIsABaselineAndPrintsASummary() {
        CliRun r = sync();

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("resourcesync-127.0.0.1-" + pub.baseUri().getPort()
                + " (resourcesync): created 16, updated 0, deleted 0, unchanged 0, failed 0");
        assertThat(r.out()).contains("changes/s").containsPattern("checkpoint: ResourceSync http://127.0.0.1:\\d+/\\S+: baseline of \\S+Z done").doesNotContain("rs1 ");
    }

    @Test
    void laterRunsAreIncremental() {
        sync("--baseline", "list");
        pub.applyChanges(2, 3, 1);

        CliRun r = sync();

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("created 2, updated 3, deleted 1, unchanged 0, failed 0");
    }

    @Test
    void noDeleteKeepsDeletedResources() {
        sync();
        pub.applyChanges(ChangeScript.builder().delete(pub.activeResources().get(0).path()).build());

        CliRun r = sync("--no-delete");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("deleted 0");
    }

    @Test
    void aChangeThatKeepsFailingIsQuarantinedAfterTheGivenRunsAndTheLaterChangesGoOn() {
        sync("--baseline", "list");
        String broken = pub.activeResources().get(1).path();
        pub.applyChanges(ChangeScript.builder().update(broken).build());
        pub.applyChanges(ChangeScript.builder().create().build());
        pub.faults().always(broken, new Fault.Status(404, null));

        CliRun first = sync("--give-up-runs", "2");
        CliRun second = sync("--give-up-runs", "2");
        CliRun runs = CliRun.of("runs", "--store", dir.toString());

        assertThat(first.code()).isEqualTo(1);
        assertThat(first.out()).contains("stopped before").contains("created 0");
        assertThat(second.code()).isEqualTo(1);
        assertThat(second.out()).contains("created 1").contains("[quarantined: failed in 2 runs]")
                .contains("quarantined: 1 item");
        assertThat(runs.out()).contains("items quarantined").contains(broken).contains("failed in 2 runs");
        assertThat(CliRun.of("sources", "--store", dir.toString(), "--format", "jsonl").out())
                .contains("\"quarantined\":1");
    }

    @Test
    void aBadGiveUpDurationIsAUsageError() {
        CliRun r = sync("--give-up-after", "soon");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--give-up-after").contains("'soon' is not a duration");
    }

    @Test
    void aHashMismatchEndsWithExitCodeOne() {
        sync();
        String path = pub.activeResources().get(1).path();
        pub.applyChanges(ChangeScript.builder().update(path).build());
        pub.faults().always(path, new Fault.CorruptBody());

        CliRun r = sync();

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("hash-mismatch");
    }

    @Test
    void aResourceMissingFromTheBaselineIsListedWhileTheOthersAreStored() {
        String missing = pub.activeResources().get(2).uri().toString();
        pub.faults().always(pub.activeResources().get(2).path(), new Fault.Status(404, null));

        CliRun r = sync("--baseline", "list");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("created 15, updated 0, deleted 0, unchanged 0, failed 1")
                .contains("failed: " + missing + " (http-status").doesNotContain("stopped before");
    }

    @Test
    void aSourceWithoutResourceSyncEndsWithExitCodeThree() {
        try (FixturePublisher plain = FixturePublisher.builder().resources(1).start()) {
            CliRun r = CliRun.of("sync", "resourcesync", plain.baseUri().toString(), "--store", dir.toString(),
                    "--delay", "0", "--tries", "1");

            assertThat(r.code()).isEqualTo(3);
            assertThat(r.err()).contains("no ResourceSync Capability List found").doesNotContain("Exception");
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertThat(sync("--from", "yesterday").code()).isEqualTo(2);
        assertThat(sync("--exclude", "[").code()).isEqualTo(2);
        assertThat(sync("--baseline", "zip").code()).isEqualTo(2);
        assertThat(sync("--hash", "crc32").code()).isEqualTo(2);
    }

    @Test
    void hashOptionAndExcludeAreAccepted() {
        CliRun r = sync("--hash", "sha-256", "--exclude", "/pdf$", "--baseline", "list");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("created 8,");
    }
}
