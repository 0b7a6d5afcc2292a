package org.lexsync.server;

import java.util.Locale;

/**
 * A source's health at a glance (docs/architecture.md, "Dashboard and metrics"): the colour of its row on the
 * dashboard and what the totals count.
 */
public enum SourceHealth {
    /** Its last run succeeded with no failed item, nothing of it is quarantined, and its last success is recent. */
    OK,
    /** Its last run finished, but some items failed (they are retried), or some of its items are quarantined. */
    WARNING,
    /** Its last run was aborted or interrupted. */
    FAILING,
    /** No success for more than twice its schedule, whatever the last run did: the failure that goes unnoticed. */
    STALE,
    /** It has never run. */
    NEW,
    /** The operator paused it: it is not scheduled, so it is neither stale nor green. */
    PAUSED;

    /** The lower-case name, for CSS classes and JSON. */
    private final String token = name().toLowerCase(Locale.ROOT);

    /** The lower-case name, made once: the overview asks for it thousands of times. */
    public String token() {
        return token;
    }
}
