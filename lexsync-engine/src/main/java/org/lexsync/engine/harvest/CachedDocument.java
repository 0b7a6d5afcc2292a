package org.lexsync.engine.harvest;

import org.jspecify.annotations.Nullable;
import java.time.Instant;
import java.util.Objects;
import org.lexsync.engine.fetch.Validators;

/**
 * What a harvest last saw of a source document under a fetch-cache key: the validators for the next conditional
 * GET (docs/architecture.md invariant "Polite": conditional GET wherever a validator is known), the body's SHA-256
 * (to notice an archive that changed) and when it was fetched.
 */
public record CachedDocument(String key, @Nullable String etag, @Nullable String lastModified, @Nullable String sha256,
                             Instant fetched) {

    public CachedDocument {
        Objects.requireNonNull(key, "key");
        fetched = fetched == null ? Instant.now() : fetched;
    }

    /** The validators to send with a conditional GET ({@link Validators#NONE} when none are known). */
    public Validators validators() {
        return new Validators(etag, lastModified);
    }
}
