package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Pins on blobs that a writer found already stored and is about to reference (table {@code blob_pins}, V27). The race
 * they close: gc lists an old blob that nothing references, a writer's put finds the same bytes there and returns,
 * gc deletes the blob, the writer commits a row that points at nothing. With pins, gc deletes a page of blobs only
 * inside a transaction that holds the table against new pins ({@link #holdAgainstNewPins}) and keeps every blob pinned
 * within the grace; a writer pins before it trusts a blob it did not write, so either its pin is there when gc looks,
 * or gc has finished deleting before the pin commits and the writer finds the blob gone and stores it again.
 */
final class BlobPins implements ReuseGuard {
    private final Db db;
    private final Clock clock;

    BlobPins(Db db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public void reusing(BlobKey key) {
        long now = clock.millis();
        db.write("pin blob " + key.sha256(), c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO blob_pins (sha256, pinned_at) VALUES (?, ?)"
                    + " ON CONFLICT (sha256) DO UPDATE SET pinned_at = excluded.pinned_at")) {
                st.setString(1, key.sha256());
                st.setLong(2, now);
                st.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Makes writers wait with their pins until {@code c}'s transaction ends. On SQLite every write transaction already
     * excludes the others (the store's transactions are IMMEDIATE), so there is nothing more to take.
     */
    static void holdAgainstNewPins(Connection c, boolean sqlite) throws SQLException {
        if (!sqlite) {
            try (Statement st = c.createStatement()) {
                st.execute("LOCK TABLE blob_pins IN EXCLUSIVE MODE");
            }
        }
    }

    /** The SHA-256 hex strings among {@code keys} pinned at or after {@code since}. */
    static Set<String> among(Connection c, boolean sqlite, List<String> keys, Instant since) throws SQLException {
        return KeysAmong.select(c, sqlite, "SELECT sha256 FROM blob_pins WHERE pinned_at >= ? AND sha256", keys,
                since.toEpochMilli());
    }

    /** Removes the pins older than {@code before}: their writers committed, or gave up, long ago. */
    static void prune(Connection c, Instant before) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("DELETE FROM blob_pins WHERE pinned_at < ?")) {
            st.setLong(1, before.toEpochMilli());
            st.executeUpdate();
        }
    }
}
