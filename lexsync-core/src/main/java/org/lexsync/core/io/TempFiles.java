package org.lexsync.core.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.FileVisitResult;

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

    /** Deletes a file or a whole directory tree if it exists; null and I/O errors are ignored (best effort). */
    public static void deleteTreeQuietly(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // a leftover temp tree is harmless
        }
    }
}
