package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/** {@code lexsync publish --store DIR --out DIR --base-url URL} (docs/architecture.md, "Publishing the aggregate"). */
class PublishCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;

    @BeforeEach
    void collect() {
        pub = FixturePublisher.builder().resources(0).start();
        AtomSource source = AtomSource.registerDemo(pub);
        CliRun r = CliRun.of("sync", "atom", source.subscriptionUri().toString(), "--store", dir.resolve("s").toString(),
                "--delay", "0", "--ignore-robots");
        assertThat(r.code()).as(r.err()).isZero();
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private CliRun publish(String... extra) {
        String[] base = {"publish", "--store", dir.resolve("s").toString(), "--out", dir.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void writesTheFeedAndOnlyWhatChangedTheSecondTime() throws Exception {
        CliRun first = publish("--base-url", "https://mirror.example/lex/", "--archive-size", "5",
                "--author-email", "feeds@mirror.example");
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.out()).contains("published 11 entries");
        Path archive = dir.resolve("out/feed/archive/1.atom");
        assertThat(Files.readString(archive)).contains("https://mirror.example/lex/feed/current.atom");
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(archive, old);

        CliRun second = publish("--base-url", "https://mirror.example/lex/", "--archive-size", "5",
                "--author-email", "feeds@mirror.example");
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.out()).contains("0 files written");
        assertThat(Files.getLastModifiedTime(archive)).isEqualTo(old);
    }

    @Test
    void theBaseUrlMayComeFromThePublishSectionOfLexsyncYaml() throws Exception {
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  base-url: https://from-file.example/\n  feed-id: tag:from-file.example,2024:x\n");
        CliRun r = publish("--config", config.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(dir.resolve("out/feed/current.atom"))).contains("https://from-file.example/feed/")
                .contains("tag:from-file.example,2024:x");
    }

    @Test
    void withoutABaseUrlItIsAUsageErrorSayingWhatToGive() {
        CliRun r = publish("--config", dir.resolve("none.yaml").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--base-url").doesNotContain("Exception");
    }
}
