package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code lexsync --version} answers without building the command tree (a fast path in {@code Main.main}); it
 * must print what the command tree's version option prints, in a real process with its exit code.
 */
class MainVersionTest {

    @Test
    void versionInAFreshProcessPrintsWhatTheCommandTreePrints() throws Exception {
        CliRun tree = CliRun.of("--version");

        for (String option : List.of("--version", "-V")) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(), option)
                    .redirectErrorStream(true).start();
            String out = read(p);

            assertThat(p.waitFor()).isZero();
            assertThat(out).isEqualTo(tree.out()).startsWith("lexsync ");
        }
    }

    private static String read(Process p) throws IOException {
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
