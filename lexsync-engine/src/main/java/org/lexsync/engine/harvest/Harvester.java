package org.lexsync.engine.harvest;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ProtocolOptions;

/**
 * One synchronisation protocol's client (ResourceSync destination, ELI consumer, Atom collector, …): it
 * reads the source's documents, plans the changes in the source's order, and hands them to the shared
 * {@link org.lexsync.engine.apply.Applier} from its {@link HarvestContext}. Planners never write to the store
 * themselves (docs/architecture.md, "The flow of a change"). Implementations are found by {@link Harvesters} with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/org.lexsync.engine.harvest.Harvester}), need a public
 * no-argument constructor, and share the run lifecycle ({@link HarvestRun}), the source-document reader
 * ({@link SourceReader}) and the store port ({@link HarvestStore}).
 */
public interface Harvester {

    /** The protocol name used on the command line and in {@code lexsync.yaml}, e.g. {@code resourcesync}. */
    String protocol();

    /** What a configured source of this protocol needs: URL count and meaning, option keys. */
    SourceRules rules();

    /**
     * This protocol's options read from text ({@code lexsync.yaml}); a bad value is an
     * {@link org.lexsync.engine.model.OptionException} naming the key. An empty map gives the defaults.
     */
    ProtocolOptions options(Map<String, String> text);

    /**
     * Reads this protocol's own block of a source in {@code lexsync.yaml} ({@link SourceRules#block()}; called only for
     * a protocol that names one, with {@link ProtocolBlock#node()} null when the source has none) into the options it
     * defines, which then replace the text options; null keeps the text options. A mistake is a
     * {@link org.lexsync.engine.model.ConfigException} made by {@link ProtocolBlock#error}.
     */
    default @Nullable ProtocolOptions readBlock(ProtocolBlock block) {
        return null;
    }

    /**
     * True when this protocol's resources are ELI legal resources (an ELI URI each, with ELI metadata), which the
     * aggregate republishes as an ELI Pillar IV provider ({@code eli/sitemap.xml}, {@code eli/eli-update-feed.atom}).
     */
    default boolean eliResources() {
        return false;
    }

    /** The politeness this protocol asks for when a source sets none (one request at a time, a second apart). */
    default Politeness defaultPoliteness() {
        return Politeness.DEFAULT;
    }

    /**
     * Harvests one source once: baseline or incremental from the store's checkpoint, as the protocol says.
     *
     * @throws org.lexsync.engine.model.SourceUnreadableException when the source cannot be read at all (exit code 3)
     */
    HarvestReport harvest(HarvestJob job, HarvestContext context);

    /**
     * Compares the store's copy of the source with what the source publishes now, without writing anything
     * (ResourceSync §5.2 Audit). Protocols without an audit keep this default.
     *
     * @throws UnsupportedOperationException when this protocol has no audit
     */
    default AuditReport audit(HarvestJob job, HarvestContext context) {
        throw new UnsupportedOperationException("protocol " + protocol() + " has no audit");
    }
}
