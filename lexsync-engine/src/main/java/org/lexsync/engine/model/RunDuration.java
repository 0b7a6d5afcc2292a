package org.lexsync.engine.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** One recent run of a source reduced to what a sparkline draws: when it started, how long it took, its status. */
public record RunDuration(String sourceId, long runId, Instant started, @Nullable Duration duration,
                          RunStatus status) {
    public RunDuration {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(status, "status");
    }
}
