package org.lexsync.engine.store;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of a page of blob keys a current representation references, in one query ({@code lexsync gc}): the garbage
 * collector asks per page of listed blobs instead of once per blob. PostgreSQL takes the page as one array parameter
 * ({@code = ANY(?)}); SQLite as an {@code IN} list of the page's size (far below its limit of host parameters).
 * Both use the {@code representations_by_blob} index.
 */
final class ReferencedBlobs {
    private ReferencedBlobs() {
    }

    /** The SHA-256 hex strings among {@code keys} that some representation holds. */
    static Set<String> among(Connection c, boolean sqlite, List<String> keys) throws SQLException {
        Set<String> referenced = new HashSet<>();
        if (keys.isEmpty()) {
            return referenced;
        }
        if (sqlite) {
            StringBuilder sql = new StringBuilder("SELECT DISTINCT blob_key FROM representations WHERE blob_key IN (");
            for (int i = 0; i < keys.size(); i++) {
                sql.append(i == 0 ? "?" : ",?");
            }
            try (PreparedStatement st = c.prepareStatement(sql.append(')').toString())) {
                for (int i = 0; i < keys.size(); i++) {
                    st.setString(i + 1, keys.get(i));
                }
                collect(st, referenced);
            }
        } else {
            Array array = c.createArrayOf("text", keys.toArray());
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT DISTINCT blob_key FROM representations WHERE blob_key = ANY(?)")) {
                st.setArray(1, array);
                collect(st, referenced);
            } finally {
                array.free();
            }
        }
        return referenced;
    }

    private static void collect(PreparedStatement st, Set<String> into) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                into.add(rs.getString(1));
            }
        }
    }
}
