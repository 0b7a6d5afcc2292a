package org.lexsync.engine.apply;

import java.time.Duration;

/**
 * Why a planned change could not be applied in this run: the resource, the URL (null for local files),
 * a reason token (a fetch failure such as {@code hash-mismatch}, or {@code local-file}, {@code blob-store}),
 * a message, the HTTP status (0 when none) and the server's Retry-After (null when none).
 */
public record ChangeFailure(String resourceUri, String url, String reason, String message, int status,
                            Duration retryAfter) {
}
