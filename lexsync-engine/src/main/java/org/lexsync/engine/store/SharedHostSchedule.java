package org.lexsync.engine.store;

import org.lexsync.engine.fetch.SharedHostGate;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's politeness gate on PostgreSQL (tables {@code host_politeness}, V20, and {@code host_slots}, V23): each
 * request to a host takes a slot under the host row's lock, in one call of {@link HostPolitenessFunctions} (V30), so
 * that every node sees the cluster's next allowed start, its requests in flight, a {@code Retry-After} and an open
 * circuit breaker. Times come from the database's clock. The slots this object granted are renewed every
 * {@code renewEvery} while their requests run, so a long download keeps its slot, and a slot of a node that was killed
 * or froze expires {@code hold} after its last renewal at most (rather than blocking the host for good). Obtain through
 * {@link Store#sharedHostGate()}.
 */
final class SharedHostSchedule implements SharedHostGate {
    private static final Logger LOG = LoggerFactory.getLogger(SharedHostSchedule.class);
    /** How long a slot counts as in flight after its grant or last renewal (a node that died holding it frees it then). */
    static final Duration HOLD = Duration.ofSeconds(15);
    /** How often the slots in flight are renewed: three chances before a slot could expire. */
    static final Duration RENEW_EVERY = HOLD.dividedBy(5);
    /** How soon a caller refused because the host is busy elsewhere asks again. */
    static final Duration POLL = Duration.ofMillis(20);
    private static final String NOW = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000 AS BIGINT)";

    private final Db db;
    private final long holdMicros;
    private final long renewNanos;
    /**
     * The slots granted here and not released: id → the {@link System#nanoTime()} before which the slot surely still
     * counts as held on the database (its last grant or renewal, seen from this side, plus the hold less a margin).
     */
    private final Map<String, Long> slots = new ConcurrentHashMap<>();
    private final ReentrantLock renewer = new ReentrantLock();
    private boolean renewing;

    SharedHostSchedule(Db db) {
        this(db, HOLD, RENEW_EVERY);
    }

    SharedHostSchedule(Db db, Duration hold, Duration renewEvery) {
        this.db = db;
        this.holdMicros = micros(hold);
        this.renewNanos = renewEvery.toNanos();
    }

    @Override
    public Grant reserve(String host, int maxInFlight, Duration delay) {
        long asked = System.nanoTime();
        String slot = UUID.randomUUID().toString();
        Grant grant = db.writeOne("reserve a request to host " + host, c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT granted, start_at, now_at, unreachable_at FROM "
                    + HostPolitenessFunctions.RESERVE + "(?, ?, ?, ?, ?)")) {
                st.setString(1, host);
                st.setLong(2, maxInFlight);
                st.setLong(3, micros(delay));
                st.setLong(4, holdMicros);
                st.setString(5, slot);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    long now = rs.getLong(3);
                    Duration unreachable = Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(Math.max(0, rs.getLong(4) - now)));
                    if (!rs.getBoolean(1)) {
                        return new Grant(false, POLL, unreachable, null, null);
                    }
                    return new Grant(true, Duration.ofNanos(TimeUnit.MICROSECONDS.toNanos(rs.getLong(2) - now)),
                            unreachable, host, slot);
                }
            }
        });
        if (grant.granted()) {
            hold(grant.slot(), asked + TimeUnit.MICROSECONDS.toNanos(holdMicros) + grant.pause().toNanos());
        }
        return grant;
    }

    @Override
    public boolean held(Grant slot) {
        Long until = slots.get(slot.slot());
        return until != null && until - System.nanoTime() > 0;
    }

    @Override
    public void release(Grant slot, Duration delay) {
        slots.remove(slot.slot());
        update("release a request to host " + slot.host(), "SELECT " + HostPolitenessFunctions.RELEASE + "(?, ?, ?)",
                slot.slot(), slot.host(), micros(delay));
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

    /** Counts {@code slot} as held until {@code until} (nanoTime, less a margin) and makes sure it is renewed. */
    private void hold(String slot, long until) {
        slots.put(slot, until - margin());
        renewer.lock();
        try {
            if (!renewing) {
                renewing = true;
                Thread.ofVirtual().name("lexsync-host-slots").start(this::renewWhileHeld);
            }
        } finally {
            renewer.unlock();
        }
    }

    /**
     * A slot counts as surely held only until a fifth of the hold before it expires: the request that checks it still
     * has to be sent, and the database's clock may run a little faster than this machine's.
     */
    private long margin() {
        return TimeUnit.MICROSECONDS.toNanos(holdMicros) / 5;
    }

    private void renewWhileHeld() {
        while (true) {
            try {
                TimeUnit.NANOSECONDS.sleep(renewNanos);
            } catch (InterruptedException e) {
                stopRenewing();
                return;
            }
            renewer.lock();
            try {
                if (slots.isEmpty()) {
                    renewing = false;
                    return;
                }
            } finally {
                renewer.unlock();
            }
            renewOnce();
        }
    }

    private void stopRenewing() {
        renewer.lock();
        try {
            renewing = false;
        } finally {
            renewer.unlock();
        }
    }

    /**
     * Extends every slot held here by the hold, from now on the database's clock. A slot that expired meanwhile (this
     * process stood still longer than the hold) is not revived: another node may already count the host free, so
     * {@link #held} answers false for it from now on. A failure leaves the slots to expire; it is logged, not thrown.
     */
    void renewOnce() {
        List<String> ids = List.copyOf(slots.keySet());
        if (ids.isEmpty()) {
            return;
        }
        long asked = System.nanoTime();
        try {
            Set<String> renewed = db.writeOne("renew " + ids.size() + " requests in flight", c -> {
                Array array = c.createArrayOf("text", ids.toArray());
                try (PreparedStatement st = c.prepareStatement("UPDATE host_slots SET held_until = GREATEST(held_until,"
                        + " " + NOW + " + ?) WHERE id = ANY(?) AND held_until > " + NOW + " RETURNING id")) {
                    st.setLong(1, holdMicros);
                    st.setArray(2, array);
                    Set<String> found = new HashSet<>();
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            found.add(rs.getString(1));
                        }
                    }
                    return found;
                }
            });
            long until = asked + TimeUnit.MICROSECONDS.toNanos(holdMicros) - margin();
            for (String id : ids) {
                slots.computeIfPresent(id, (k, before) -> renewed.contains(k) ? Math.max(before, until) : asked);
            }
        } catch (RuntimeException e) {
            LOG.warn("cannot renew the requests in flight: {}", e.getMessage());
        }
    }

    /**
     * One update of a host row. A failure is logged, not thrown: it comes after the request it concerns (whose
     * outcome stands), and the slot's hold bounds what a lost release costs the other nodes.
     */
    private void update(String operation, String sql, Object... parameters) {
        try {
            db.writeOne(operation, c -> {
                try (PreparedStatement st = c.prepareStatement(sql)) {
                    for (int i = 0; i < parameters.length; i++) {
                        st.setObject(i + 1, parameters[i]);
                    }
                    st.execute();
                    return null;
                }
            });
        } catch (RuntimeException e) {
            LOG.warn("cannot {}: {}", operation, e.getMessage());
        }
    }

    private static long micros(Duration d) {
        return TimeUnit.NANOSECONDS.toMicros(d.toNanos());
    }
}
