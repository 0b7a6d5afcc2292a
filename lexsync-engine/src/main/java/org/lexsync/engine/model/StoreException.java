package org.lexsync.engine.model;

import org.lexsync.core.LexsyncException;

/**
 * A store operation failed: the database or the blob directory could not be read or written. A failure whose
 * cause is known to be local and lasting (full disk, read-only store, damaged database) is the subclass
 * {@link StoreUnavailableException}.
 */
public class StoreException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String operation;

    public StoreException(String operation, String detail, Throwable cause) {
        super(operation + ": " + detail, cause);
        this.operation = operation;
    }


    /** What the store was doing, e.g. {@code commit batch for source x}. */
    public String operation() {
        return operation;
    }
}
