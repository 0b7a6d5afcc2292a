package org.lexsync.engine.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which source ids the operator paused (table {@code source_pauses}): kept by id in the store, so a pause holds when
 * the source leaves the configuration and comes back, across restarts, and on every node of a PostgreSQL store.
 * Obtain through {@link Store#pauses()}.
 */
public final class SourcePauses {
    private final Db db;

    SourcePauses(Db db) {
        this.db = db;
    }

    /** Marks the source paused; true when it was not paused before. */
    public boolean pause(String sourceId) {
        return db.write("pause source " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "INSERT INTO source_pauses (source_id, paused_at) VALUES (?, ?) ON CONFLICT (source_id) DO NOTHING")) {
                st.setString(1, sourceId);
                st.setString(2, Db.now());
                return st.executeUpdate() > 0;
            }
        });
    }

    /** Clears the source's pause; true when it was paused. */
    public boolean resume(String sourceId) {
        return db.write("resume source " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM source_pauses WHERE source_id = ?")) {
                st.setString(1, sourceId);
                return st.executeUpdate() > 0;
            }
        });
    }

    public boolean paused(String sourceId) {
        return db.read("read pause of " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM source_pauses WHERE source_id = ?")) {
                st.setString(1, sourceId);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    /** The paused source ids, sorted. */
    public Set<String> all() {
        return db.read("list paused sources", c -> {
            Set<String> out = new TreeSet<>();
            try (PreparedStatement st = c.prepareStatement("SELECT source_id FROM source_pauses");
                 ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }
}
