package org.lexsync.engine;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.engine.harvest.Harvester;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.Store;

/**
 * The sources registered with one facade, and their records in the store: registering checks that a harvester
 * knows the protocol, and a source's politeness is looked up here for every harvest or apply.
 */
final class SourceRegistry {
    private final Store store;
    private final FacadeSettings settings;
    private final Map<String, Source> sources = new ConcurrentHashMap<>();

    SourceRegistry(Store store, FacadeSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    /** Registers {@code source}; unless {@code readOnly}, stores its record, keeping a contact learned earlier. */
    void register(Source source, boolean readOnly) {
        Objects.requireNonNull(source, "source");
        harvester(source.protocol());
        sources.put(source.id(), source);
        if (!readOnly) {
            SourceRecord r = source.toRecord();
            if (r.contact() == null) {
                String known = store.sources().get(source.id()).map(SourceRecord::contact).orElse(null);
                r = new SourceRecord(r.id(), r.protocol(), r.entryUrls(), r.schedule(), r.politeness(), r.approved(),
                        known);
            }
            store.sources().put(r);
        }
    }

    /** Registers {@code source}, storing its record only when the store has none of that id yet. */
    void registerIfUnknown(Source source, boolean readOnly) {
        Objects.requireNonNull(source, "source");
        if (readOnly || store.sources().get(source.id()).isPresent()) {
            harvester(source.protocol());
            sources.put(source.id(), source);
        } else {
            register(source, false);
        }
    }

    /** The sources registered here. */
    List<Source> registered() {
        return List.copyOf(sources.values());
    }

    /** A registered source; an {@link IllegalArgumentException} naming the registered ones when there is none. */
    Source source(String sourceId) {
        Source s = sources.get(sourceId);
        if (s == null) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "no source '%s' is registered (registered: %s)",
                    sourceId, String.join(", ", sources.keySet().stream().sorted().toList())));
        }
        return s;
    }

    /** The politeness a harvest of {@code source} asks for: its own, else the facade's or its protocol's default. */
    Politeness politeness(Source source) {
        return source.politeness(settings.politeness(source.protocol()));
    }

    /**
     * The politeness of a crawler's group commit: its registered source's, else the default of the ingestion
     * protocol, which every crawler's stored source has ({@link org.lexsync.engine.ingest.Ingestion#PROTOCOL}) — no
     * read of the stored source per commit.
     */
    Politeness politenessOfCrawler(String sourceId) {
        Source registered = sources.get(sourceId);
        return registered != null ? politeness(registered)
                : settings.politeness(org.lexsync.engine.ingest.Ingestion.PROTOCOL);
    }

    /** The politeness of a registered source, else the default of the stored source's protocol. */
    Politeness politenessOf(String sourceId) {
        Source registered = sources.get(sourceId);
        if (registered != null) {
            return politeness(registered);
        }
        SourceRecord stored = store.sources().get(sourceId).orElseThrow(() -> new IllegalArgumentException(
                String.format(Locale.ROOT, "no source '%s' in the store", sourceId)));
        return settings.politeness(stored.protocol());
    }

    /** The harvester of {@code protocol}; an {@link IllegalArgumentException} naming the known ones otherwise. */
    /** The protocols whose resources are republished as ELI ({@link Harvester#eliResources()}). */
    static Set<String> eliProtocols() {
        return Harvesters.all().stream().filter(Harvester::eliResources).map(Harvester::protocol)
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    static Harvester harvester(String protocol) {
        return Harvesters.forProtocol(protocol).orElseThrow(() -> new IllegalArgumentException(String.format(
                Locale.ROOT, "no harvester for protocol '%s' (known: %s)", protocol,
                String.join(", ", Harvesters.protocols()))));
    }
}
