package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.time.Instant;

/** One stored blob as listed for garbage collection: its key, size and when it was written. */
public record BlobInfo(BlobKey key, long length, Instant written) {
}
