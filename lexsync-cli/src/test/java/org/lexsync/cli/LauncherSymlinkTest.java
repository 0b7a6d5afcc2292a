package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code lexsync} launcher works when called through a chain of symlinks (e.g. {@code ~/bin/lexsync}): it
 * finds its checkout by its real path. Runs the real script in a copy of the checkout's layout holding the
 * compiled command line, so no build is triggered.
 */
class LauncherSymlinkTest {
    @TempDir
    Path dir;

    @Test
    void aSymlinkedLauncherFindsItsCheckout() throws Exception {
        Path launcher = LauncherCopy.install(dir.resolve("install"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.createSymbolicLink(other.resolve("lexsync"), launcher);
        Files.createSymbolicLink(bin.resolve("lexsync"), Path.of("../other/lexsync"));
        Path log = dir.resolve("out.txt");

        Process p = new ProcessBuilder(List.of("bash", bin.resolve("lexsync").toString(), "--version"))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();

        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(log)).startsWith("lexsync ").doesNotContain("building");
    }
}
