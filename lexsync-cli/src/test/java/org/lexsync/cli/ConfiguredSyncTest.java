package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/** {@code lexsync sync --config FILE [ID…]} and {@code lexsync sources}. */
class ConfiguredSyncTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    AtomSource demo;
    AtomSource other;
    Path store;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        demo = AtomSource.registerDemo(pub);
        other = AtomSource.register(pub, "/other", 5, 300).publishNew(7);
        store = dir.resolve("data");
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private Path config(String yaml) throws IOException {
        Path file = dir.resolve("lexsync.yaml");
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        return file;
    }

    private String sources(boolean secondApproved) {
        return "sources:\n"
                + "  - id: demo\n    protocol: atom\n    url: " + demo.subscriptionUri() + "\n"
                + "    politeness: {delay: 0, concurrency: 2}\n    approved: true\n"
                + "  - id: other\n    protocol: atom\n    urls: [" + other.subscriptionUri() + "]\n"
                + "    politeness: {delay: 0}\n    approved: " + secondApproved + "\n";
    }

    @Test
    void syncsAllApprovedSourcesWithOneSummary() throws IOException {
        Path file = config(sources(true));
        CliRun r = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("demo (atom): created 11", "other (atom): created 7",
                "2 sources: created 18, updated 0, deleted 0, unchanged 1, failed 0; 0 with failures, 0 unreadable");
    }

    @Test
    void aSourceAnotherHarvestHoldsIsReportedAndTheOthersRun() throws IOException {
        Path file = config(sources(true));
        try (org.lexsync.engine.store.Store held = org.lexsync.engine.store.Store.open(
                org.lexsync.engine.store.StoreConfig.of(store));
             org.lexsync.engine.store.SourceLease lease = held.leases().acquire("demo", java.time.Duration.ofMinutes(1))) {

            CliRun both = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");
            CliRun onlyHeld = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(),
                    "--ignore-robots", "demo");

            assertThat(both.code()).as(both.err()).isEqualTo(1);
            assertThat(both.err()).contains("demo").contains(Long.toString(ProcessHandle.current().pid()));
            assertThat(both.out()).contains("other (atom): created 7").contains("0 unreadable, 1 busy");
            assertThat(onlyHeld.code()).as(onlyHeld.err()).isEqualTo(2);
        }
    }

    @Test
    void aConfiguredDryRunCreatesNoStore() throws IOException {
        Path file = config(sources(true));

        CliRun r = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots",
                "--dry-run");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("2 sources [dry run, nothing written]");
        assertThat(store).doesNotExist();
    }

    @Test
    void unapprovedSourcesRunOnlyWhenNamed() throws IOException {
        Path file = config(sources(false));
        CliRun all = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");
        assertThat(all.out()).contains("1 source: created 11").doesNotContain("other (atom)");

        CliRun named = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots",
                "other");
        assertThat(named.code()).isZero();
        assertThat(named.out()).contains("other (atom): created 7");
    }

    @Test
    void defaultConfigInTheDataDirectoryIsUsed() throws IOException {
        Files.createDirectories(store);
        Files.writeString(store.resolve("lexsync.yaml"), sources(true), StandardCharsets.UTF_8);
        CliRun r = CliRun.of("sync", "--store", store.toString(), "--ignore-robots");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("2 sources:");
    }

    @Test
    void aSourceAddedToTheFileNeedsNoOtherStep() throws IOException {
        Path file = config(sources(false));
        CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");
        config(sources(true));
        CliRun r = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");
        assertThat(r.out()).contains("other (atom): created 7", "demo (atom): created 0");
    }

    @Test
    void unreadableSourceDoesNotStopTheOthers() throws IOException {
        Path file = config(sources(true).replace(other.subscriptionUri().toString(),
                pub.uri("/other/missing.atom").toString()));
        CliRun r = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("lexsync: other:");
        assertThat(r.out()).contains("demo (atom): created 11", "1 unreadable");
    }

    @Test
    void badConfigurationIsExitCodeTwoNamingTheKey() throws IOException {
        Path file = config(sources(true).replace("approved: true", "approved: maybe"));
        CliRun r = CliRun.of("sync", "--config", file.toString(), "--store", store.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("lexsync.yaml:6: sources[0].approved: must be true or false");
    }

    @Test
    void protocolRulesAreCheckedWhenTheFileIsRead() throws IOException {
        Path file = config("sources:\n  - id: laws\n    protocol: eli\n    url: http://127.0.0.1:9/eli/sitemap.xml\n"
                + "    approved: true\n");

        for (CliRun r : List.of(CliRun.of("sync", "--config", file.toString(), "--store", store.toString()),
                CliRun.of("sources", "--config", file.toString(), "--store", store.toString()))) {
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("lexsync.yaml:4: sources[0].url: the eli protocol needs two URLs: the Sitemap,"
                    + " then the update feed; got 1");
        }
        assertThat(store).doesNotExist();
    }

    @Test
    void unknownIdIsAUsageError() throws IOException {
        Path file = config(sources(true));
        CliRun r = CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "nope");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no source 'nope'", "demo, other");
    }

    @Test
    void withoutProtocolOrConfigSyncIsAUsageError() {
        CliRun r = CliRun.of("sync", "--store", store.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("name a protocol")
                .contains("there is no " + Path.of("lexsync.yaml").toAbsolutePath() + " nor "
                        + store.resolve("lexsync.yaml").toAbsolutePath());
    }

    @Test
    void theWorkingDirectorysFileComesBeforeTheDataDirectorys() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("lexsync.yaml"), sources(true), StandardCharsets.UTF_8);
        Files.createDirectories(store);
        Files.writeString(store.resolve("lexsync.yaml"), "sources:\n", StandardCharsets.UTF_8);
        Path log = dir.resolve("child.log");

        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "sync", "--store", store.toString(),
                "--ignore-robots").directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();

        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(log)).contains("2 sources: created 18");
    }

    @Test
    void sourcesListsConfiguredSourcesWithTheirLastRunAndState() throws IOException {
        Path file = config(sources(false));
        CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots");

        CliRun r = CliRun.of("sources", "--config", file.toString(), "--store", store.toString());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("demo +atom +yes +config +\\S+ +succeeded \\+11 ~0 -0 +11 +0");
        assertThat(r.out()).containsPattern("other +atom +no +config +never +- +0 +0");
    }

    @Test
    void sourcesAsJsonLines() throws IOException {
        Path file = config(sources(true));
        CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots", "demo");
        CliRun r = CliRun.of("sources", "--config", file.toString(), "--store", store.toString(), "--format", "jsonl");
        assertThat(r.out().lines()).hasSize(2);
        // rinfo §3.1.4: the feed author's email becomes the source's contact when the file names none
        assertThat(r.out()).contains("\"id\":\"demo\"", "\"resources\":11", "\"contact\":\"mailto:rinfo@fixture.lexsync.org\"",
                "\"urls\":[\"" + demo.subscriptionUri() + "\"]", "\"status\":\"succeeded\"",
                "\"counts\":{\"created\":11,\"updated\":0,\"deleted\":0,\"unchanged\":1,\"failed\":0}")
                .containsPattern("\"last_run\":\\{\"id\":\\d+,\"status\":\"succeeded\",\"started\":\"[^\"]+Z\",\"ended\":\"[^\"]+Z\"")
                .contains("\"last_run\":null");
    }

    @Test
    void sourcesTableFitsLongIdsAndPrintsTheCheckpointInWords() throws IOException {
        String longId = "a-very-long-source-identifier-of-some-publisher";
        Path file = config(sources(true).replace("id: demo", "id: " + longId));
        CliRun.of("sync", "--config", file.toString(), "--store", store.toString(), "--ignore-robots", longId);

        CliRun r = CliRun.of("sources", "--config", file.toString(), "--store", store.toString());

        String header = r.out().lines().findFirst().orElseThrow();
        String row = r.out().lines().filter(l -> l.startsWith(longId)).findFirst().orElseThrow();
        assertThat(row.indexOf(" atom ") + 1).isEqualTo(header.indexOf("PROTOCOL"));
        assertThat(r.out()).containsPattern("checkpoint: feed entries up to \\d{4}-\\d\\d-\\d\\dT\\S+Z \\(the last: ");
    }
}
