package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: a second real {@code lexsync serve} process on the SQLite data directory another one serves is refused at
 * start with exit 2 naming the holder ({@code pid@host since time}); the first one keeps serving.
 */
class ServeLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondServerOnTheSameSqliteStoreExitsTwoNamingTheHolder() throws Exception {
        Path store = dir.resolve("store");
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "sources: []\n", StandardCharsets.UTF_8);
        Path log1 = dir.resolve("serve-1.log");
        Process first = serve(config, store, log1);
        try {
            awaitOutput(first, log1, "lexsync serve: listening on");
            Path log2 = dir.resolve("serve-2.log");
            Process second = serve(config, store, log2);
            assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("the second server exits").isTrue();
            String output = Files.readString(log2, StandardCharsets.UTF_8);
            assertThat(second.exitValue()).as(output).isEqualTo(2);
            assertThat(output).contains("is already served by " + first.pid() + "@").contains(" since ")
                    .contains("PostgreSQL").doesNotContain("Exception").doesNotContain("listening on");
            assertThat(first.isAlive()).as("the first server keeps serving").isTrue();
        } finally {
            new ProcessBuilder("kill", "-TERM", Long.toString(first.pid())).start().waitFor();
            if (!first.waitFor(30, TimeUnit.SECONDS)) {
                first.destroyForcibly();
            }
        }
    }

    private static void awaitOutput(Process p, Path log, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            String out = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            if (out.contains(text)) {
                return;
            }
            if (!p.isAlive()) {
                throw new AssertionError("the server ended with exit " + p.exitValue() + ":\n" + out);
            }
            p.waitFor(100, TimeUnit.MILLISECONDS);
        }
        throw new AssertionError("no '" + text + "' within 60 s");
    }

    private static Process serve(Path config, Path store, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(List.of("serve", "--config", config.toString(), "--store", store.toString(), "--port", "0"));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }
}
