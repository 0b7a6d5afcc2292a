package org.lexsync.engine;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;
import org.lexsync.engine.model.RdfStoreException;

/**
 * TDB2 cannot open a database it cannot write (it takes a lock file in the database directory), so a read-only
 * facade over a read-only store queries a copy of its RDF directory in the system's temp directory
 * (docs/architecture.md, "The flow of a change": read-only stores). Nobody can write a read-only store, so the
 * copy is consistent; the facade deletes it on close. Larger than {@link #MAX_BYTES} it is refused by name
 * rather than copied.
 */
final class ReadOnlyRdf {
    /** The largest RDF directory copied for a query on a read-only store. */
    static final long MAX_BYTES = 1L << 30;

    private ReadOnlyRdf() {
    }

    /** Copies {@code rdfDir} (without its lock file) to {@code TEMP/rdf}; returns TEMP, the data directory to open. */
    static Path snapshot(Path rdfDir) {
        try {
            long size = size(rdfDir);
            if (size > MAX_BYTES) {
                throw new RdfStoreException(rdfDir.toString(), String.format(Locale.ROOT,
                        "read-only, and at %d bytes too large to query from a copy (TDB2 must write its lock file);"
                                + " query a writable copy of the store", size), null);
            }
            Path data = Files.createTempDirectory("lexsync-sparql-");
            Path target = data.resolve("rdf");
            Files.walkFileTree(rdfDir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                    Files.createDirectories(target.resolve(rdfDir.relativize(d).toString()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    if (!file.getFileName().toString().equals("tdb.lock")) {
                        Files.copy(file, target.resolve(rdfDir.relativize(file).toString()));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            return data;
        } catch (IOException e) {
            throw new RdfStoreException(rdfDir.toString(), "read-only, and copying it to query it failed: " + e, e);
        }
    }

    private static long size(Path dir) throws IOException {
        long[] total = {0};
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                total[0] += attrs.size();
                return FileVisitResult.CONTINUE;
            }
        });
        return total[0];
    }
}
