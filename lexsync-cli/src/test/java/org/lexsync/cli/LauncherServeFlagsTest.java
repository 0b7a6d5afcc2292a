package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM flags the {@code lexsync} launcher gives {@code serve} (earlier compilation, the serial collector;
 * docs/deploying.md, "JVM flags of a node") reach its JVM, and a collector named in {@code LEXSYNC_JAVA_OPTS} replaces
 * the serial one instead of stopping the JVM with two. The real script in a copy of the checkout's layout; the JVM
 * prints the flags it was given ({@code -XX:+PrintCommandLineFlags}) before {@code serve --help}.
 */
class LauncherServeFlagsTest {
    @TempDir
    Path dir;

    private Path launcher;

    @BeforeEach
    void install() throws Exception {
        launcher = LauncherCopy.install(dir.resolve("install"));
    }

    @Test
    void serveCompilesEarlierOnTheSerialCollector() throws Exception {
        String out = run("serve", "-XX:+PrintCommandLineFlags");

        assertThat(out).contains("-XX:CompileThresholdScaling=0.02", "-XX:+UseSerialGC").doesNotContain("+UseG1GC");
    }

    @Test
    void aCollectorInTheJavaOptionsReplacesTheSerialOne() throws Exception {
        String out = run("serve", "-XX:+PrintCommandLineFlags -XX:+UseG1GC");

        assertThat(out).contains("-XX:+UseG1GC", "-XX:CompileThresholdScaling=0.02").doesNotContain("+UseSerialGC");
    }

    @Test
    void oneShotCommandsKeepTheirOwnFlags() throws Exception {
        String out = run("sync", "-XX:+PrintCommandLineFlags");

        assertThat(out).contains("-XX:TieredStopAtLevel=1").doesNotContain("CompileThresholdScaling", "+UseSerialGC");
    }

    /** {@code lexsync COMMAND --help} with {@code javaOpts}; fails unless it exits 0. */
    private String run(String command, String javaOpts) throws Exception {
        Path log = dir.resolve(command + ".txt");
        ProcessBuilder builder = new ProcessBuilder(List.of("bash", launcher.toString(), command, "--help"))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("LEXSYNC_JAVA_OPTS", javaOpts);
        builder.environment().put("LEXSYNC_STARTUP_CACHE", "off");
        Process p = builder.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
