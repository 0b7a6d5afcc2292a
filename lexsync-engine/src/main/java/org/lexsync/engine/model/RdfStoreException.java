package org.lexsync.engine.model;

import org.lexsync.core.LexsyncException;

/** The RDF store could not be opened, read or written (e.g. its directory is locked by another process). */
public final class RdfStoreException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String location;

    public RdfStoreException(String location, String detail, Throwable cause) {
        super(location + ": " + detail, cause);
        this.location = location;
    }

    /** The store directory. */
    public String location() {
        return location;
    }
}
