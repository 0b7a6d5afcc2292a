package org.lexsync.engine.model;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One {@code lexsync serve} node sharing the store (issue 32, "nodes are visible"): its id ({@code pid@host}), the
 * address it is reached at, its version, when it started and beat last, and what it holds now: the sources whose
 * leases it has and the runs it is running.
 */
public record NodeStatus(String id, String address, String version, Instant started, Instant heartbeat,
                         List<String> sources, List<Long> runs) {
    public NodeStatus {
        sources = List.copyOf(sources);
        runs = List.copyOf(runs);
    }

    /** How long ago the node beat last, at {@code now} (zero when its clock is ahead). */
    public Duration heartbeatAge(Instant now) {
        Duration age = Duration.between(heartbeat, now);
        return age.isNegative() ? Duration.ZERO : age;
    }

    /**
     * True when the node has been silent longer than {@code deadAfter} (heartbeat × missed heartbeats): the other
     * nodes revive its runs, and operators see it red.
     */
    public boolean stale(Instant now, Duration deadAfter) {
        return heartbeatAge(now).compareTo(deadAfter) > 0;
    }
}
