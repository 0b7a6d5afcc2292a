package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps PostgreSQL's statistics of the store's tables from being those of empty tables (issue 31). A prepared
 * statement run five times on a connection switches to a generic plan, made with the statistics of that moment and
 * kept until an ANALYZE of its tables invalidates it: made on a new store, it scans {@code document_groups} on every
 * look-up. Autovacuum would analyze the tables as they grow, but it may be off; so every {@value #EVERY} commits the
 * store asks the server which of its tables hold at least {@value #MIN_ROWS} live rows and {@value #FACTOR} times
 * what their statistics say, and analyzes those: a few ANALYZEs over a store's life, each invalidating the plans made
 * before. Planning every execution instead ({@code plan_cache_mode=force_custom_plan}) cost 20–25 % of the
 * backends' CPU per ingested group. PostgreSQL itself skips, with a warning, a table the store's user does not own;
 * a failure (e.g. a lock or statement timeout) is logged once and the checks stop.
 */
final class TableStatistics {
    private static final Logger LOG = LoggerFactory.getLogger(TableStatistics.class);
    static final int EVERY = 128;
    static final long MIN_ROWS = 500;
    static final int FACTOR = 2;

    private static final String GROWN = "SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid"
            + " WHERE s.schemaname = current_schema() AND s.n_live_tup >= ?"
            + " AND s.n_live_tup >= ? * GREATEST(c.reltuples, 0)";

    private final AtomicBoolean disabled = new AtomicBoolean();

    /**
     * Called with the connection of a write transaction that just committed, as the {@code commit}-th of this
     * process, auto-commit still off; leaves the connection with nothing pending. Never throws.
     */
    void afterCommit(Connection c, long commit) {
        if (commit % EVERY != 0 || disabled.get()) {
            return;
        }
        try {
            analyzeGrown(c);
            c.commit();
        } catch (SQLException e) {
            if (disabled.compareAndSet(false, true)) {
                LOG.warn("store: keeping the tables' statistics failed, plans may stay those of small tables: {}",
                        e.getMessage());
            }
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the connection goes back to the pool, which checks it
            }
        }
    }

    /** Analyzes the tables grown by {@link #FACTOR} since their statistics; returns their names. */
    static List<String> analyzeGrown(Connection c) throws SQLException {
        return TableNames.maintain(c, GROWN, new long[] {MIN_ROWS, FACTOR}, "ANALYZE");
    }
}
