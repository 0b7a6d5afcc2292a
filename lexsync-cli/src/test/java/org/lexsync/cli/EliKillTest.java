package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.eli.EliProvider;

/**
 * Issue 13.1: a real {@code lexsync sync eli} process killed with SIGKILL in the middle of its Sitemap baseline
 * keeps every page it committed, and the next run fetches only the ELIs not yet stored at their Sitemap lastmod.
 */
class EliKillTest {
    private static final int ACTS = 400;
    /** Pages served before the kill: several commit intervals of the child at its 0.05 s delay. */
    private static final int KILL_AFTER_PAGES = 160;

    @TempDir
    Path dir;

    @Test
    void aBaselineKilledMidwayKeepsItsPagesAndTheNextRunFetchesOnlyTheRest() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            EliProvider provider = EliProvider.builder().acts(ACTS).perSitemap(100).build().register(pub);
            Path store = dir.resolve("store");
            List<String> sync = List.of("sync", "eli", "--sitemap", provider.sitemapUrl().toString(), "--feed",
                    provider.feedUrl().toString(), "--store", store.toString(), "--ignore-robots");

            List<String> slow = new ArrayList<>(sync);
            slow.addAll(List.of("--delay", "0.05"));
            Process child = start(slow);
            while (pages(pub) < KILL_AFTER_PAGES && child.isAlive()) {
                Thread.sleep(20);
            }
            assertThat(child.isAlive()).as("the baseline was still running after %d pages: %s", pages(pub),
                    java.nio.file.Files.readString(log)).isTrue();
            child.destroyForcibly(); // SIGKILL
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            long fetchedBeforeKill = pages(pub);

            List<String> kept = lines(CliRun.of("resources", "--store", store.toString()).out());
            assertThat(kept).as("pages committed before the kill (%d fetched)", fetchedBeforeKill)
                    .hasSizeGreaterThan(KILL_AFTER_PAGES / 4).hasSizeLessThanOrEqualTo((int) fetchedBeforeKill);
            assertThat(lines(CliRun.of("changes", "--store", store.toString()).out())).hasSameSizeAs(kept);

            pub.clearRequests();
            List<String> fast = new ArrayList<>(sync);
            fast.addAll(List.of("--delay", "0"));
            CliRun rest = CliRun.of(fast.toArray(String[]::new));

            assertThat(rest.code()).as(rest.err() + rest.out()).isZero();
            // only the ELIs not yet stored at their Sitemap lastmod, each once
            assertThat(pages(pub)).isEqualTo(ACTS - kept.size());
            List<String> journal = uris(CliRun.of("changes", "--store", store.toString()).out());
            assertThat(journal).hasSize(ACTS).doesNotHaveDuplicates();
            assertThat(lines(CliRun.of("resources", "--store", store.toString()).out())).hasSize(ACTS);
            // the named graphs of pages committed before the kill but not yet written are rebuilt from the stored pages
            CliRun graphs = CliRun.of("sparql", "--store", store.toString(), "--format", "csv",
                    "SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g {"
                            + " ?s a <http://data.europa.eu/eli/ontology#LegalResource> } }");
            assertThat(lines(graphs.out())).as(graphs.err()).containsExactly("n", String.valueOf(ACTS));
        }
    }

    /** Requests for ELI pages served so far. */
    private static long pages(FixturePublisher pub) {
        return pub.requests().stream().filter(r -> r.path().matches("/eli/act/\\d+/\\d+/oj")).count();
    }

    private static List<String> lines(String out) {
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    private static List<String> uris(String out) {
        return lines(out).stream().map(l -> l.replaceAll(".*\"uri\":\"([^\"]*)\".*", "$1")).toList();
    }

    /** {@code lexsync ARGS} in a JVM of its own, with this test's class path. */
    private Path log;

    private Process start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        log = dir.resolve("child-" + System.nanoTime() + ".log");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
