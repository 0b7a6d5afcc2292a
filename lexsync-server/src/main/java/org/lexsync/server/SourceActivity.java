package org.lexsync.server;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the scheduler knows about one source right now (docs/architecture.md, "The server"): whether it is idle,
 * queued, running or paused, and when it runs next. The REST API, the dashboard and the metrics read it; the
 * run history itself is in the store.
 */
public record SourceActivity(String sourceId, State state, @Nullable Instant nextRun) {
    /** A source's state in the server. */
    public enum State {
        IDLE, QUEUED, RUNNING, PAUSED
    }

    public SourceActivity {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(state, "state");
    }
}
