package org.lexsync.engine.rdf;

import org.lexsync.core.LexsyncException;

/** A page could not be read at all (I/O failure or larger than the extractor accepts). */
public final class MetadataExtractionException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String document;

    public MetadataExtractionException(String document, String detail, Throwable cause) {
        super(document + ": " + detail, cause);
        this.document = document;
    }

    /** The page URL (or other name) that failed. */
    public String document() {
        return document;
    }
}
