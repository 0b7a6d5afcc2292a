package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The journal's sequence numbers as one transaction hands them out (docs/architecture.md, invariant 2): the counter
 * row is locked and read once, each journal row takes the next number, and the last one given is stored once at the
 * end — however many batches the transaction writes ({@link CommitCombiner}). The lock makes sequence numbers follow
 * commit order, so a reader that saw seq n has seen every row below it.
 */
final class JournalCounter {
    private final long locked;
    private long last;

    private JournalCounter(long locked) {
        this.locked = locked;
        this.last = locked;
    }

    /**
     * Takes the counter's row lock (PostgreSQL; SQLite's IMMEDIATE transaction holds the lock already) and reads it,
     * in one statement.
     */
    static JournalCounter lock(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE counters SET value = value WHERE name = 'journal' RETURNING value");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return new JournalCounter(rs.getLong(1));
        }
    }

    /** The sequence number of the next journal row of this transaction. */
    long next() {
        return ++last;
    }

    /**
     * Stores the last number given, if any was, and on PostgreSQL tells every node's {@link JournalListener} the
     * journal's head ({@code NOTIFY}, sent when the transaction commits) in the same statement: a committing
     * transaction used to spend one statement on each. The payload is the counter's value, which is the journal's last
     * sequence number (journal rows are never deleted, and a rolled-back transaction takes its numbers back).
     */
    void storeAndNotify(Connection c, boolean postgres) throws SQLException {
        if (last == locked) {
            if (postgres) {
                try (PreparedStatement s = c.prepareStatement(NOTIFY_HEAD)) {
                    s.setString(1, Long.toString(locked));
                    s.execute();
                }
            }
            return;
        }
        try (PreparedStatement s = c.prepareStatement(postgres ? STORE_AND_NOTIFY : STORE)) {
            s.setLong(1, last);
            s.execute();
        }
    }

    private static final String STORE = "UPDATE counters SET value = ? WHERE name = 'journal'";
    private static final String STORE_AND_NOTIFY = "WITH stored AS (" + STORE + " RETURNING value)"
            + " SELECT pg_notify('" + JournalListener.CHANNEL + "', value::text) FROM stored";
    private static final String NOTIFY_HEAD = "SELECT pg_notify('" + JournalListener.CHANNEL + "', ?)";
}
