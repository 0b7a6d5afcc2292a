package org.lexsync.engine.harvest;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a protocol requires of a configured source, so that {@code lexsync.yaml} is checked when it is read rather
 * than at sync time: the exact number of entry URLs and what they are (in words, for the error message), and the
 * option keys the protocol understands, and the key of the protocol's own structured block of a source, if it has one
 * (e.g. {@code crawler}; read by {@link Harvester#readBlock}). Option values are checked by {@link Harvester#options}.
 * The configuration reader checks the URL count from here, once; a harvester need not check it again.
 */
public record SourceRules(int urls, String urlsMeaning, List<String> optionKeys, @Nullable String block) {

    /** Rules of a protocol without a block of its own. */
    public SourceRules(int urls, String urlsMeaning, List<String> optionKeys) {
        this(urls, urlsMeaning, optionKeys, null);
    }

    public SourceRules {
        Objects.requireNonNull(urlsMeaning, "urlsMeaning");
        optionKeys = List.copyOf(optionKeys);
        if (urls < 1) {
            throw new IllegalArgumentException("a source has at least one URL, not " + urls);
        }
    }

    /**
     * Refuses a job whose source has another number of URLs than {@link #urls()}: the one check of the URL count for a
     * source that did not come from {@code lexsync.yaml} (which is checked, with file and line, when it is read).
     */
    public void requireUrls(String protocol, String sourceId, int count) {
        if (count != urls) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "the %s protocol needs %s; source %s has %d",
                    protocol, urlsMeaning, sourceId, count));
        }
    }
}
