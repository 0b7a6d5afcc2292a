package org.lexsync.engine.model;

/**
 * The store's schema is newer than this LexSync knows (issue 32, rolling upgrade): migrations were applied to it by a
 * newer version, so this one could misread or damage its tables and refuses to open it (exit code 4, a local store
 * error). The message names the database, the store's schema version and the newest this version knows.
 */
public final class StoreSchemaException extends StoreException {
    private static final long serialVersionUID = 1L;

    private final String storeVersion;
    private final String knownVersion;

    public StoreSchemaException(String operation, String database, String storeVersion, String knownVersion) {
        super(operation, String.format(java.util.Locale.ROOT, "the store %s has schema version %s, newer than %s,"
                + " the newest this LexSync knows; run a LexSync of the store's version or newer", database,
                storeVersion, knownVersion), null);
        this.storeVersion = storeVersion;
        this.knownVersion = knownVersion;
    }

    /** The newest migration applied to the store. */
    public String storeVersion() {
        return storeVersion;
    }

    /** The newest migration this LexSync has. */
    public String knownVersion() {
        return knownVersion;
    }
}
