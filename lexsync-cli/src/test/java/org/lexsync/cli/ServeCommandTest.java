package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lexsync serve} refuses what it cannot run with exit 2 and one line naming the problem. */
class ServeCommandTest {
    @TempDir
    Path dir;

    @Test
    void aBadConfigurationIsAUsageErrorNamingFileLineAndKey() throws IOException {
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "sources:\n  - id: a\n    protocol: atom\n    url: http://127.0.0.1:9/feed\n"
                + "    schedule: hourly\n", StandardCharsets.UTF_8);

        CliRun r = CliRun.of("serve", "--config", config.toString(), "--store", dir.resolve("data").toString());

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("lexsync.yaml:5: sources[0].schedule: neither an ISO-8601 duration")
                .doesNotContain("Exception");
    }

    @Test
    void aScheduleThatNeverFiresIsAUsageErrorAtStart() throws IOException {
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "sources:\n  - id: a\n    protocol: atom\n    url: http://127.0.0.1:9/feed\n"
                + "    schedule: '0 0 25 * * *'\n", StandardCharsets.UTF_8);

        CliRun r = CliRun.of("serve", "--config", config.toString(), "--store", dir.resolve("data").toString());

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("lexsync.yaml:5: sources[0].schedule: hour field '25': 25 is out of range 0-23")
                .doesNotContain("Exception");
    }

    @Test
    void aMissingConfigurationFileIsAUsageError() {
        CliRun r = CliRun.of("serve", "--config", dir.resolve("nope.yaml").toString(), "--store",
                dir.resolve("data").toString());

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("nope.yaml");
    }

    @Test
    void aPortInUseIsAUsageError() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CliRun r = CliRun.of("serve", "--store", dir.resolve("data").toString(), "--port",
                    Integer.toString(taken.getLocalPort()), "--config", empty().toString());

            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err()).contains("cannot listen on 127.0.0.1:" + taken.getLocalPort());
        }
    }

    @Test
    void flagsOutOfRangeAreUsageErrors() throws IOException {
        CliRun r = CliRun.of("serve", "--store", dir.resolve("data").toString(), "--max-concurrent-runs", "0",
                "--config", empty().toString());

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("max concurrent runs must be at least 1");
    }

    @Test
    void clusterFlagsOutOfRangeAreUsageErrors() throws IOException {
        CliRun bad = CliRun.of("serve", "--store", dir.resolve("data").toString(), "--heartbeat", "often",
                "--config", empty().toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("'often' is not a duration").doesNotContain("Exception");

        CliRun few = CliRun.of("serve", "--store", dir.resolve("data").toString(), "--missed-heartbeats", "3",
                "--config", empty().toString());   // below the scheduler's minimum: refused before anything starts
        assertThat(few.code()).isEqualTo(2);
        assertThat(few.err()).contains("missed heartbeats must be at least 4").doesNotContain("cannot listen");
    }

    @Test
    void aStoreMigratedByANewerVersionIsRefusedWithExit4() throws Exception {
        Path data = dir.resolve("data");
        org.lexsync.engine.LexSync.builder(data).build().close();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + data.resolve("lexsync.db"));
             java.sql.Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO flyway_schema_history (installed_rank, version, description, type, script,"
                    + " checksum, installed_by, installed_on, execution_time, success) VALUES (999, '999',"
                    + " 'from a newer lexsync', 'SQL', 'V999__from_a_newer_lexsync.sql', 0, 'test', CURRENT_TIMESTAMP,"
                    + " 1, 1)");
        }

        CliRun r = CliRun.of("serve", "--store", data.toString(), "--config", empty().toString());

        assertThat(r.code()).isEqualTo(4);
        assertThat(r.err()).contains("has schema version 999 (from a newer lexsync), newer than")
                .contains("the newest this LexSync knows").doesNotContain("Exception");
    }

    private Path empty() throws IOException {
        Path config = dir.resolve("empty.yaml");
        Files.writeString(config, "sources:\n", StandardCharsets.UTF_8);
        return config;
    }
}
