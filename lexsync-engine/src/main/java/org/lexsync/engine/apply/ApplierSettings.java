package org.lexsync.engine.apply;

import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.CommitListener;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.store.BlobStore;
import org.lexsync.engine.store.LeaseFence;
import org.lexsync.engine.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The options an {@link Applier} was built with, checked by its builder: what each {@link ApplyRun} reads, and what
 * {@link Applier#withListener} copies with one listener more; the lease fence its runs' writes carry (null: none).
 */
record ApplierSettings(Fetcher fetcher, Store store, BlobStore files, int window, int batchSize, int maxBatchSize,
                       long batchBytes, Duration maxBatchDelay, int attempts, Duration retryDelay,
                       Duration maxRetryDelay, Duration failureBackoff, int readAhead,
                       List<CommitListener> listeners, @Nullable LeaseFence fence) {

    ApplierSettings {
        listeners = List.copyOf(listeners);
    }

    /** These settings with {@code listener} told after the others. */
    ApplierSettings withListener(CommitListener listener) {
        List<CommitListener> all = new ArrayList<>(listeners);
        all.add(Objects.requireNonNull(listener, "listener"));
        return new ApplierSettings(fetcher, store, files, window, batchSize, maxBatchSize, batchBytes, maxBatchDelay,
                attempts, retryDelay, maxRetryDelay, failureBackoff, readAhead, all, fence);
    }
}
