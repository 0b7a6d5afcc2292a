package org.lexsync.engine.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashSet;
import java.util.Set;

/**
 * What {@code lexsync store migrate} has copied to a new location and verified there (table {@code store_migration},
 * issue 31): kept in the database, not on the node's disk, so that a migration killed at any instant resumes without
 * copying again what is done, and {@code --delete-old} removes only what is verified elsewhere. Obtain through
 * {@link Store#migrationProgress()}.
 */
public final class MigrationProgress {
    /** The kind of a migrated blob (its item is the SHA-256). */
    public static final String BLOB = "blob";
    /** The kind of a migrated named graph (its item is the graph's name). */
    public static final String GRAPH = "graph";

    private final Db db;

    MigrationProgress(Db db) {
        this.db = db;
    }

    /** The items of {@code kind} verified at {@code target}. */
    public Set<String> verified(String target, String kind) {
        return db.read("read the migration to " + target, c -> {
            Set<String> out = new HashSet<>();
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT item FROM store_migration WHERE target = ? AND kind = ?")) {
                st.setString(1, target);
                st.setString(2, kind);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
            }
            return out;
        });
    }

    /** Records that {@code item} is copied to {@code target} and verified there (again: no change). */
    public void markVerified(String target, String kind, String item) {
        db.write("record the migration of " + item + " to " + target, c -> {
            try (PreparedStatement st = c.prepareStatement("INSERT INTO store_migration (target, kind, item,"
                    + " verified_at) VALUES (?, ?, ?, ?) ON CONFLICT (target, kind, item) DO NOTHING")) {
                st.setString(1, target);
                st.setString(2, kind);
                st.setString(3, item);
                st.setString(4, Db.now());
                return st.executeUpdate();
            }
        });
    }
}
