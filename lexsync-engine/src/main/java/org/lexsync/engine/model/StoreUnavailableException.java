package org.lexsync.engine.model;

import java.util.Locale;

/**
 * The store cannot take (or give) data for a local reason an operator must fix: the disk is full, the store is
 * read-only, its database is damaged, or the object store holding its blobs cannot be reached (docs/architecture.md, "Exit codes": exit code 4, a local store error, so that
 * alerting does not blame the publisher). Nothing half-written becomes current: the failed transaction is rolled back,
 * and the next run continues from the last committed checkpoint once the cause is fixed.
 */
public final class StoreUnavailableException extends StoreException {
    private static final long serialVersionUID = 1L;

    /** Why the store is unavailable. */
    public enum Kind {
        /** No space left on the device holding the store. */
        FULL,
        /** The store's directory or database cannot be written. */
        READ_ONLY,
        /** The database file is not a database any more, or its pages are malformed. */
        DAMAGED,
        /** The object store holding the blobs cannot be reached, times out, or answers with an error. */
        UNREACHABLE;

        public String token() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final Kind kind;
    private final String where;

    /**
     * {@code where}: the store directory or database named in the message; {@code message}: the whole one-line
     * message (e.g. {@code store /data is read-only}).
     */
    public StoreUnavailableException(Kind kind, String where, String operation, String message, Throwable cause) {
        super(operation, message, cause);
        this.kind = kind;
        this.where = where;
    }

    public Kind kind() {
        return kind;
    }

    /** The store directory or database concerned. */
    public String where() {
        return where;
    }

    /** The one-line message without the operation, e.g. {@code store /data is read-only}. */
    public String reason() {
        String m = getMessage();
        String prefix = operation() + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
    }
}
