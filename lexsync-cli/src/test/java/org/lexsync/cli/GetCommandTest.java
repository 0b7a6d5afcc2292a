package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** {@code lexsync get URI}: the stored bytes of a document synced from the fixture ResourceSync Source. */
class GetCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;
    Path store;

    @BeforeEach
    void syncOnce() {
        pub = FixturePublisher.builder().resources(8).seed(5).start();
        source = ResourceSyncSource.install(pub);
        store = dir.resolve("store");
        CliRun r = sync("--source-id", "one");
        assertThat(r.code()).as(r.err()).isZero();
    }

    @AfterEach
    void stop() {
        source.close();
        pub.close();
    }

    private CliRun sync(String... extra) {
        List<String> args = new ArrayList<>(List.of("sync", "resourcesync", pub.baseUri().toString(), "--store",
                store.toString(), "--delay", "0", "--tries", "1"));
        args.addAll(List.of(extra));
        return CliRun.of(args.toArray(String[]::new));
    }

    private FixtureResource pdf() {
        return pub.activeResources().stream().filter(FixtureResource::isPdf).findFirst().orElseThrow();
    }

    @Test
    void writesTheStoredBytesToAFile() throws Exception {
        FixtureResource doc = pdf();
        Path file = dir.resolve("doc.pdf");

        CliRun r = CliRun.of("get", doc.uri().toString(), "--store", store.toString(), "-o", file.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllBytes(file)).isEqualTo(doc.bytes());
    }

    @Test
    void writesBinaryBytesUnchangedToStandardOutput() throws Exception {
        FixtureResource doc = pdf();
        Path captured = dir.resolve("stdout.bin");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "get", doc.uri().toString(), "--store",
                store.toString()));
        Process p = new ProcessBuilder(command).redirectOutput(captured.toFile())
                .redirectError(dir.resolve("stderr.txt").toFile()).start();

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("stderr.txt"))).isZero();
        assertThat(Files.readAllBytes(captured)).isEqualTo(doc.bytes());
    }

    @Test
    void anUnknownUriIsAUsageError() {
        CliRun r = CliRun.of("get", pub.uri("/no/such/doc").toString(), "--store", store.toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("no stored resource " + pub.uri("/no/such/doc"));
    }

    @Test
    void aUriHeldByTwoSourcesNamesBoth() {
        assertThat(sync("--source-id", "two").code()).isZero();

        CliRun r = CliRun.of("get", pdf().uri().toString(), "--store", store.toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("held by 2 sources: one, two").contains("--source");
        assertThat(CliRun.of("get", pdf().uri().toString(), "--store", store.toString(), "--source", "two",
                "-o", dir.resolve("x").toString()).code()).isZero();
    }

    @Test
    void aRoleThatIsNotStoredNamesTheStoredOnes() {
        CliRun r = CliRun.of("get", pdf().uri().toString(), "--store", store.toString(), "--role", "fulltext");

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("has no fulltext file in source 'one' (stored: primary)");
    }

    @Test
    void aDeletedResourceSaysSo() {
        FixtureResource doc = pdf();
        pub.applyChanges(ChangeScript.builder().delete(doc.path()).build());
        assertThat(sync("--source-id", "one").code()).isZero();

        CliRun r = CliRun.of("get", doc.uri().toString(), "--store", store.toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("was deleted from source 'one'");
    }
}
