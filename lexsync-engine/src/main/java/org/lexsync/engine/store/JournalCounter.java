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

    /** Stores the last number given, if any was. */
    void store(Connection c) throws SQLException {
        if (last == locked) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE counters SET value = ? WHERE name = 'journal'")) {
            s.setLong(1, last);
            s.executeUpdate();
        }
    }
}
