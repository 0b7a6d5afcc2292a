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
 * Which of a page of keys a table holds, in one query: PostgreSQL takes the page as one array parameter
 * ({@code = ANY(?)}), SQLite as an {@code IN} list of the page's size (far below its limit of host parameters).
 */
final class KeysAmong {
    private KeysAmong() {
    }

    /**
     * Runs {@code selectUpToKeyColumn} (a query ending in the key column, e.g. {@code "SELECT k FROM t WHERE k"}, its
     * earlier parameters given in {@code leading}) restricted to {@code keys}, and returns the first column's values.
     */
    static Set<String> select(Connection c, boolean sqlite, String selectUpToKeyColumn, List<String> keys,
            Object... leading) throws SQLException {
        Set<String> found = new HashSet<>();
        if (keys.isEmpty()) {
            return found;
        }
        if (sqlite) {
            StringBuilder sql = new StringBuilder(selectUpToKeyColumn).append(" IN (");
            for (int i = 0; i < keys.size(); i++) {
                sql.append(i == 0 ? "?" : ",?");
            }
            try (PreparedStatement st = c.prepareStatement(sql.append(')').toString())) {
                int at = bind(st, leading);
                for (int i = 0; i < keys.size(); i++) {
                    st.setString(at + i, keys.get(i));
                }
                collect(st, found);
            }
        } else {
            Array array = c.createArrayOf("text", keys.toArray());
            try (PreparedStatement st = c.prepareStatement(selectUpToKeyColumn + " = ANY(?)")) {
                st.setArray(bind(st, leading), array);
                collect(st, found);
            } finally {
                array.free();
            }
        }
        return found;
    }

    private static int bind(PreparedStatement st, Object[] leading) throws SQLException {
        for (int i = 0; i < leading.length; i++) {
            st.setObject(i + 1, leading[i]);
        }
        return leading.length + 1;
    }

    private static void collect(PreparedStatement st, Set<String> into) throws SQLException {
        try (ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                into.add(rs.getString(1));
            }
        }
    }
}
