package org.lexsync.engine;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.Politeness;

/**
 * What a facade's builder fixed for its life: the politeness for sources that set none (null: each protocol's
 * default) and how long a source's lease lasts unless renewed.
 */
record FacadeSettings(@Nullable Politeness politeness, Duration leaseTtl) {
    /** The politeness for a source of {@code protocol} that sets none. */
    Politeness politeness(String protocol) {
        return politeness != null ? politeness : LexSync.defaultPoliteness(protocol);
    }
}
