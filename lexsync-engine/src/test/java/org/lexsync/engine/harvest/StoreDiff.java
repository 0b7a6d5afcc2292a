package org.lexsync.engine.harvest;

import java.util.List;
import java.util.Locale;

/**
 * How a store differs from its source after a sync: URIs the source has and the store lacks, URIs the store
 * holds active that the source does not (deleted or never published), and URIs whose bytes differ.
 */
public record StoreDiff(List<String> missing, List<String> extra, List<String> wrong) {

    public StoreDiff {
        missing = List.copyOf(missing);
        extra = List.copyOf(extra);
        wrong = List.copyOf(wrong);
    }

    public boolean inSync() {
        return missing.isEmpty() && extra.isEmpty() && wrong.isEmpty();
    }

    @Override
    public String toString() {
        return inSync() ? "in sync" : String.format(Locale.ROOT, "%d missing %s, %d extra %s, %d wrong %s",
                missing.size(), missing, extra.size(), extra, wrong.size(), wrong);
    }
}
