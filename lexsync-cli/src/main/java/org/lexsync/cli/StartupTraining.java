package org.lexsync.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * The training run from which the {@code lexsync} launcher makes the JVM's ahead-of-time cache (JDK 25+,
 * JEP 483/515): it exists because a one-shot command spends most of its CPU loading, linking and profiling
 * classes, and the cache keeps that work from one run to the next only for the code that the training ran.
 * So this runs, in one JVM, what people run most: help, a Resource List baseline, an incremental run and an
 * audit from a ResourceSync publisher of {@value #RESOURCES} resources on loopback, and the store's listing
 * commands. It leaves out the demo's Atom, ELI and SPARQL steps on purpose: a JDK 25 cache loads and links
 * every class it holds at each start, and Jena's thousands of classes made every short command slower (with
 * the demo in the training the cache was 77 MB and a bare JVM start with it cost 0.25 s of CPU instead of
 * 0.13 s); Atom and ELI runs load their classes from the jars as before. Everything goes to a directory the launcher gives and deletes; the output is discarded.
 * Exit code 0 when every command ended as expected, else 1 (the launcher then runs without a cache). It also
 * leaves SQLite's native library in {@code WORK_DIR/native} (see {@link #extractSqliteLibrary}).
 *
 * <pre>java -XX:AOTCacheOutput=lexsync.aot -cp … org.lexsync.cli.StartupTraining WORK_DIR</pre>
 */
public final class StartupTraining {
    /** Resources of the training publisher: enough for the applier's hot paths to reach the optimising JIT. */
    static final int RESOURCES = 3_000;
    private static final int BODY_BYTES = 1_400;

    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: StartupTraining WORK_DIR");
            System.exit(Main.EXIT_USAGE);
        }
        List<String> failures = run(Path.of(args[0]), RESOURCES);
        if (failures.isEmpty()) {
            extractSqliteLibrary(Path.of(args[0]).resolve("native"));
        }
        failures.forEach(System.err::println);
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    /**
     * Runs the training commands against a publisher of {@code resources} resources, with their stores under
     * {@code work}; returns what did not end as expected.
     */
    static List<String> run(Path work, int resources) throws IOException {
        Files.createDirectories(work);
        List<String> failures = new ArrayList<>();
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        String list = work.resolve("list").toString();
        command(failures, sink, 0, "--help");
        command(failures, sink, 0, "help", "sync");
        try (FixturePublisher pub = FixturePublisher.builder().resources(resources).bodyBytes(BODY_BYTES).seed(1).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).changeList(true).changeDump(false).install()) {
            String url = rs.sourceDescriptionUri().toString();
            command(failures, sink, 0, "sync", "resourcesync", url, "--delay", "0", "--baseline", "list", "--store", list);
            pub.applyChanges(resources / 10, resources / 5, resources / 20);
            rs.closeChangeList();
            command(failures, sink, 0, "sync", "resourcesync", url, "--delay", "0", "--store", list);
            command(failures, sink, 0, "audit", "resourcesync", url, "--store", list);
        }
        command(failures, sink, 0, "resources", "--store", list);
        command(failures, sink, 0, "resources", "--format", "table", "--store", list);
        command(failures, sink, 0, "changes", "--store", list);
        command(failures, sink, 0, "runs", "--store", list);
        command(failures, sink, 0, "sources", "--store", list);
        sink.flush();
        return failures;
    }

    /**
     * Copies SQLite's native library for this platform out of the driver's jar into {@code dir}, where the
     * launcher points {@code org.sqlite.lib.path} at it: without it the driver extracts the library to a new
     * temporary file, and compares it byte by byte, at every start. Returns the file, or null when the jar has
     * no library for this platform (the driver then finds one as before).
     */
    static Path extractSqliteLibrary(Path dir) throws IOException {
        String name = LibraryLoaderUtil.getNativeLibName();
        String folder = LibraryLoaderUtil.getNativeLibResourcePath(); // e.g. /org/sqlite/native/Linux/x86_64
        try (InputStream in = LibraryLoaderUtil.class.getResourceAsStream(
                (folder.startsWith("/") ? "" : "/") + folder + "/" + name)) {
            if (in == null) {
                return null;
            }
            Files.createDirectories(dir);
            Path target = dir.resolve(name);
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        }
    }

    private static void command(List<String> failures, PrintWriter sink, int expected, String... args) {
        int code = Main.run(args, sink, sink);
        if (code != expected) {
            failures.add(String.format(Locale.ROOT, "lexsync %s: exit %d, expected %d", String.join(" ", args), code, expected));
        }
    }
}
