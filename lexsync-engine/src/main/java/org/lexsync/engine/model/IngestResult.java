package org.lexsync.engine.model;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the ingestion service did with one upload (EUCases D2.1 §3.2): accepted (committed as one transaction),
 * unchanged (an identical re-send: same identifier, operation and documents; nothing added), or rejected with an
 * {@link IngestError}. Counts are what the group's documents did (journal rows for created, updated, deleted).
 */
public record IngestResult(Outcome outcome, @Nullable String groupId, @Nullable String operation,
                           @Nullable String crawler, RunCounts counts, @Nullable IngestError error) {

    /** The three answers. */
    public enum Outcome {
        ACCEPTED, UNCHANGED, REJECTED;

        /** Lower-case token, as stored in the crawler log. */
        public String token() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public IngestResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(counts, "counts");
        if ((outcome == Outcome.REJECTED) != (error != null)) {
            throw new IllegalArgumentException("a rejection, and only a rejection, has an error");
        }
    }

    /** True unless rejected. */
    public boolean ok() {
        return outcome != Outcome.REJECTED;
    }
}
