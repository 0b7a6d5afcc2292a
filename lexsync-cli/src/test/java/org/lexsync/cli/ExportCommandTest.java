package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** {@code lexsync export --out DIR}: a tree by URL plus a manifest, refreshed incrementally. */
class ExportCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;
    Path store;
    Path out;

    @BeforeEach
    void syncOnce() {
        pub = FixturePublisher.builder().resources(12).seed(21).start();
        source = ResourceSyncSource.install(pub);
        store = dir.resolve("store");
        out = dir.resolve("export");
        assertThat(sync().code()).isZero();
    }

    @AfterEach
    void stop() {
        source.close();
        pub.close();
    }

    private CliRun sync() {
        return CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", store.toString(), "--delay", "0",
                "--tries", "1");
    }

    private CliRun export() {
        return CliRun.of("export", "--out", out.toString(), "--store", store.toString());
    }

    /** Where the export put this resource: host_port/path, or path/_index when the path is also a directory. */
    private Path fileOf(FixtureResource r) {
        Path plain = out.resolve("127.0.0.1_" + pub.baseUri().getPort()).resolve(r.path().substring(1));
        return Files.isDirectory(plain) ? plain.resolve(ExportPaths.INDEX) : plain;
    }

    @Test
    void writesEveryDocumentByUrlPathWithAManifest() throws Exception {
        CliRun r = export();

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("exported 12 documents").contains("12 written (12 new, 0 changed")
                .contains("0 unchanged, 0 removed");
        for (FixtureResource doc : pub.activeResources()) {
            assertThat(Files.readAllBytes(fileOf(doc))).as(doc.path()).isEqualTo(doc.bytes());
        }
        Map<String, ExportManifest.Line> manifest = ExportManifest.read(out.resolve(ExportPaths.MANIFEST));
        assertThat(manifest).hasSize(12);
        FixtureResource first = pub.activeResources().get(0);
        ExportManifest.Line line = manifest.get(out.relativize(fileOf(first)).toString());
        assertThat(line.uri()).isEqualTo(first.uri().toString());
        assertThat(line.md5()).isEqualTo(first.md5());
        assertThat(line.sha256()).isEqualTo(first.sha256());
        assertThat(line.length()).isEqualTo(first.length());
        assertThat(line.type()).isNotBlank();
    }

    @Test
    void aSecondExportWritesOnlyWhatChangedAndRemovesDeletedFiles() throws Exception {
        assertThat(export().code()).isZero();
        List<FixtureChange> changes = pub.applyChanges(2, 3, 1);
        assertThat(sync().code()).isZero();

        CliRun r = export();

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("exported 13 documents").contains("5 written (2 new, 3 changed")
                .contains("8 unchanged, 1 removed");
        List<FixtureResource> deleted = new ArrayList<>();
        for (FixtureChange c : changes) {
            if (c.kind() == FixtureChange.Kind.DELETED) {
                deleted.add(pub.resource(c.path()));
            }
        }
        assertThat(deleted).hasSize(1);
        Path gone = out.resolve("127.0.0.1_" + pub.baseUri().getPort()).resolve(deleted.get(0).path().substring(1));
        assertThat(gone).satisfiesAnyOf(p -> assertThat(p).doesNotExist(),
                p -> assertThat(p.resolve(ExportPaths.INDEX)).doesNotExist());
        for (FixtureResource doc : pub.activeResources()) {
            assertThat(Files.readAllBytes(fileOf(doc))).as(doc.path()).isEqualTo(doc.bytes());
        }
        assertThat(ExportManifest.read(out.resolve(ExportPaths.MANIFEST))).hasSize(13);
        assertThat(export().out()).contains("0 written").contains("13 unchanged, 0 removed");
    }

    @Test
    void anExportOfOneSourceKeepsTheOtherSourcesFiles() throws Exception {
        try (FixturePublisher second = FixturePublisher.builder().resources(3).seed(22).start();
             ResourceSyncSource secondSource = ResourceSyncSource.install(second)) {
            assertThat(CliRun.of("sync", "resourcesync", second.baseUri().toString(), "--store", store.toString(),
                    "--delay", "0", "--source-id", "second").code()).isZero();
            assertThat(export().out()).contains("exported 15 documents");

            CliRun r = CliRun.of("export", "--out", out.toString(), "--store", store.toString(), "--source", "second");

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("exported 3 documents").contains("0 written").contains("3 unchanged, 0 removed");
            assertThat(ExportManifest.read(out.resolve(ExportPaths.MANIFEST))).hasSize(15);
            for (FixtureResource doc : pub.activeResources()) {
                assertThat(fileOf(doc)).exists();
            }
        }
    }

    @Test
    void anUnknownSourceIsAUsageError() {
        CliRun r = CliRun.of("export", "--out", out.toString(), "--store", store.toString(), "--source", "nope");

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("no source 'nope'");
    }
}
