package org.lexsync.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A copy of the checkout's layout for the {@code lexsync} launcher's tests: the real script and
 * {@code scripts/find-jdk.sh}, and the compiled command line as {@code lexsync-cli/target} (its jar and {@code lib/}),
 * without sources, so the launcher finds nothing to build. Its jars hold directory entries, as the build's do: a class
 * loader lists a resource directory ({@code db/migration}, which Flyway scans) only through its entry, so without them
 * the store finds no migrations ({@link MissingMigrationsTest} lays out such jars on purpose).
 */
final class LauncherCopy {
    private LauncherCopy() {
    }

    /** Lays the copy out in {@code install} and returns its launcher. */
    static Path install(Path install) throws IOException {
        return install(install, true);
    }

    /**
     * Lays the copy out in {@code install}, its jars with directory entries or (as a careless repacking would) without,
     * and returns its launcher.
     */
    static Path install(Path install, boolean directoryEntries) throws IOException {
        Path checkout = Path.of("..").toAbsolutePath().normalize();
        Files.createDirectories(install);
        Files.copy(checkout.resolve("lexsync"), install.resolve("lexsync"));
        Files.createDirectories(install.resolve("scripts"));
        Files.copy(checkout.resolve("scripts/find-jdk.sh"), install.resolve("scripts/find-jdk.sh"));
        Path target = Files.createDirectories(install.resolve("lexsync-cli/target/lib"));
        jar(Path.of("target/classes"), target.getParent().resolve("lexsync-cli.jar"), directoryEntries);
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (entry.endsWith(".jar") && !directoryEntries && p.getFileName().toString().startsWith("lexsync-")) {
                // a module packed by the build (`mvnw verify` puts the jars of the reactor on the class path)
                repack(p, target.resolve(p.getFileName()));
            } else if (entry.endsWith(".jar")) {
                Files.createSymbolicLink(target.resolve(p.getFileName()), p.toAbsolutePath());
            } else if (Files.isDirectory(p) && !p.toAbsolutePath().endsWith(Path.of("lexsync-cli/target/classes"))
                    && !p.toAbsolutePath().endsWith(Path.of("lexsync-cli/target/test-classes"))) {
                // a module's classes and test classes (a test-jar dependency) are two jars
                jar(p, target.resolve(p.toAbsolutePath().getParent().getParent().getFileName() + "-"
                        + p.getFileName() + ".jar"), directoryEntries);
            }
        }
        return install.resolve("lexsync");
    }

    /** Copies a jar without its directory entries. */
    private static void repack(Path from, Path jar) throws IOException {
        try (JarInputStream in = new JarInputStream(Files.newInputStream(from));
             JarOutputStream out = manifestOf(in, Files.newOutputStream(jar))) {
            for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                if (!e.isDirectory()) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    in.transferTo(out);
                    out.closeEntry();
                }
            }
        }
    }

    private static JarOutputStream manifestOf(JarInputStream in, OutputStream o) throws IOException {
        return in.getManifest() == null ? new JarOutputStream(o) : new JarOutputStream(o, in.getManifest());
    }

    /** Packs a classes directory into a jar, with an entry for each directory when {@code directoryEntries}. */
    private static void jar(Path classes, Path jar, boolean directoryEntries) throws IOException {
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(f -> !f.equals(classes)).sorted().toList()) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (Files.isDirectory(f)) {
                    if (directoryEntries) {
                        j.putNextEntry(new JarEntry(name + "/"));
                        j.closeEntry();
                    }
                } else if (Files.isRegularFile(f)) {
                    j.putNextEntry(new JarEntry(name));
                    Files.copy(f, j);
                    j.closeEntry();
                }
            }
        }
    }
}
