package org.lexsync.engine.model;

import java.util.Locale;

/**
 * Where a failed item stands under the give-up rule (docs/architecture.md, invariant 6): it decides whether the
 * source's checkpoint waits for the item and whether later runs retry it on its own.
 */
public enum FailureStatus {
    /** A change of an ordered feed: the checkpoint waits before it and the next run reaches it again. */
    HELD,
    /** A snapshot's item (no order) the run went past: retried on its own by the next run. */
    SKIPPED,
    /** Failed in too many runs or for too long: the checkpoint passes it; retried on its own, with back-off. */
    QUARANTINED;

    /** The stored token ({@code held}, {@code skipped}, {@code quarantined}). */
    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The status stored as {@code token}; unknown or null tokens read as {@link #HELD}. */
    public static FailureStatus fromToken(String token) {
        if (token != null) {
            for (FailureStatus s : values()) {
                if (s.token().equals(token)) {
                    return s;
                }
            }
        }
        return HELD;
    }
}
