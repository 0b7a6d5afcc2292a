package org.lexsync.engine.disk;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.StoreException;
import org.lexsync.engine.model.StoreUnavailableException;

/**
 * Names a failed write under a store directory: a full disk or a read-only file system is a
 * {@link StoreUnavailableException} (exit 4, the operator's to fix), anything else a plain {@link StoreException}.
 * The file-system half of the store's failure wording; the database half lives with the store
 * ({@code store.StoreFailures}). Out of {@code engine.model} because it asks the file system (usable space,
 * writability) and the model holds values only; every part that writes under the store's directories (fetcher temp
 * files, blobs, dump entries, the database) names its failures through it.
 */
public final class DiskFailures {
    /** Below this many usable bytes a failed write is put down to a full disk. */
    public static final long NEARLY_FULL = 1L << 20;

    private DiskFailures() {
    }

    /**
     * The exception for a failed write under the store's directory {@code dir}: a {@link StoreUnavailableException}
     * when the disk is full or read-only, else a plain {@link StoreException}.
     */
    public static StoreException of(Path dir, String operation, IOException e) {
        String text = String.valueOf(e.getMessage()) + (e instanceof FileSystemException f ? " " + f.getReason() : "");
        if (text.contains("No space left on device") || nearlyFull(dir)) {
            return full(dir, operation, e);
        }
        if (text.contains("Read-only file system") || !writable(dir)) {
            return readOnly(dir, operation, e);
        }
        return new StoreException(operation, e.toString(), e);
    }

    /** The store's disk under {@code dir} is full. */
    public static StoreUnavailableException full(Path dir, String operation, @Nullable Throwable cause) {
        long free = usable(dir);
        return new StoreUnavailableException(StoreUnavailableException.Kind.FULL, dir.toString(), operation,
                String.format(Locale.ROOT, "no space left on device in %s: %s bytes free", dir.toAbsolutePath(),
                        free < 0 ? "?" : Long.toString(free)), cause);
    }

    /** The store under {@code dir} cannot be written. */
    public static StoreUnavailableException readOnly(Path dir, String operation, @Nullable Throwable cause) {
        return new StoreUnavailableException(StoreUnavailableException.Kind.READ_ONLY, dir.toString(), operation,
                "store " + dir.toAbsolutePath() + " is read-only", cause);
    }

    /** True when the file system holding {@code dir} has less than {@link #NEARLY_FULL} bytes usable. */
    public static boolean nearlyFull(Path dir) {
        long free = usable(dir);
        return free >= 0 && free < NEARLY_FULL;
    }

    /** Usable bytes on the file system holding {@code dir} (or its nearest existing ancestor), -1 if unknown. */
    public static long usable(Path dir) {
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
    public static boolean writable(Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isWritable(p);
            }
        }
        return false;
    }
}
