package org.lexsync.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.lexsync.engine.model.StoreStatistics;
import org.lexsync.engine.store.Store;

/** Counts a store for the dashboard: journal rows, active resources, and the blobs with their bytes. */
final class StoreCounts {
    private StoreCounts() {
    }

    /** The counts; walks the blob store, so it takes time in proportion to the blobs held. */
    static StoreStatistics of(Store store) {
        long[] blobs = new long[2];
        try {
            store.blobs().forEach(b -> {
                blobs[0]++;
                blobs[1] += b.length();
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new StoreStatistics(store.journal().count(null), store.resources().count(null, false), blobs[0],
                blobs[1]);
    }
}
