package org.lexsync.engine;

import java.util.List;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.model.Politeness;

/**
 * What the engine knows about its protocols without a store: their names and default politeness (for help texts,
 * option checks and the server's source pages). A static helper of its own so that {@link LexSync} keeps only what
 * is done with a store.
 */
public final class Protocols {
    private Protocols() {
    }

    /** The protocols this engine can harvest (every {@code Harvester} on the module or class path), sorted. */
    public static List<String> names() {
        return Harvesters.protocols();
    }

    /**
     * The politeness a protocol asks for by default (e.g. ELI's five seconds between requests); one request at a time,
     * a second apart, for a protocol this engine does not know.
     */
    public static Politeness defaultPoliteness(String protocol) {
        return FacadeSettings.defaultPoliteness(protocol);
    }
}
