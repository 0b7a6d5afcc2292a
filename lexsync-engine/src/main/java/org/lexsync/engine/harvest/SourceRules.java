package org.lexsync.engine.harvest;

import java.util.List;
import java.util.Objects;

/**
 * What a protocol requires of a configured source, so that {@code lexsync.yaml} is checked when it is read rather
 * than at sync time: the exact number of entry URLs and what they are (in words, for the error message), and the
 * option keys the protocol understands. Option values are checked by {@link Harvester#options}.
 */
public record SourceRules(int urls, String urlsMeaning, List<String> optionKeys) {

    public SourceRules {
        Objects.requireNonNull(urlsMeaning, "urlsMeaning");
        optionKeys = List.copyOf(optionKeys);
        if (urls < 1) {
            throw new IllegalArgumentException("a source has at least one URL, not " + urls);
        }
    }
}
