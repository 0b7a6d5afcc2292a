package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Instant;

/**
 * A change that could not be applied (docs/architecture.md, invariant 1, invariant 6): which resource and URL, why (a
 * short reason token and a message), in how many consecutive runs it failed, since when, when to try again and where it
 * stands under the give-up rule.
 */
public record ItemFailure(String sourceId, String resourceUri, @Nullable String url, String reason, String message,
                          int tries, Instant firstFailed, Instant lastFailed, @Nullable Instant nextTry, @Nullable Long runId,
                          FailureStatus status) {

    public ItemFailure {
        status = status == null ? FailureStatus.HELD : status;
    }

    /** True when the give-up rule quarantined the item: the checkpoint passed it. */
    public boolean quarantined() {
        return status == FailureStatus.QUARANTINED;
    }
}
