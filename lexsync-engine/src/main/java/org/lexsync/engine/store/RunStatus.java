package org.lexsync.engine.store;

import java.util.Locale;

/** The state of a harvest run: running, finished (possibly with item failures) or aborted. */
public enum RunStatus {
    RUNNING, SUCCEEDED, FINISHED_WITH_FAILURES, ABORTED;

    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunStatus fromToken(String token) {
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
