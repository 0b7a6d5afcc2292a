package org.lexsync.engine.harvest;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The protocols LexSync can harvest, by name: every {@link Harvester} on the class path, found with
 * {@link ServiceLoader}, so that this package names no protocol and a protocol package adds itself by listing its
 * harvester in {@code META-INF/services/org.lexsync.engine.harvest.Harvester}.
 */
public final class Harvesters {
    private static final List<Harvester> ALL = load();

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
        return ALL.stream().map(Harvester::protocol).toList();
    }

    /** Every harvester, sorted by protocol name; the first of each name wins. */
    public static List<Harvester> all() {
        return ALL;
    }

    private static List<Harvester> load() {
        Set<String> seen = new HashSet<>();
        return ServiceLoader.load(Harvester.class, Harvester.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(Harvester::protocol))
                .filter(h -> seen.add(h.protocol()))
                .toList();
    }
}
