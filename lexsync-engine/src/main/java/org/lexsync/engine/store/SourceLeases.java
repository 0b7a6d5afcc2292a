package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.model.StoreException;

/**
 * One lease per source (docs/architecture.md, "Concurrency"; schema {@code V4__source_lease.sql}): a harvest or
 * an apply takes its source's lease first, so that a second process (or thread) working on the same source is
 * refused at once with a {@link SourceBusyException} naming the holder, instead of harvesting it twice. The lease
 * is renewed in the background while held and expires when its holder stops renewing it, so a holder killed
 * without a chance to release it blocks the source no longer than the lease's time to live; a holder on this host
 * whose process is gone is taken over at once, and so is a lease this process could not give back (a full disk). Works the same on SQLite and PostgreSQL: every step is one
 * statement that compares and sets the lease's token. Obtain through {@link Store#leases()}.
 *
 * <p>The fence (issue 32): every acquisition and takeover gives the lease a new epoch from one store-wide counter
 * (schema {@code V18__lease_epochs.sql}), so a source's epochs only grow, across takeovers and releases alike. The
 * holder's writes carry it ({@link SourceLease#fence()}) and {@link #check} refuses them, in their own transaction,
 * once the lease row carries another epoch or is gone: a holder that stalled past its lease writes nothing more.
 */
public final class SourceLeases {
    /** How long a lease lasts unless renewed (renewed every third of it). */
    public static final Duration DEFAULT_TTL = Duration.ofSeconds(30);
    /**
     * The environment variable that changes the default time to live, in seconds (decimals allowed), e.g. for
     * tests that kill a holder and wait for its lease to run out.
     */
    public static final String TTL_ENV = "LEXSYNC_LEASE_SECONDS";

    private static final String COLUMNS = "source_id, holder_pid, holder_host, since, expires_at";
    /**
     * The tokens of the leases this process holds open. A lease row of this process whose token is not among them
     * was left behind (its release failed, e.g. on a full disk) and is taken over at once.
     */
    private static final java.util.Set<String> OPEN = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Db db;

    SourceLeases(Db db) {
        this.db = db;
    }

    /** {@link #DEFAULT_TTL}, or the seconds in {@value #TTL_ENV} when that is set. */
    public static Duration defaultTtl() {
        return ttlFrom(System.getenv(TTL_ENV));
    }

    /** The time to live {@code seconds} names (null or blank: the default); a bad value is a typed error. */
    static Duration ttlFrom(String seconds) {
        if (seconds == null || seconds.isBlank()) {
            return DEFAULT_TTL;
        }
        try {
            double s = Double.parseDouble(seconds.trim());
            if (s > 0 && s < 86_400) {
                return Duration.ofMillis(Math.max(1, Math.round(s * 1000)));
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT,
                "%s must be a number of seconds between 0 and 86400, was '%s'", TTL_ENV, seconds));
    }

    /**
     * Takes the lease of {@code sourceId} for {@code ttl}, renewed every third of it until the lease is closed.
     *
     * @throws SourceBusyException when another holder has a lease that has not expired
     */
    public SourceLease acquire(String sourceId, Duration ttl) {
        return acquire(sourceId, ttl, ttl.dividedBy(3));
    }

    /** As {@link #acquire(String, Duration)}, renewing every {@code renewEvery}. */
    public SourceLease acquire(String sourceId, Duration ttl, Duration renewEvery) {
        return acquire(sourceId, ttl, renewEvery, RunHolder.current());
    }

    /** As {@link #acquire(String, Duration, Duration)}, for the holder {@code me} (tests play other processes). */
    SourceLease acquire(String sourceId, Duration ttl, Duration renewEvery, RunHolder me) {
        if (sourceId == null || sourceId.isBlank()) {
            throw new IllegalArgumentException("sourceId must not be blank");
        }
        if (ttl == null || ttl.toMillis() < 1 || renewEvery == null || renewEvery.toMillis() < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "lease time to live and renewal must be at least 1 ms, were %s and %s", ttl, renewEvery));
        }
        String token = UUID.randomUUID().toString();
        Instant since = Instant.now();
        if (!db.sqlite()) {
            Long free = db.writeOne("take the lease of source " + sourceId,
                    c -> insertWithNextEpoch(c, sourceId, token, me, since, System.currentTimeMillis() + ttl.toMillis()));
            if (free != null) {
                OPEN.add(token);
                return new SourceLease(this, sourceId, token, free, ttl, renewEvery);
            }
            // held, or left behind: the transaction below decides whether it may be taken over
        }
        long[] epoch = new long[1];
        boolean[] tookOver = new boolean[1];
        LeaseHolder other = db.write("take the lease of source " + sourceId, c -> {
            epoch[0] = nextEpoch(c);
            for (int attempt = 0; attempt < 5; attempt++) {
                long now = System.currentTimeMillis();
                long expires = now + ttl.toMillis();
                if (insert(c, sourceId, token, epoch[0], me, since, expires)) {
                    return null;
                }
                Held held = read(c, sourceId);
                if (held == null) {
                    continue; // released between the two statements
                }
                RunHolder holder = new RunHolder(held.holder.pid(), held.holder.host(), held.started);
                boolean free = held.holder.expires().toEpochMilli() <= now || !holder.alive()
                        || (holder.equals(RunHolder.current()) && !OPEN.contains(held.token));
                if (!free) {
                    return held.holder;
                }
                if (takeOver(c, sourceId, held.token, token, epoch[0], me, since, expires)) {
                    tookOver[0] = true;
                    interruptRunsOf(c, sourceId, holder, me);
                    return null;
                }
            }
            throw new StoreException("take the lease of source " + sourceId, "the lease kept changing hands", null);
        });
        if (other != null) {
            throw new SourceBusyException(sourceId, other.pid(), other.host(), other.since(), other.expires());
        }
        if (tookOver[0]) {
            db.countTakeover();
        }
        OPEN.add(token);
        return new SourceLease(this, sourceId, token, epoch[0], ttl, renewEvery);
    }

    /**
     * {@link #check} as a common table expression named {@code fence}, for a PostgreSQL statement that writes in one
     * round trip: its two parameters come first (the fence's source, then its epoch); it has a row when the lease still
     * carries the fence's epoch, which it locks until the statement's transaction ends, as {@code check} does. The
     * statement writes only {@code WHERE EXISTS (SELECT 1 FROM fence)}; when it wrote nothing, {@link #check} in a
     * transaction names the holder now.
     */
    static final String FENCE_CTE = "fence AS (UPDATE source_leases SET epoch = epoch WHERE source_id = ? AND epoch = ?"
            + " RETURNING epoch)";

    /**
     * Refuses, inside the caller's write transaction, a write of the holder of {@code fence} when the lease of its
     * source no longer carries its epoch (taken over, or released and gone). On PostgreSQL the no-op update takes the
     * lease row's lock until the caller's transaction ends, so a takeover waits for a write that passed the check; on
     * SQLite the IMMEDIATE transaction already excludes every other writer.
     *
     * @throws FencedException when the lease moved on; the caller's transaction must then roll back
     */
    static void check(Connection c, LeaseFence fence) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "UPDATE source_leases SET epoch = epoch WHERE source_id = ? AND epoch = ?")) {
            st.setString(1, fence.sourceId());
            st.setLong(2, fence.epoch());
            if (st.executeUpdate() == 1) {
                return;
            }
        }
        Held now = read(c, fence.sourceId());
        throw new FencedException(fence.sourceId(), fence.epoch(), now == null ? null : String.format(Locale.ROOT,
                "process %d@%s with epoch %d since %s", now.holder.pid(), now.holder.host(), now.epoch,
                now.holder.since()));
    }

    /**
     * As {@link #check} for the fences of the batches one transaction writes together ({@link CommitCombiner}): the
     * fences that hold, each of their lease rows locked as {@code check} locks it; on PostgreSQL in ONE statement
     * rather than one per batch. A fence absent from the answer moved on: {@link #check} it alone for its
     * {@link FencedException} (which names the holder now).
     */
    static Set<LeaseFence> holding(Connection c, List<LeaseFence> fences, boolean sqlite) throws SQLException {
        Set<LeaseFence> held = new HashSet<>();
        if (sqlite || fences.size() == 1) {
            for (LeaseFence f : fences) {
                try {
                    check(c, f);
                    held.add(f);
                } catch (FencedException e) {
                    // absent from the answer; the caller asks again for the exception
                }
            }
            return held;
        }
        try (PreparedStatement st = c.prepareStatement("UPDATE source_leases SET epoch = epoch"
                + " WHERE (source_id, epoch) IN (SELECT * FROM unnest(?::text[], ?::bigint[]))"
                + " RETURNING source_id, epoch")) {
            st.setArray(1, c.createArrayOf("text", fences.stream().map(LeaseFence::sourceId).toArray()));
            st.setArray(2, c.createArrayOf("bigint", fences.stream().map(LeaseFence::epoch).toArray()));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    held.add(new LeaseFence(rs.getString(1), rs.getLong(2)));
                }
            }
        }
        return held;
    }

    /**
     * PostgreSQL's common case in one statement and one round trip (docs/benchmarks.md, "Round trips per check"): the
     * next epoch and the new lease row of a source nobody holds, committed together, so the counter's row is locked only
     * while the server runs the statement (not across the client's round trips, where the nodes of a cluster queued
     * for it), and a source's epochs still grow in the order its leases were taken. Null when the source has a lease
     * row (an epoch is then used up: epochs may skip, never repeat).
     */
    private static Long insertWithNextEpoch(Connection c, String sourceId, String token, RunHolder me, Instant since,
                                            long expires) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("WITH next AS (UPDATE counters SET value = value + 1"
                + " WHERE name = 'lease_epoch' RETURNING value) INSERT INTO source_leases (source_id, token, holder_pid,"
                + " holder_host, holder_started, since, expires_at, epoch) SELECT ?, ?, ?, ?, ?, ?, ?, value FROM next"
                + " ON CONFLICT (source_id) DO NOTHING RETURNING epoch")) {
            bindLeaseRow(st, sourceId, token, me, since, expires);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : null;
            }
        }
    }

    /** The next lease epoch, counted store-wide (so that a source's epochs grow even across released leases). */
    private static long nextEpoch(Connection c) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(
                "UPDATE counters SET value = value + 1 WHERE name = 'lease_epoch' RETURNING value");
             ResultSet rs = st.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Who holds the lease of {@code sourceId}, expired or not; empty when nobody does. */
    public Optional<LeaseHolder> holder(String sourceId) {
        return db.read("read the lease of source " + sourceId, c -> {
            Held held = read(c, sourceId);
            return held == null ? Optional.<LeaseHolder>empty() : Optional.of(held.holder);
        });
    }

    /** Moves the lease's expiry to {@code ttl} from now; false when the lease is no longer ours (taken over). */
    boolean renew(String sourceId, String token, Duration ttl) {
        return db.writeOne("renew the lease of source " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "UPDATE source_leases SET expires_at = ? WHERE source_id = ? AND token = ?")) {
                st.setLong(1, System.currentTimeMillis() + ttl.toMillis());
                st.setString(2, sourceId);
                st.setString(3, token);
                return st.executeUpdate() == 1;
            }
        });
    }

    /** Gives the lease back (nothing happens when it was taken over meanwhile); it counts as closed either way. */
    void release(String sourceId, String token) {
        OPEN.remove(token);
        db.writeOne("release the lease of source " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "DELETE FROM source_leases WHERE source_id = ? AND token = ?")) {
                st.setString(1, sourceId);
                st.setString(2, token);
                return st.executeUpdate();
            }
        });
    }

    /** The first seven columns of a lease row, in {@code source_leases}' order, as parameters 1–7 of {@code st}. */
    private static void bindLeaseRow(PreparedStatement st, String sourceId, String token, RunHolder me, Instant since,
                                     long expires) throws SQLException {
        st.setString(1, sourceId);
        st.setString(2, token);
        st.setLong(3, me.pid());
        st.setString(4, me.host());
        st.setString(5, me.started());
        st.setString(6, since.toString());
        st.setLong(7, expires);
    }

    private static boolean insert(Connection c, String sourceId, String token, long epoch, RunHolder me,
                                  Instant since, long expires) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("INSERT INTO source_leases (source_id, token, holder_pid,"
                + " holder_host, holder_started, since, expires_at, epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON CONFLICT (source_id) DO NOTHING")) {
            bindLeaseRow(st, sourceId, token, me, since, expires);
            st.setLong(8, epoch);
            return st.executeUpdate() == 1;
        }
    }

    /**
     * In the takeover's transaction (issue 32, failover): the runs of {@code sourceId} that the old holder left running
     * are stored {@code interrupted}, ended at their last journal row, with a note naming the old node and the new one;
     * the new holder resumes from the source's checkpoint.
     */
    private static void interruptRunsOf(Connection c, String sourceId, RunHolder old, RunHolder me) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("UPDATE runs SET status = 'interrupted',"
                + " ended_at = COALESCE((SELECT MAX(j.collected_at) FROM journal j WHERE j.run_id = runs.id), started_at),"
                + " error = COALESCE(error, ?) WHERE source_id = ? AND status = 'running' AND holder_pid = ?"
                + " AND holder_host = ?")) {
            st.setString(1, String.format(Locale.ROOT, "node %d@%s lost the source's lease (stopped, or silent past"
                    + " the lease); taken over by node %d@%s", old.pid(), old.host(), me.pid(), me.host()));
            st.setString(2, sourceId);
            st.setLong(3, old.pid());
            st.setString(4, old.host());
            st.executeUpdate();
        }
    }

    /** Replaces the lease {@code oldToken} names with ours; false when it changed hands meanwhile. */
    private static boolean takeOver(Connection c, String sourceId, String oldToken, String token, long epoch,
                                    RunHolder me, Instant since, long expires) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("UPDATE source_leases SET token = ?, holder_pid = ?,"
                + " holder_host = ?, holder_started = ?, since = ?, expires_at = ?, epoch = ?"
                + " WHERE source_id = ? AND token = ?")) {
            st.setString(1, token);
            st.setLong(2, me.pid());
            st.setString(3, me.host());
            st.setString(4, me.started());
            st.setString(5, since.toString());
            st.setLong(6, expires);
            st.setLong(7, epoch);
            st.setString(8, sourceId);
            st.setString(9, oldToken);
            return st.executeUpdate() == 1;
        }
    }

    private static Held read(Connection c, String sourceId) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT " + COLUMNS
                + ", token, holder_started, epoch FROM source_leases WHERE source_id = ?")) {
            st.setString(1, sourceId);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                LeaseHolder h = new LeaseHolder(rs.getString(1), rs.getLong(2), rs.getString(3),
                        StoredInstants.parse(rs.getString(4)), Instant.ofEpochMilli(rs.getLong(5)));
                return new Held(h, rs.getString(6), rs.getString(7), rs.getLong(8));
            }
        }
    }

    /** A lease row: its holder, token, the holder process's start time and the lease's epoch. */
    private record Held(LeaseHolder holder, String token, String started, long epoch) {
    }
}
