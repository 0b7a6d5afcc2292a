package org.lexsync.engine.store;

import org.lexsync.engine.fetch.SharedHostGate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's politeness gate on PostgreSQL (table {@code host_politeness}, {@code V20__host_politeness.sql}): each
 * request to a host takes a slot in one transaction holding the host row's lock ({@code SELECT ... FOR UPDATE}), so
 * that every node sees the cluster's next allowed start, its requests in flight, a {@code Retry-After} and an open
 * circuit breaker. Times come from the database's clock. A node that dies with requests in flight leaves its slots
 * counted until {@link #HOLD} after their start at most. Obtain through {@link Store#sharedHostGate()}.
 */
final class SharedHostSchedule implements SharedHostGate {
    private static final Logger LOG = LoggerFactory.getLogger(SharedHostSchedule.class);
    /** How long a granted slot counts as in flight without its release (a node that died holding it). */
    static final Duration HOLD = Duration.ofSeconds(60);
    /** How soon a caller refused because the host is busy elsewhere asks again. */
    static final Duration POLL = Duration.ofMillis(20);
    private static final String NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)";

    private final Db db;

    SharedHostSchedule(Db db) {
        this.db = db;
    }

    @Override
    public Grant reserve(String host, int maxInFlight, Duration delay) {
        return db.write("reserve a request to host " + host, c -> {
            Row row = lock(c, host);
            if (row == null) {
                try (PreparedStatement st = c.prepareStatement("INSERT INTO host_politeness (host, next_at, in_flight,"
                        + " held_until, unreachable_until) VALUES (?, 0, 0, 0, 0) ON CONFLICT (host) DO NOTHING")) {
                    st.setString(1, host);
                    st.executeUpdate();
                }
                row = lock(c, host);
            }
            long inFlight = row.heldUntil > row.now ? row.inFlight : 0;
            Duration unreachable = Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(
                    Math.max(0, row.unreachableUntil - row.now)));
            if (inFlight >= maxInFlight) {
                return new Grant(false, POLL, unreachable);
            }
            long start = Math.max(row.now, row.nextAt);
            try (PreparedStatement st = c.prepareStatement("UPDATE host_politeness SET next_at = ?, in_flight = ?,"
                    + " held_until = ? WHERE host = ?")) {
                st.setLong(1, start + micros(delay));
                st.setLong(2, inFlight + 1);
                st.setLong(3, Math.max(inFlight == 0 ? 0 : row.heldUntil, start + micros(HOLD)));
                st.setString(4, host);
                st.executeUpdate();
            }
            return new Grant(true, Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(start - row.now)), unreachable);
        });
    }

    @Override
    public void release(String host, Duration delay) {
        update("release a request to host " + host, "UPDATE host_politeness SET in_flight = GREATEST(in_flight - 1, 0),"
                + " next_at = GREATEST(next_at, " + NOW + " + ?) WHERE host = ?", micros(delay), host);
    }

    @Override
    public void defer(String host, Duration pause) {
        update("defer host " + host, "UPDATE host_politeness SET next_at = GREATEST(next_at, " + NOW + " + ?)"
                + " WHERE host = ?", micros(pause), host);
    }

    @Override
    public void unreachable(String host, Duration openFor) {
        update("open the breaker of host " + host, "UPDATE host_politeness SET unreachable_until = " + NOW + " + ?"
                + " WHERE host = ?", micros(openFor), host);
    }

    @Override
    public void reachable(String host) {
        update("close the breaker of host " + host, "UPDATE host_politeness SET unreachable_until = 0"
                + " WHERE host = ? AND unreachable_until > ?", host, 0L);
    }

    /**
     * One update of a host row. A failure is logged, not thrown: it comes after the request it concerns (whose
     * outcome stands), and the row's hold bounds what a lost release costs the other nodes.
     */
    private void update(String operation, String sql, Object first, Object second) {
        try {
            db.write(operation, c -> {
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    st.setObject(1, first);
                    st.setObject(2, second);
                    return st.executeUpdate();
                }
            });
        } catch (RuntimeException e) {
            LOG.warn("cannot {}: {}", operation, e.getMessage());
        }
    }

    private static Row lock(Connection c, String host) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT next_at, in_flight, held_until, unreachable_until, "
                + NOW + " FROM host_politeness WHERE host = ? FOR UPDATE")) {
            st.setString(1, host);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? new Row(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5))
                        : null;
            }
        }
    }

    private static long micros(Duration d) {
        return TimeUnit.NANOSECONDS.toMicros(d.toNanos());
    }

    private record Row(long nextAt, long inFlight, long heldUntil, long unreachableUntil, long now) {
    }
}
