package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the store's churning PostgreSQL tables from filling with dead rows when autovacuum is off or behind (issue
 * 32). Every check of a node inserts and deletes a row of {@code host_slots} and of {@code source_leases} and moves
 * its {@code scheduled_tasks} row between indexed values: none of that can be cleaned up on the page as an in-place
 * update is, so without a VACUUM their dead rows and index entries pile up (24,000 dead rows of {@code host_slots}
 * after 15 minutes of a three-node cluster with 1,000 sources), and every reservation of a host's request scans
 * them: the cost of a check grows with the time since the last VACUUM, faster on a cluster, which writes the same
 * rows three times as often. So at most every {@link #DEFAULT_INTERVAL} a node asks the server which of the store's
 * tables are at least half dead with at least {@value #MIN_DEAD} dead rows (small enough to vacuum in well under a
 * second: at most {@value #MAX_MB} MB) and vacuums those, skipping one another node is vacuuming, and without giving
 * the emptied pages back (truncating would lock the table against every check, or retry for seconds on the committing
 * thread while the table is busy; the pages are reused). With autovacuum on (PostgreSQL's default) this rarely finds
 * anything. PostgreSQL skips, with a warning, a table the store's user does not own; a failure is logged once and the
 * checks stop.
 */
final class DeadRows {
    private static final Logger LOG = LoggerFactory.getLogger(DeadRows.class);
    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(30);
    static final long MIN_DEAD = 1_000;
    static final long MAX_MB = 256;

    private static final String HALF_DEAD = "SELECT relname FROM pg_stat_user_tables"
            + " WHERE schemaname = current_schema() AND n_dead_tup >= ? AND n_dead_tup >= n_live_tup"
            + " AND pg_relation_size(relid) <= ? ORDER BY relname";

    private final long intervalNanos;
    private final AtomicLong nextAt;
    private final AtomicBoolean disabled = new AtomicBoolean();

    DeadRows(Duration interval) {
        this.intervalNanos = interval.toNanos();
        this.nextAt = new AtomicLong(System.nanoTime() + intervalNanos);
    }

    /**
     * Called with a connection whose last transaction committed, on any thread; the one call that finds the interval
     * past does the work, in auto-commit mode (VACUUM runs outside a transaction) and leaves the connection in it.
     * Never throws.
     */
    void afterCommit(Connection c) {
        long now = System.nanoTime();
        long due = nextAt.get();
        if (now - due < 0 || disabled.get() || !nextAt.compareAndSet(due, now + intervalNanos)) {
            return;
        }
        try {
            c.setAutoCommit(true);
            List<String> vacuumed = vacuumHalfDead(c);
            if (!vacuumed.isEmpty()) {
                LOG.debug("store: vacuumed {} (half of their rows were dead)", vacuumed);
            }
        } catch (SQLException e) {
            if (disabled.compareAndSet(false, true)) {
                LOG.warn("store: vacuuming the tables' dead rows failed, they are left to autovacuum: {}",
                        e.getMessage());
            }
        }
    }

    /** Vacuums the store's tables that are at least half dead (see the class); returns their names. */
    static List<String> vacuumHalfDead(Connection c) throws SQLException {
        return TableNames.maintain(c, HALF_DEAD, new long[] {MIN_DEAD, MAX_MB << 20},
                "VACUUM (SKIP_LOCKED, TRUNCATE false)");
    }
}
