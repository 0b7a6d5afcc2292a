package org.lexsync.engine.model;

import java.time.Instant;

/** One harvest run of a source: when, how it ended, its counts and the error that stopped it, if any. */
public record RunRecord(long id, String sourceId, Instant started, Instant ended, RunStatus status,
                        RunCounts counts, String error) {
}
