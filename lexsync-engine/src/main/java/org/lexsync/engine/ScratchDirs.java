package org.lexsync.engine;

import org.lexsync.core.io.TempFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Temporary directories the facade creates for one use and deletes on close — a dry run's scratch store, a
 * read-only store's RDF copy, a downloaded document's directory — so that nothing is left behind.
 */
final class ScratchDirs {
    private ScratchDirs() {
    }

    /** A new directory in the system's temp directory. */
    static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a file or a directory tree, quietly (best effort: a leftover temp file is harmless). */
    static void deleteTree(Path root) {
        TempFiles.deleteTreeQuietly(root);
    }
}
