package org.lexsync.server;

import org.lexsync.core.time.W3cDateTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.RunRecord;

/**
 * One source as the operator sees it: what it is (id, protocol, approval, schedule, the host of its first URL, empty
 * when it has none), its last run, last success and last failed run, its open item failures, its
 * {@link SourceHealth} with the reason for it (null when healthy), what the scheduler does with it (null when the
 * server runs no scheduler), and what the store holds of it (active resources, the newest source timestamp).
 */
public record SourceStatus(String id, String protocol, boolean approved, @Nullable String schedule,
                           @Nullable Duration interval, @Nullable RunRecord lastRun, @Nullable Instant lastSuccess,
                           long openFailures, long quarantined, SourceHealth health, @Nullable SourceActivity activity,
                           @Nullable String reason, @Nullable RunRecord lastFailure, long resourcesHeld,
                           @Nullable W3cDateTime newestSourceTimestamp, String host) {
    public SourceStatus {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(health, "health");
        Objects.requireNonNull(host, "host");
    }

    /**
     * How far behind the publisher the copy may be at {@code now}: now minus the newest source timestamp among the
     * resources held (the publisher's own time of its latest change we have); null when none states one.
     */
    public @Nullable Duration sourceLag(Instant now) {
        return newestSourceTimestamp == null ? null : Duration.between(newestSourceTimestamp.toInstant(), now);
    }

    /** How long ago the last success was, at {@code now}; null when there was none. */
    public @Nullable Duration successAge(Instant now) {
        return lastSuccess == null ? null : Duration.between(lastSuccess, now);
    }

    /** True while the scheduler runs it. */
    public boolean running() {
        return activity != null && activity.state() == SourceActivity.State.RUNNING;
    }
}
