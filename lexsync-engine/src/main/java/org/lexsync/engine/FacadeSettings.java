package org.lexsync.engine;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.model.Politeness;

/**
 * What a facade's builder fixed for its life: the politeness for sources that set none (null: each protocol's
 * default) and how long a source's lease lasts unless renewed.
 */
record FacadeSettings(@Nullable Politeness politeness, Duration leaseTtl) {
    /** The politeness for a source of {@code protocol} that sets none. */
    Politeness politeness(String protocol) {
        return politeness != null ? politeness : defaultPoliteness(protocol);
    }

    /** The politeness {@code protocol} asks for by default; {@link Politeness#DEFAULT} for an unknown protocol. */
    static Politeness defaultPoliteness(String protocol) {
        return Harvesters.forProtocol(protocol).map(Harvester::defaultPoliteness).orElse(Politeness.DEFAULT);
    }
}
