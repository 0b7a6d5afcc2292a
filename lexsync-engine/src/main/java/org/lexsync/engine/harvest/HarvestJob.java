package org.lexsync.engine.harvest;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.ProtocolOptions;

/**
 * What to harvest: the source id, its entry URLs (meaning depends on the protocol: a base URL or capability
 * document for ResourceSync, sitemap + feed for ELI, the subscription feed for Atom), the protocol's typed options,
 * whether to only plan (dry run: read and report, write nothing), and when to give up on an item that keeps
 * failing (docs/architecture.md, invariant 6; null means {@link GiveUpRule#DEFAULT}).
 */
public record HarvestJob(String sourceId, List<URI> urls, ProtocolOptions options, boolean dryRun, GiveUpRule giveUp) {

    public HarvestJob {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(options, "options");
        giveUp = giveUp == null ? GiveUpRule.DEFAULT : giveUp;
        urls = List.copyOf(urls);
        if (sourceId.isBlank()) {
            throw new IllegalArgumentException("source id must not be blank");
        }
    }

    /** A job under the default give-up rule. */
    public HarvestJob(String sourceId, List<URI> urls, ProtocolOptions options, boolean dryRun) {
        this(sourceId, urls, options, dryRun, null);
    }

    /** The options as the protocol's own type; a job built for another protocol is a programming error. */
    public <T extends ProtocolOptions> T options(Class<T> type) {
        if (!type.isInstance(options)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "source %s: %s options given to the %s harvester",
                    sourceId, options.protocol(), type.getSimpleName()));
        }
        return type.cast(options);
    }
}
