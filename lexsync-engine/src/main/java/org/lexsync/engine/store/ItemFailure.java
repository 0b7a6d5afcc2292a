package org.lexsync.engine.store;

import java.time.Instant;

/**
 * A change that could not be applied (DESIGN §4.1): which resource and URL, why (a short reason token and
 * a message), how many times it has failed, and when to try again.
 */
public record ItemFailure(String sourceId, String resourceUri, String url, String reason, String message,
                          int tries, Instant firstFailed, Instant lastFailed, Instant nextTry, Long runId) {
}
