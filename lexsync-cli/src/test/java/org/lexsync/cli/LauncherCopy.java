package org.lexsync.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A copy of the checkout's layout for the {@code lexsync} launcher's tests: the real script and
 * {@code scripts/find-jdk.sh}, and the compiled command line as {@code lexsync-cli/target} (its jar and {@code lib/}),
 * without sources, so the launcher finds nothing to build.
 */
final class LauncherCopy {
    private LauncherCopy() {
    }

    /** Lays the copy out in {@code install} and returns its launcher. */
    static Path install(Path install) throws IOException {
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        Files.createDirectories(install);
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
                // a module's classes and test classes (a test-jar dependency) are two jars
                jar(p, target.resolve(p.toAbsolutePath().getParent().getParent().getFileName() + "-"
                        + p.getFileName() + ".jar"));
            }
        }
        return install.resolve("lexsync");
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
