package org.lexsync.server;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.RunRecord;

/**
 * One source as the operator sees it: what it is (id, protocol, approval, schedule), its last run and last
 * success, its open item failures, its {@link SourceHealth} with the reason for it (null when healthy) and what the
 * scheduler does with it (null when the server runs no scheduler).
 */
public record SourceStatus(String id, String protocol, boolean approved, @Nullable String schedule,
                           @Nullable Duration interval, @Nullable RunRecord lastRun, @Nullable Instant lastSuccess,
                           long openFailures, long quarantined, SourceHealth health, @Nullable SourceActivity activity,
                           @Nullable String reason) {
    public SourceStatus {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(health, "health");
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
