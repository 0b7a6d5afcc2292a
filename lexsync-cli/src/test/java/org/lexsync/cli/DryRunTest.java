package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** {@code --dry-run} reports what would be created, updated and deleted compared with the store. */
class DryRunTest {
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
        List<String> args = new java.util.ArrayList<>(List.of("sync", "resourcesync", pub.baseUri().toString(),
                "--store", dir.toString(), "--delay", "0", "--tries", "1"));
        args.addAll(List.of(extra));
        return CliRun.of(args.toArray(String[]::new));
    }

    private String resources() {
        return CliRun.of("resources", "--store", dir.toString()).out();
    }

    @Test
    void againstAnEmptyStoreEverythingIsACreate() {
        CliRun r = sync("--dry-run");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("[dry run, nothing written]: 16 changes planned")
                .contains("would create 16, update 0, delete 0; 0 already current");
        assertThat(resources()).isEmpty();
        assertThat(CliRun.of("sources", "--store", dir.toString(), "--format", "jsonl").out()).isEmpty();
    }

    @Test
    void afterABaselineTheChangesAreComparedWithTheStore() {
        assertThat(sync().code()).isZero();
        String before = resources();
        List<FixtureChange> changes = pub.applyChanges(2, 3, 1);

        CliRun r = sync("--dry-run", "--print-changes");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("would create 2, update 3, delete 1");
        for (FixtureChange c : changes) {
            String verb = switch (c.kind()) {
                case CREATED -> "create ";
                case UPDATED -> "update ";
                case DELETED -> "delete ";
            };
            assertThat(r.out()).contains("    " + verb + pub.uri(c.path()));
        }
        assertThat(resources()).isEqualTo(before);
        assertThat(sync().out()).contains("created 2, updated 3, deleted 1");
    }

    @Test
    void aForcedBaselineOfAnUnchangedSourceIsAllCurrent() {
        assertThat(sync().code()).isZero();

        CliRun r = sync("--dry-run", "--baseline", "list");

        assertThat(r.out()).contains("would create 0, update 0, delete 0; 16 already current");
    }

    @Test
    void printChangesNeedsADryRun() {
        assertThat(sync("--print-changes").code()).isEqualTo(Main.EXIT_USAGE);
    }

    @Test
    void anAtomDryRunIsComparedToo() {
        AtomSource atom = AtomSource.registerDemo(pub);

        CliRun r = CliRun.of("sync", "atom", atom.subscriptionUri().toString(), "--store", dir.toString(), "--delay",
                "0", "--dry-run", "--ignore-robots");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("would create 1\\d, update 0, delete 0");
    }
}
