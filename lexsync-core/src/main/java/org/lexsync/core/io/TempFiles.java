package org.lexsync.core.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Cleanup of temp files on paths where a failure to delete must not hide the real outcome: a leftover temp
 * file is harmless, its directory is cleaned by its owner.
 */
public final class TempFiles {
    private TempFiles() {
    }

    /** Deletes {@code file} if it exists; null and I/O errors are ignored. */
    public static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // left for the temp directory's owner
        }
    }
}
