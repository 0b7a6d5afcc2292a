package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** {@code lexsync audit resourcesync URL} (ResourceSync §5.2 Audit): exit 0 only when in sync. */
class AuditCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(12).seed(4).start();
        source = ResourceSyncSource.install(pub);
        CliRun sync = CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(),
                "--delay", "0");
        assertThat(sync.code()).as(sync.err()).isZero();
    }

    @AfterEach
    void stop() {
        source.close();
        pub.close();
    }

    private CliRun audit(String... extra) {
        String[] base = {"audit", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(), "--delay", "0"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void anUpToDateCopyIsInSyncWithExitCodeZero() {
        CliRun r = audit();

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("in sync 12, missing 0, extra 0, mismatched 0");
    }

    @Test
    void differencesAreListedWithExitCodeOne() {
        pub.applyChanges(1, 1, 1);

        CliRun r = audit();

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("NOT in sync").contains("missing 1, extra 1, mismatched 1")
                .contains("missing: ").contains("extra: ").contains("mismatched: ");
    }

    @Test
    void jsonOutputCarriesTheCounts() {
        pub.applyChanges(2, 0, 0);

        CliRun r = audit("--format", "json");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("\"inSync\":12").contains("\"missing\":2").contains("\"extra\":0")
                .contains("\"mismatched\":0");
    }

    @Test
    void aMissingStoreIsAUsageError() {
        CliRun r = CliRun.of("audit", "resourcesync", pub.baseUri().toString(), "--store",
                dir.resolve("nothing").toString());

        assertThat(r.code()).isEqualTo(2);
    }

    @Test
    void aCapabilityListThatIsNotAnHttpUrlIsAUsageError() {
        CliRun r = audit("--capability-list", "file:///etc/passwd");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--capability-list must be an absolute http(s) URL");
    }
}
