package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.lexsync.core.sitemap.Capability;

/**
 * One set of resources as its Capability List describes it (ResourceSync §9): the list's URI and the
 * document URI of each capability it offers (resourcelist, resourcedump, changelist, changedump).
 */
record CapabilitySet(URI uri, Map<Capability, URI> capabilities) {

    CapabilitySet {
        Objects.requireNonNull(uri, "uri");
        EnumMap<Capability, URI> copy = new EnumMap<>(Capability.class);
        copy.putAll(capabilities);
        capabilities = Collections.unmodifiableMap(copy);
    }

    /** The document offering {@code capability}, or null. */
    URI get(Capability capability) {
        return capabilities.get(capability);
    }

    boolean offers(Capability capability) {
        return capabilities.containsKey(capability);
    }
}
