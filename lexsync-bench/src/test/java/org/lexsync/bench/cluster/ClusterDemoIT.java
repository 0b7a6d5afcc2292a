package org.lexsync.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, "a runnable cluster demo": runs {@code scripts/cluster-demo.sh} as a user would, after the build packaged
 * the command line and the benchmarks jar (this class runs in the {@code integration-test} phase, see the pom), so
 * the demo cannot rot unnoticed: three real nodes on one PostgreSQL database, S3Proxy and Fuseki, one killed with
 * kill -9 mid-harvest, its source taken over, every source audited equal to its publisher.
 */
class ClusterDemoIT {
    @TempDir
    Path dir;

    @Test
    void theClusterDemoTakesAKilledNodesSourceOverAndEndsInSync() throws Exception {
        requirePostgres();
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path output = dir.resolve("cluster-demo.out");
        ProcessBuilder demo = new ProcessBuilder("bash", root.resolve("scripts/cluster-demo.sh").toString(),
                "--keep", dir.resolve("work").toString())
                .directory(root.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        demo.environment().put("CLUSTER_DEMO_PORT", Integer.toString(threeFreePorts()));
        demo.environment().put("LEXSYNC_STARTUP_CACHE", "off"); // no AOT training inside the test run
        Process process = demo.start();
        boolean ended = process.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);

        assertThat(ended).as("the demo ended within 10 minutes; it printed:%n%s", printed).isTrue();
        assertThat(process.exitValue()).as("the demo's exit code; it printed:%n%s", printed).isZero();
        assertThat(printed).contains("taken over by node").contains("every source is in sync with its publisher");
    }

    /** The first of three consecutive free ports on loopback. */
    private static int threeFreePorts() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int first;
            try (ServerSocket s = new ServerSocket(0)) {
                first = s.getLocalPort();
            }
            if (first + 2 < 65536 && free(first) && free(first + 1) && free(first + 2)) {
                return first;
            }
        }
        throw new IOException("no three consecutive free ports on loopback");
    }

    private static boolean free(int port) {
        try (ServerSocket s = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void requirePostgres() {
        try (Socket s = new Socket("127.0.0.1", 5432)) {
            return;
        } catch (IOException e) {
            String message = "PostgreSQL is not answering on 127.0.0.1:5432 (" + e.getMessage() + ")";
            if (System.getenv("CI") != null) {
                throw new AssertionError(message + "; CI is set, so the cluster demo must run", e);
            }
            Assumptions.abort(message + "; skipping the cluster demo (set CI to make this a failure)");
        }
    }
}
