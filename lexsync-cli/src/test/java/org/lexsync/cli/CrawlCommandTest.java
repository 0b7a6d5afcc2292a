package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.portal.LegalPortal;

/** {@code lexsync crawl SOURCE-ID}: a configured portal crawler run once, resumed after a real SIGKILL. */
class CrawlCommandTest {
    @TempDir
    Path dir;

    private Path config(FixturePublisher pub, double delay) throws IOException {
        Path file = dir.resolve("lexsync.yaml");
        Files.writeString(file, """
                sources:
                  - id: portal
                    protocol: crawler
                    url: %s
                    politeness: {delay: %s}
                    crawler:
                      seeds: ['acts?page=1']
                      listing: {item: 'ul.results a.act', next: a.next}
                      detail:
                        fields: {id: {css: .number, required: true}}
                        attachments: {css: a.file}
                  - id: feed
                    protocol: atom
                    url: %s
                """.formatted(pub.uri("/portal/"), Double.toString(delay), pub.uri("/feed.atom")),
                StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void crawlsAConfiguredPortalAndReportsTheCounts() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            LegalPortal.install(pub, 5, 0, 10);
            Path file = config(pub, 0);
            CliRun run = CliRun.of("crawl", "portal", "--config", file.toString(), "--store", dir.resolve("data").toString());
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).contains("created 20, updated 0, deleted 0, unchanged 0, failed 0");
            CliRun again = CliRun.of("crawl", "portal", "--config", file.toString(), "--store",
                    dir.resolve("data").toString());
            assertThat(again.out()).contains("created 0, updated 0, deleted 0, unchanged 20, failed 0");
        }
    }

    @Test
    void aDryRunReportsWhatWouldBeCreatedAndWritesNothing() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            LegalPortal.install(pub, 5, 0, 10);
            Path file = config(pub, 0);
            CliRun run = CliRun.of("crawl", "portal", "--config", file.toString(), "--store",
                    dir.resolve("data").toString(), "--dry-run");
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).contains("create 20");
            assertThat(dir.resolve("data")).doesNotExist();
        }
    }

    @Test
    void aDryRunAfterACrawlReportsOnlyWhatChanged() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            LegalPortal portal = LegalPortal.install(pub, 5, 0, 10);
            Path file = config(pub, 0);
            String store = dir.resolve("data").toString();
            assertThat(CliRun.of("crawl", "portal", "--config", file.toString(), "--store", store).code()).isZero();
            portal.update(2);
            CliRun run = CliRun.of("crawl", "portal", "--config", file.toString(), "--store", store, "--dry-run",
                    "--print-changes");
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(run.out()).contains("update " + pub.uri("/portal/act/2"))
                    .contains("update " + pub.uri("/portal/files/2/text.pdf"))
                    .doesNotContain("update " + pub.uri("/portal/act/1"))
                    .doesNotContain("/portal/files/2/text.doc");
        }
    }

    @Test
    void aSourceOfAnotherProtocolIsAUsageError() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            Path file = config(pub, 0);
            CliRun run = CliRun.of("crawl", "feed", "--config", file.toString(), "--store", dir.resolve("data").toString());
            assertThat(run.code()).isEqualTo(Main.EXIT_USAGE);
            assertThat(run.err()).contains("source 'feed'").contains("is a atom source, not a crawler");
        }
    }

    /**
     * EUCases D2.1 §3.3 ("a crash restarted from zero"): a real {@code lexsync crawl} process killed with SIGKILL is
     * run again and resumes at the listing cursor committed before the kill, never asking for an earlier listing page.
     */
    @Test
    void aKilledCrawlResumesWithoutFetchingFinishedListingPagesAgain() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            LegalPortal.install(pub, 80, 0, 10); // 8 listing pages, 320 documents, at least 20 ms a request
            Path file = config(pub, 0.02);
            Path data = dir.resolve("data");
            // the child is killed as soon as the store holds a listing cursor: a kill after a committed listing page
            Path log = dir.resolve("child.log");
            Process child = start(List.of("crawl", "portal", "--config", file.toString(), "--store", data.toString()), log);
            String checkpoint = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (child.isAlive() && System.nanoTime() < deadline) {
                checkpoint = checkpointIn(data);
                if (checkpoint != null && checkpoint.startsWith("crawler/1 next ")) {
                    child.destroyForcibly();
                    break;
                }
                Thread.sleep(50);
            }
            child.waitFor(30, TimeUnit.SECONDS);
            if (checkpoint != null) {
                checkpoint = checkpointIn(data); // what the store holds after the kill (a later page may have committed)
            }
            assertThat(checkpoint).as("a kill landed after a listing page was committed; the child's output: %s",
                    Files.readString(log)).startsWith("crawler/1 next ");
            int resumeAt = Integer.parseInt(checkpoint.lines().findFirst().orElseThrow()
                    .replaceAll(".*page=(\\d+).*", "$1"));
            pub.clearRequests();

            CliRun rest = CliRun.of("crawl", "portal", "--config", file.toString(), "--store", data.toString(),
                    "--delay", "0");
            assertThat(rest.code()).as(rest.err()).isZero();

            List<String> listings = pub.requests().stream().filter(q -> q.path().equals("/portal/acts"))
                    .map(RecordedRequest::query).toList();
            assertThat(listings).first().isEqualTo("page=" + resumeAt);
            assertThat(listings).hasSize(8 - resumeAt + 1);
            try (LexSync l = LexSync.builder(data).build()) {
                long[] active = {0};
                l.store().resources("portal", false, r -> active[0]++);
                assertThat(active[0]).isEqualTo(320);
                assertThat(l.store().checkpoint("portal")).hasValueSatisfying(c -> assertThat(c)
                        .startsWith("crawler/1 complete"));
            }
        }
    }

    /** The checkpoint of the source "portal" in the store at {@code data}, or null (no store yet, no checkpoint). */
    private static String checkpointIn(Path data) {
        if (!Files.exists(data.resolve("lexsync.db"))) {
            return null;
        }
        try (LexSync l = LexSync.builder(data).readOnly(true).build()) {
            return l.store().checkpoint("portal").orElse(null);
        } catch (RuntimeException e) {
            return null; // the child is creating the store
        }
    }

    /** {@code lexsync ARGS} in a JVM of its own, with this test's class path. */
    private Process start(List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }
}
