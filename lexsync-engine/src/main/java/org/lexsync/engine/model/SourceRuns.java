package org.lexsync.engine.model;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The runs of one source an operator's overview needs, read for every source at once
 * ({@code LexSync.latestRunsPerSource}): its last run, its last finished one, its last success (ended
 * {@code succeeded}), its last failure (aborted, interrupted or finished with failed items) and when it first ran.
 * It exists so that the overview of 1,000 sources costs one query, not one per source.
 */
public record SourceRuns(String sourceId, RunRecord last, @Nullable RunRecord lastFinished,
                         @Nullable RunRecord lastSuccess, @Nullable RunRecord lastFailure, Instant firstStarted) {
    public SourceRuns {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(last, "last");
        Objects.requireNonNull(firstStarted, "firstStarted");
    }
}
