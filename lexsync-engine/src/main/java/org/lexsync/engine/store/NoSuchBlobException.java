package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import org.lexsync.core.LexsyncException;

/** A blob was asked for that the blob store does not hold. */
public final class NoSuchBlobException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final transient BlobKey key;

    public NoSuchBlobException(BlobKey key) {
        super("no blob " + key);
        this.key = key;
    }

    public BlobKey key() {
        return key;
    }
}
