package org.lexsync.engine.harvest;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.lexsync.engine.model.GiveUpRule;

/**
 * What to harvest: the source id, its entry URLs (meaning depends on the protocol: a base URL or capability
 * document for ResourceSync, sitemap + feed for ELI, the subscription feed for Atom), protocol-specific
 * options as text (e.g. {@code baseline=dump}, {@code delete=false}; each harvester documents and validates
 * its own keys), whether to only plan (dry run: read and report, write nothing), and when to give up on an
 * item that keeps failing (DESIGN §4.6; null means {@link GiveUpRule#DEFAULT}).
 */
public record HarvestJob(String sourceId, List<URI> urls, Map<String, String> options, boolean dryRun,
                         GiveUpRule giveUp) {

    public HarvestJob {
        Objects.requireNonNull(sourceId, "sourceId");
        giveUp = giveUp == null ? GiveUpRule.DEFAULT : giveUp;
        urls = List.copyOf(urls);
        options = Map.copyOf(options);
        if (sourceId.isBlank()) {
            throw new IllegalArgumentException("source id must not be blank");
        }
    }

    /** A job under the default give-up rule. */
    public HarvestJob(String sourceId, List<URI> urls, Map<String, String> options, boolean dryRun) {
        this(sourceId, urls, options, dryRun, null);
    }

    /** The option's value, or {@code fallback} when absent. */
    public String option(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }
}
