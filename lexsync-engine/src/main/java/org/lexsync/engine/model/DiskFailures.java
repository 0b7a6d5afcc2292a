package org.lexsync.engine.model;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Names a failed write under a store directory: a full disk or a read-only file system is a
 * {@link StoreUnavailableException} (exit 4, the operator's to fix), anything else a plain {@link StoreException}.
 * The file-system half of the store's failure wording; the database half lives with the store.
 */
final class DiskFailures {
    /** Below this many usable bytes a failed write is put down to a full disk. */
    static final long NEARLY_FULL = 1L << 20;

    private DiskFailures() {
    }

    static StoreException of(Path dir, String operation, IOException e) {
        String text = String.valueOf(e.getMessage()) + (e instanceof FileSystemException f ? " " + f.getReason() : "");
        if (text.contains("No space left on device") || nearlyFull(dir)) {
            return full(dir, operation, e);
        }
        if (text.contains("Read-only file system") || !writable(dir)) {
            return readOnly(dir, operation, e);
        }
        return new StoreException(operation, e.toString(), e);
    }

    static StoreUnavailableException full(Path dir, String operation, Throwable cause) {
        long free = usable(dir);
        return new StoreUnavailableException(StoreUnavailableException.Kind.FULL, dir.toString(), operation,
                String.format(Locale.ROOT, "no space left on device in %s: %s bytes free", dir.toAbsolutePath(),
                        free < 0 ? "?" : Long.toString(free)), cause);
    }

    static StoreUnavailableException readOnly(Path dir, String operation, Throwable cause) {
        return new StoreUnavailableException(StoreUnavailableException.Kind.READ_ONLY, dir.toString(), operation,
                "store " + dir.toAbsolutePath() + " is read-only", cause);
    }

    static boolean nearlyFull(Path dir) {
        long free = usable(dir);
        return free >= 0 && free < NEARLY_FULL;
    }

    /** Usable bytes on the file system holding {@code dir} (or its nearest existing ancestor), -1 if unknown. */
    static long usable(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                try {
                    return Files.getFileStore(p).getUsableSpace();
                } catch (IOException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** False when {@code dir} (or the nearest existing ancestor) cannot be written, e.g. a read-only mount. */
    static boolean writable(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isWritable(p);
            }
        }
        return false;
    }
}
