package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Issue 4, docs/architecture.md, invariant 2: a real {@code lexsync sync resourcesync} process killed with SIGKILL in
 * the middle of its baseline is run again and finishes without losing or duplicating anything: the journal holds one
 * row per resource and the audit finds the copy in sync.
 */
class ResourceSyncKillTest {
    private static final int RESOURCES = 1_500;

    @TempDir
    Path dir;

    @Test
    void aSyncKilledMidwayResumesWithoutLossOrDuplicates() throws Exception {
        try (FixturePublisher pub = FixturePublisher.builder().resources(RESOURCES).seed(31).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            // each resource answers after 3 ms and one request runs at a time: the baseline takes seconds, so the
            // kill lands while batches are being committed
            pub.faults().always("/eli/*", Fault.latency(Duration.ofMillis(3)));
            List<String> sync = List.of("sync", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(),
                    "--delay", "0", "--concurrency", "1", "--tries", "1", "--baseline", "list");

            // killed once its first batch is committed (a condition, not a time: the machine may be slow)
            Process child = start(sync);
            CommittedRows.await(dir, child);
            boolean killed = child.isAlive();
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
            long journal = journal(dir).size();
            assertThat(killed && journal > 0).as("a kill landed midway through the baseline (%d rows)", journal).isTrue();

            pub.faults().clear();
            CliRun rest = CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(),
                    "--delay", "0");
            assertThat(rest.code()).as(rest.err()).isZero();

            // the same source synced in one go, never killed: the journal must be the same set, each URI once
            Path reference = dir.resolve("reference");
            assertThat(CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", reference.toString(),
                    "--delay", "0", "--baseline", "list").code()).isZero();
            List<String> resumed = journal(dir);
            List<String> once = journal(reference);
            assertThat(resumed).as("rows before the kill: %d", journal).doesNotHaveDuplicates()
                    .hasSizeGreaterThan((int) journal).containsExactlyInAnyOrderElementsOf(once);
            assertThat(once).hasSizeGreaterThanOrEqualTo(RESOURCES);
            CliRun audit = CliRun.of("audit", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(),
                    "--delay", "0");
            assertThat(audit.code()).as(audit.out()).isZero();
            assertThat(audit.out()).contains("missing 0, extra 0, mismatched 0");
        }
    }

    /** The resource URI of every journal row, in journal order ({@code lexsync changes}, JSON lines). */
    private static List<String> journal(Path store) {
        List<String> uris = new ArrayList<>();
        for (String line : CliRun.of("changes", "--store", store.toString()).out().split("\n")) {
            if (!line.isBlank()) {
                uris.add(line.replaceAll(".*\"uri\":\"([^\"]*)\".*", "$1"));
            }
        }
        return uris;
    }

    /** {@code lexsync ARGS} in a JVM of its own, with this test's class path. */
    private Process start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child-" + System.nanoTime() + ".log").toFile()).start();
    }
}
