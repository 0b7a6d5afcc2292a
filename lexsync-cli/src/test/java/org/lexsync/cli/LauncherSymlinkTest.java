package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
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
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        Path install = Files.createDirectories(dir.resolve("install"));
        Files.copy(checkout.resolve("lexsync"), install.resolve("lexsync"));
        Files.createDirectories(install.resolve("scripts"));
        Files.copy(checkout.resolve("scripts/find-jdk.sh"), install.resolve("scripts/find-jdk.sh"));
        Path target = Files.createDirectories(install.resolve("lexsync-cli/target/lib"));
        jar(Path.of("target/classes"), target.getParent().resolve("lexsync-cli.jar"));
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (entry.endsWith(".jar")) {
                Files.createSymbolicLink(target.resolve(p.getFileName()), p.toAbsolutePath());
            } else if (Files.isDirectory(p) && !p.toAbsolutePath().endsWith(Path.of("lexsync-cli/target/classes"))
                    && !p.toAbsolutePath().endsWith(Path.of("lexsync-cli/target/test-classes"))) {
                jar(p, target.resolve(p.toAbsolutePath().getParent().getParent().getFileName() + ".jar"));
            }
        }
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.createSymbolicLink(other.resolve("lexsync"), install.resolve("lexsync"));
        Files.createSymbolicLink(bin.resolve("lexsync"), Path.of("../other/lexsync"));
        Path log = dir.resolve("out.txt");

        Process p = new ProcessBuilder(List.of("bash", bin.resolve("lexsync").toString(), "--version"))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();

        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(log)).isZero();
        assertThat(Files.readString(log)).startsWith("lexsync ").doesNotContain("building");
    }

    /** Packs a classes directory into a jar. */
    private static void jar(Path classes, Path jar) throws IOException {
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, j);
                j.closeEntry();
            }
        }
    }
}
