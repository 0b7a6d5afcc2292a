package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.SmallDisk;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Issue 13.4: a full disk, a read-only store and a damaged database end a command with exit code 4 and one line
 * naming the cause and the directory, never the publisher; read commands work on a read-only store; the store
 * stays sound and the next run continues. A real tmpfs (mounting needs root: skipped otherwise).
 */
class StoreErrorsTest {
    private static final int RESOURCES = 400;

    @TempDir
    Path dir;

    private FixturePublisher pub;
    private ResourceSyncSource source;
    private SmallDisk disk;

    @BeforeEach
    void publish() {
        pub = FixturePublisher.builder().resources(RESOURCES).seed(17).start();
        source = ResourceSyncSource.install(pub);
    }

    @AfterEach
    void close() throws Exception {
        source.close();
        pub.close();
        if (disk != null) {
            disk.close();
        }
    }

    private Path disk(long bytes) throws IOException {
        disk = SmallDisk.mount(dir.resolve("disk"), bytes);
        assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
        return disk.dir().resolve("store");
    }

    private CliRun sync(Path store) {
        return CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", store.toString(), "--delay", "0",
                "--tries", "1");
    }

    @Test
    void aFullDiskExitsFourNamingTheDirectoryAndTheNextRunContinues() throws IOException {
        Path store = disk(6L << 20);
        assertThat(sync(store).code()).isZero();
        disk.fill(64 * 1024);
        pub.applyChanges(RESOURCES, 0, 0);

        CliRun full = sync(store);

        assertThat(full.code()).as(full.out() + full.err()).isEqualTo(Main.EXIT_STORE);
        assertThat(full.err()).containsPattern("lexsync: no space left on device in " + store.toAbsolutePath() + "(/tmp)?: \\d+ bytes free")
                .doesNotContain("SQLITE").doesNotContain("\tat ");
        disk.resize(128L << 20);
        CliRun again = sync(store);
        assertThat(again.code()).as(again.out() + again.err()).isZero();
        CliRun audit = CliRun.of("audit", "resourcesync", pub.baseUri().toString(), "--store", store.toString(), "--delay", "0");
        assertThat(audit.out()).contains("missing 0, extra 0, mismatched 0");
    }

    @Test
    void aReadOnlyStoreIsReadByReadCommandsAndASyncExitsFour() throws IOException {
        Path store = disk(32L << 20);
        assertThat(sync(store).code()).isZero();
        disk.readOnly();

        for (String[] read : new String[][] {{"resources"}, {"changes"}, {"runs"}, {"sources"},
                {"sparql", "SELECT * WHERE { ?s ?p ?o } LIMIT 1"}}) {
            String[] args = new String[read.length + 2];
            System.arraycopy(read, 0, args, 0, read.length);
            args[read.length] = "--store";
            args[read.length + 1] = store.toString();
            CliRun r = CliRun.of(args);
            assertThat(r.code()).as("%s: %s", read[0], r.err()).isZero();
        }
        assertThat(CliRun.of("resources", "--store", store.toString()).out().lines().count()).isEqualTo(RESOURCES);

        CliRun write = sync(store);
        assertThat(write.code()).isEqualTo(Main.EXIT_STORE);
        assertThat(write.err()).contains("lexsync: store " + store.toAbsolutePath() + " is read-only").doesNotContain("\tat ");
    }

    @Test
    void sparqlReadsTheRdfOfAReadOnlyStore() throws IOException {
        Path store = disk(64L << 20);
        org.lexsync.fixture.eli.EliProvider provider = org.lexsync.fixture.eli.EliProvider.registerDemo(pub);
        CliRun eli = CliRun.of("sync", "eli", "--sitemap", provider.sitemapUrl().toString(), "--feed",
                provider.feedUrl().toString(), "--store", store.toString(), "--ignore-robots", "--delay", "0");
        assertThat(eli.code()).as(eli.err()).isZero();
        String[] query = {"sparql", "--store", store.toString(), "--format", "csv",
                "SELECT ?e ?t WHERE { ?e <http://data.europa.eu/eli/ontology#title> ?t } ORDER BY ?e ?t"};
        CliRun writable = CliRun.of(query);
        disk.readOnly();

        CliRun r = CliRun.of(query);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(writable.out());
        assertThat(r.out().lines().count()).isGreaterThan(1);
    }

    @Test
    void aDamagedDatabaseExitsFourNamingTheFile() throws IOException {
        Path store = dir.resolve("store");
        assertThat(sync(store).code()).isZero();
        Path db = store.resolve("lexsync.db");
        byte[] garbage = new byte[16384];
        new Random(5).nextBytes(garbage);
        try (FileChannel ch = FileChannel.open(db, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(garbage), 0);
        }

        for (CliRun r : new CliRun[] {CliRun.of("resources", "--store", store.toString()), sync(store)}) {
            assertThat(r.code()).isEqualTo(Main.EXIT_STORE);
            assertThat(r.err()).startsWith("lexsync: store database " + db.toAbsolutePath() + " is damaged")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void readCommandsNeverCreateAStore() {
        Path missing = dir.resolve("nothing-here");
        for (String[] read : new String[][] {{"resources"}, {"changes"}, {"runs"}, {"sparql", "ASK {}"},
                {"audit", "resourcesync", pub.baseUri().toString()}}) {
            String[] args = new String[read.length + 2];
            System.arraycopy(read, 0, args, 0, read.length);
            args[read.length] = "--store";
            args[read.length + 1] = missing.toString();
            CliRun r = CliRun.of(args);
            assertThat(r.code()).as(read[0]).isEqualTo(Main.EXIT_USAGE);
            assertThat(r.err()).as(read[0]).contains("no LexSync store at " + missing.toAbsolutePath());
        }
        CliRun sources = CliRun.of("sources", "--store", missing.toString());
        assertThat(sources.code()).isZero();
        assertThat(missing).doesNotExist();
    }

    @Test
    void aDryRunCreatesNoStore() {
        Path store = dir.resolve("dry");
        CliRun r = CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", store.toString(), "--delay", "0",
                "--dry-run");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(store).doesNotExist();
    }

    @Test
    void aDryRunOnAnExistingStoreChangesNothing() throws IOException {
        Path store = dir.resolve("store");
        assertThat(sync(store).code()).isZero();
        pub.applyChanges(10, 0, 0);
        long before = Files.size(store.resolve("lexsync.db"));
        CliRun r = CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", store.toString(), "--delay", "0",
                "--dry-run");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(CliRun.of("changes", "--store", store.toString()).out().lines().count()).isEqualTo(RESOURCES);
        assertThat(Files.size(store.resolve("lexsync.db"))).isEqualTo(before);
    }

    @Test
    void aFailedFirstSyncLeavesNoEmptyStore() throws IOException {
        Path store = dir.resolve("unreachable");
        CliRun r = CliRun.of("sync", "resourcesync", "http://127.0.0.1:9/.well-known/resourcesync", "--store",
                store.toString(), "--tries", "1", "--timeout", "2");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.EXIT_UNREADABLE);
        assertThat(store).doesNotExist();

        Path existing = Files.createDirectories(dir.resolve("with-config"));
        Files.writeString(existing.resolve("notes.txt"), "mine");
        CliRun again = CliRun.of("sync", "resourcesync", "http://127.0.0.1:9/.well-known/resourcesync", "--store",
                existing.toString(), "--tries", "1", "--timeout", "2");
        assertThat(again.code()).isEqualTo(Main.EXIT_UNREADABLE);
        try (var list = Files.list(existing)) {
            assertThat(list.map(p -> p.getFileName().toString())).containsExactly("notes.txt");
        }
    }
}
