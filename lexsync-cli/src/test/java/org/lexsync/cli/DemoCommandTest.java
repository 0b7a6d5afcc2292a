package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lexsync demo}: the whole flow on the bundled sample publisher, loopback only. */
class DemoCommandTest {
    @TempDir
    Path dir;

    @Test
    void demoSyncsEveryProtocolAndAuditsInSync() {
        CliRun r = CliRun.of("demo", "--resources", "40", "--store", dir.resolve("demo").toString());

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("[1/10] Start the sample publisher")
                .contains("created 40, updated 0, deleted 0")
                .containsPattern("created 12, updated \\d+, deleted 5")
                .contains(": in sync")
                .contains("(atom): created 11")
                .contains("(atom): created 0, updated 0, deleted 1")
                .contains("(eli): created 12")
                .contains("\"Act No 2025/1, version 1\"@en")
                .contains("Demo finished: every change was applied, but some published documents break their spec:")
                .containsPattern("eli-127\\.0\\.0\\.1-\\d+ recorded 1 error finding in run \\d+ \\(lexsync runs --store ")
                .doesNotContain("verified and in sync");
        // the republished aggregate: a second store synced from it over ResourceSync and audited in sync
        String republish = r.out().substring(r.out().indexOf("[9/10] Republish the aggregate"));
        assertThat(republish).contains("lexsync publish").contains(": in sync");
    }

    @Test
    void aStoreThatHoldsDataIsRefused() throws Exception {
        Path used = Files.createDirectories(dir.resolve("used"));
        Files.writeString(used.resolve("lexsync.db"), "x");

        CliRun r = CliRun.of("demo", "--store", used.toString());

        assertThat(r.code()).isEqualTo(Main.EXIT_USAGE);
        assertThat(r.err()).contains("--store " + used + " already holds a LexSync store (lexsync.db)")
                .contains("needs a new or empty directory");
        assertThat(Files.readString(used.resolve("lexsync.db"))).isEqualTo("x");
    }

    @Test
    void tooFewResourcesIsAUsageError() {
        assertThat(CliRun.of("demo", "--resources", "3").code()).isEqualTo(2);
    }
}
