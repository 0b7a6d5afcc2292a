package org.lexsync.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * Opens the store a facade is built on, as its builder asks: a dry run's scratch store, an existing store only
 * (read-only when it cannot be written), or a store created when missing; and picks where the facade's fetcher
 * downloads.
 */
final class StoreOpening {
    private StoreOpening() {
    }

    /**
     * The scratch store in {@code scratch} when given, else the store at {@code config}: only an existing one when
     * {@code existingOnly}, else created when missing. A failure deletes {@code scratch}.
     */
    static Store open(StoreConfig config, @Nullable Path scratch, boolean existingOnly) {
        try {
            return scratch != null ? Store.open(StoreConfig.of(scratch))
                    : existingOnly ? Store.openExisting(config) : Store.open(config);
        } catch (RuntimeException e) {
            ScratchDirs.deleteTree(scratch);
            throw e;
        }
    }

    /**
     * Where the fetcher downloads: the blob store's temp directory, or for a store that cannot be written the data
     * directory's {@code tmp} when it can be written (never created here), else the system's temp directory.
     */
    static Path fetcherTemp(Store store, Path dataDir) {
        if (!store.readOnly()) {
            return store.fileBlobs().tempDirectory();
        }
        Path dir = dataDir.resolve("tmp");
        if (Files.isDirectory(dir) && Files.isWritable(dir)) {
            return dir;
        }
        try {
            return Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "lexsync-tmp"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
