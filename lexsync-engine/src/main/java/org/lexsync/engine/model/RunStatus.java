package org.lexsync.engine.model;

import java.util.Locale;

/**
 * The state of a harvest run: running, finished (possibly with item failures), aborted by an error, or
 * interrupted (stopped by a signal, or its process died); an interrupted run keeps what it committed.
 */
public enum RunStatus {
    RUNNING, SUCCEEDED, FINISHED_WITH_FAILURES, ABORTED, INTERRUPTED;

    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunStatus fromToken(String token) {
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
