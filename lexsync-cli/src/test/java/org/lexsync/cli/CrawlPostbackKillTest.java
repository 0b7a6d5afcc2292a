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

/**
 * Issue 29 part 4: a real {@code lexsync crawl} process paging an ASP.NET post-back grid, killed with SIGKILL, is run
 * again and resumes at the unfinished page with the post-back its checkpoint kept — no GET of the first page, no
 * finished page asked for again (the fixture answers 500 to a post-back without its view state).
 */
class CrawlPostbackKillTest {
    @TempDir
    Path dir;

    @Test
    void aKilledPostBackCrawlResumesAtTheUnfinishedPage() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            LegalPortal.install(pub, 80, 0, 10); // 8 grid pages, 320 documents, at least 20 ms a request
            Path file = dir.resolve("lexsync.yaml");
            Files.writeString(file, """
                    sources:
                      - id: court
                        protocol: crawler
                        url: %s
                        politeness: {delay: 0.02}
                        crawler:
                          seeds: [court/decisions]
                          listing: {item: 'table#ctl00_grid a.case', next: 'tr.pager a.next'}
                          detail:
                            fields: {id: {css: .number, required: true}}
                            attachments: {css: a.file}
                    """.formatted(pub.uri("/portal/")), StandardCharsets.UTF_8);
            Path data = dir.resolve("data");
            Path log = dir.resolve("child.log");
            Process child = start(List.of("crawl", "court", "--config", file.toString(), "--store", data.toString()),
                    log);
            String checkpoint = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (child.isAlive() && System.nanoTime() < deadline) {
                checkpoint = checkpointIn(data);
                if (checkpoint != null && checkpoint.startsWith("crawler/1 next ")) {
                    child.destroyForcibly(); // SIGKILL
                    break;
                }
                Thread.sleep(50); // polling the child's store, not synchronising with it
            }
            child.waitFor(30, TimeUnit.SECONDS);
            if (checkpoint != null) {
                checkpoint = checkpointIn(data); // what the store holds after the kill
            }
            assertThat(checkpoint).as("a kill landed after a grid page was committed; the child's output: %s",
                    Files.readString(log)).startsWith("crawler/1 next 0 0 ").contains(" postback:");
            int resumeAt = Integer.parseInt(checkpoint.split(" ")[4]) + 1; // the cursor counts post-backs from 0
            pub.clearRequests();

            CliRun rest = CliRun.of("crawl", "court", "--config", file.toString(), "--store", data.toString(),
                    "--delay", "0");
            assertThat(rest.code()).as(rest.err()).isZero();

            List<String> grid = pub.requests().stream().filter(q -> q.path().equals("/portal/court/decisions"))
                    .map(q -> q.method() + " " + q.status()).toList();
            assertThat(grid).hasSize(8 - resumeAt + 1).containsOnly("POST 200");
            try (LexSync l = LexSync.builder(data).build()) {
                long[] active = {0};
                l.store().resources("court", false, r -> active[0]++);
                assertThat(active[0]).isEqualTo(320);
                assertThat(l.store().checkpoint("court")).hasValueSatisfying(c -> assertThat(c)
                        .startsWith("crawler/1 complete"));
            }
        }
    }

    private static String checkpointIn(Path data) {
        if (!Files.exists(data.resolve("lexsync.db"))) {
            return null;
        }
        try (LexSync l = LexSync.builder(data).readOnly(true).build()) {
            return l.store().checkpoint("court").orElse(null);
        } catch (RuntimeException e) {
            return null; // the child is creating the store
        }
    }

    /** {@code lexsync ARGS} in a JVM of its own, with this test's class path. */
    private static Process start(List<String> args, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
