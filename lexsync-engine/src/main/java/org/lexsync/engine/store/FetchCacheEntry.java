package org.lexsync.engine.store;

import java.time.Instant;

/** What we last saw at a URL: validators for a conditional GET, the status, the body's SHA-256. */
public record FetchCacheEntry(String url, String etag, String lastModified, int lastStatus, String sha256,
                              Instant fetched) {
}
