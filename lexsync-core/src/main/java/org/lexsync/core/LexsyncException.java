package org.lexsync.core;

/**
 * Root of every expected LexSync failure. Subclasses carry the data that locates the problem
 * (document, URL, line/column, entry, status) so that callers and the command line can report it
 * without a stack trace.
 */
public abstract class LexsyncException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    protected LexsyncException(String message) {
        super(message);
    }

    protected LexsyncException(String message, Throwable cause) {
        super(message, cause);
    }
}
