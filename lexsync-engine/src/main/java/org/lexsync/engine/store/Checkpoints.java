package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Writes a source's checkpoint inside the caller's transaction. */
final class Checkpoints {
    private Checkpoints() {
    }

    static void set(Connection c, String sourceId, String value, String now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO checkpoints (source_id, value, updated_at) VALUES (?, ?, ?)"
                        + " ON CONFLICT (source_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")) {
            s.setString(1, sourceId);
            s.setString(2, value);
            s.setString(3, now);
            s.executeUpdate();
        }
    }
}
