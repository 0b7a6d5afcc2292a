package org.lexsync.engine.model;

import org.lexsync.core.LexsyncException;

/**
 * The RDF store could not be opened, read or written: its TDB2 directory is locked by another process, say, or a remote
 * SPARQL store is down, refused the exchange or answered an error status (exit 4 on the command line).
 */
public final class RdfStoreException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String location;

    public RdfStoreException(String location, String detail, Throwable cause) {
        super(location + ": " + detail, cause);
        this.location = location;
    }

    /** The store's TDB2 directory, or the remote SPARQL store's endpoint. */
    public String location() {
        return location;
    }
}
