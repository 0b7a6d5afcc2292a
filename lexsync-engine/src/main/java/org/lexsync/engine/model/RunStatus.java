package org.lexsync.engine.model;

import java.util.Locale;

/**
 * The state of a harvest run: running, finished (possibly with item failures), aborted by an error, or
 * interrupted (stopped by a signal, or its process died); an interrupted run keeps what it committed.
 */
public enum RunStatus {
    RUNNING, SUCCEEDED, FINISHED_WITH_FAILURES, ABORTED, INTERRUPTED;

    private final String token = name().toLowerCase(Locale.ROOT);

    /** The lower-case name, made once: the overview asks for it thousands of times. */
    public String token() {
        return token;
    }

    public static RunStatus fromToken(String token) {
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
