package org.lexsync.engine.model;

import java.time.Duration;
import java.util.Objects;

/**
 * The {@code cluster:} section of {@code lexsync.yaml} (issue 32, docs/deploying.md): how often a node of
 * {@code lexsync serve} beats (its scheduler's heartbeat and its row in the node table), how many beats it may miss
 * before another node revives its executions, how long a source's lease lasts unless renewed, and the address other
 * nodes and operators reach it at (null: its listening address). A dead node's execution is revived after
 * {@link #deadAfter()}; while the dead node's lease has not run out the revived harvest is refused as busy and tried
 * again {@link #deadAfter()} later, so a source is taken over within {@link #worstTakeover()}.
 */
public record ClusterSettings(Duration heartbeat, int missedHeartbeats, Duration lease, String address) {
    /** Beats every 2 s, dead after 4 missed (8 s), leases of 30 s: a takeover within 38 s of a kill. */
    /** db-scheduler refuses a heartbeat limit below 4; a smaller value failed only once the server started. */
    public static final int MIN_MISSED_HEARTBEATS = 4;
    public static final ClusterSettings DEFAULTS = new ClusterSettings(Duration.ofSeconds(2), 4, Duration.ofSeconds(30),
            null);

    public ClusterSettings {
        Objects.requireNonNull(heartbeat, "heartbeat");
        Objects.requireNonNull(lease, "lease");
        if (heartbeat.compareTo(Duration.ofMillis(100)) < 0) {
            throw new IllegalArgumentException("cluster heartbeat must be at least 100 ms, was " + heartbeat);
        }
        if (missedHeartbeats < MIN_MISSED_HEARTBEATS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "cluster missed heartbeats must be at"
                    + " least %d (the scheduler declares a node dead after no fewer), was %d", MIN_MISSED_HEARTBEATS,
                    missedHeartbeats));
        }
        if (lease.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("cluster lease must be at least 1 s, was " + lease);
        }
        if (address != null && address.isBlank()) {
            address = null;
        }
    }

    /** How long a node may stay silent before it counts as dead: heartbeat × missed heartbeats. */
    public Duration deadAfter() {
        return heartbeat.multipliedBy(missedHeartbeats);
    }

    /**
     * The longest a killed node's source waits for another node: the later of its death being noticed and its lease's
     * end, plus one retry interval ({@link #deadAfter()}) of a revived harvest refused while the lease still held.
     */
    public Duration worstTakeover() {
        Duration later = deadAfter().compareTo(lease) > 0 ? deadAfter() : lease;
        return later.plus(deadAfter());
    }

    public ClusterSettings withHeartbeat(Duration value) {
        return new ClusterSettings(value, missedHeartbeats, lease, address);
    }

    public ClusterSettings withMissedHeartbeats(int value) {
        return new ClusterSettings(heartbeat, value, lease, address);
    }

    public ClusterSettings withLease(Duration value) {
        return new ClusterSettings(heartbeat, missedHeartbeats, value, address);
    }

    public ClusterSettings withAddress(String value) {
        return new ClusterSettings(heartbeat, missedHeartbeats, lease, value);
    }
}
