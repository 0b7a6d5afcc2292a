package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Instant;

/** One harvest run of a source: when, how it ended, its counts and the error that stopped it, if any. */
public record RunRecord(long id, String sourceId, Instant started, @Nullable Instant ended, RunStatus status,
                        RunCounts counts, @Nullable String error) {
}
