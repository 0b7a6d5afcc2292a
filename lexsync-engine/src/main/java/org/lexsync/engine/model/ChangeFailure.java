package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Duration;

/**
 * Why a planned change could not be applied in this run: the resource, the URL (null for local files), a reason token
 * (a fetch failure such as {@code hash-mismatch}, or {@code local-file}, {@code blob-store}), a message, the HTTP
 * status (0 when none) and the server's Retry-After (null when none); and where the item stands under the give-up rule
 * (docs/architecture.md, invariant 6): its status, the consecutive runs it failed in, and whether later runs retry it
 * on its own (then the checkpoint may pass it).
 */
public record ChangeFailure(String resourceUri, @Nullable String url, String reason, String message, int status,
                            @Nullable Duration retryAfter, FailureStatus itemStatus, int tries, boolean retriedAlone) {

    /** A failure not (yet) recorded in the store: held, first try. */
    public ChangeFailure(String resourceUri, String url, String reason, String message, int status,
                         Duration retryAfter) {
        this(resourceUri, url, reason, message, status, retryAfter, FailureStatus.HELD, 1, false);
    }

    /**
     * True when the fetched bytes matched neither the hash nor the length the source promised: the source may
     * have changed the resource after its change documents were read, so reading them again can help
     * (docs/architecture.md, invariant 6).
     */
    public boolean staleBytes() {
        return "hash-mismatch".equals(reason) || "length-mismatch".equals(reason);
    }

    /** True when the give-up rule quarantined the item. */
    public boolean quarantined() {
        return itemStatus == FailureStatus.QUARANTINED;
    }

    /** This failure as recorded in the store. */
    public ChangeFailure recorded(FailureStatus s, int n, boolean alone) {
        return new ChangeFailure(resourceUri, url, reason, message, status, retryAfter, s, n, alone);
    }
}
