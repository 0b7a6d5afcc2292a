package org.lexsync.engine.harvest;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The protocols LexSync can harvest, by name. Each protocol issue adds its harvester to {@link #ALL}.
 */
public final class Harvesters {
    private static final List<Harvester> ALL = List.of(new org.lexsync.engine.atom.AtomHarvester(),
            new org.lexsync.engine.resourcesync.ResourceSyncHarvester(), new org.lexsync.engine.eli.EliHarvester());

    private Harvesters() {
    }

    /** The harvester for a protocol name (case-insensitive), if LexSync has one. */
    public static Optional<Harvester> forProtocol(String protocol) {
        if (protocol == null) {
            return Optional.empty();
        }
        String p = protocol.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(h -> h.protocol().equals(p)).findFirst();
    }

    /** Protocol names, sorted. */
    public static List<String> protocols() {
        Map<String, Harvester> sorted = new TreeMap<>();
        ALL.forEach(h -> sorted.put(h.protocol(), h));
        return List.copyOf(sorted.keySet());
    }
}
