package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** The table output of {@code resources} and {@code changes} keeps its columns for long source ids. */
class StoreTablesTest {
    @TempDir
    Path dir;

    @Test
    void columnsStayAlignedWithALongSourceId() {
        String id = "a-rather-long-source-identifier-for-a-publisher";
        try (FixturePublisher pub = FixturePublisher.builder().resources(4).seed(3).start();
             ResourceSyncSource source = ResourceSyncSource.install(pub)) {
            assertThat(CliRun.of("sync", "resourcesync", pub.baseUri().toString(), "--store", dir.toString(), "--delay",
                    "0", "--source-id", id).code()).isZero();
        }
        for (String command : List.of("resources", "changes")) {
            List<String> lines = CliRun.of(command, "--store", dir.toString(), "--format", "table").out().lines().toList();

            int status = lines.get(0).indexOf(command.equals("resources") ? "STATUS" : "KIND");
            assertThat(lines).hasSize(5);
            for (String line : lines.subList(1, lines.size())) {
                assertThat(line).contains(id + " ");
                assertThat(line.charAt(status - 1)).as(line).isEqualTo(' ');
                assertThat(line.charAt(status)).as(line).isNotEqualTo(' ');
            }
        }
    }
}
