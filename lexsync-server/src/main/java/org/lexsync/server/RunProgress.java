package org.lexsync.server;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Where a running harvest of one source stands, as the scheduler saw it last (docs/api.md, "Runs"): its phase
 * ({@code reading lists} until the first batch is committed, then {@code fetching and committing}), changes
 * committed of those planned so far ({@code expected} when the protocol knows the total in advance, else null),
 * failed ones, the source documents and their bytes read, when it started and when it last advanced.
 */
public record RunProgress(String sourceId, String phase, long committed, long planned, @Nullable Long expected,
                          long failed, long documents, long documentBytes, Instant started, Instant lastAdvance) {
    /** A run that has not advanced for this long is said to make no progress. */
    public static final Duration STALL = Duration.ofSeconds(10);

    /**
     * The progress of {@code sourceId}'s harvest running on this node, from the server's scheduler; empty when none
     * runs here or the server runs no scheduler.
     */
    public static java.util.Optional<RunProgress> of(ServerContext context, String sourceId) {
        try {
            return context.sourceControl().progress(sourceId);
        } catch (ApiError noScheduler) {
            return java.util.Optional.empty();
        }
    }

    /** Committed changes per second since the run started. */
    public double rate(Instant now) {
        double seconds = Math.max(0.001, Duration.between(started, now).toMillis() / 1000.0);
        return committed / seconds;
    }

    /** Whole seconds since the run last advanced, when that is at least {@link #STALL}; else null. */
    public @Nullable Long stalledSeconds(Instant now) {
        Duration idle = Duration.between(lastAdvance, now);
        return idle.compareTo(STALL) >= 0 ? idle.toSeconds() : null;
    }
}
