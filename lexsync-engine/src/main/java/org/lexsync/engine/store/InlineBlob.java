package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.util.Objects;

/** A small blob written into the database in the same transaction as the change that references it. */
public record InlineBlob(BlobKey key, byte[] bytes) {
    public InlineBlob {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(bytes, "bytes");
    }
}
