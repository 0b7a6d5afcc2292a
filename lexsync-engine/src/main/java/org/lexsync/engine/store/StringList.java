package org.lexsync.engine.store;

import org.lexsync.core.json.JsonStrings;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * A list of strings bound as ONE statement parameter, for "column is one of these" lookups of many keys:
 * a JSON array read by {@code json_each} on SQLite, a {@code text[]} on PostgreSQL. One parameter keeps the
 * SQL text constant, where {@code IN (?, ?, …)} with hundreds of markers made SQLite spend most of a
 * lookup preparing the statement.
 */
final class StringList {
    private StringList() {
    }

    /** The SQL that follows a column name: {@code column <membership>} tests it against the bound list. */
    static String membership(boolean sqlite) {
        return sqlite ? "IN (SELECT value FROM json_each(?))" : "= ANY(?)";
    }

    static void bind(Connection c, PreparedStatement st, int index, List<String> values, boolean sqlite)
            throws SQLException {
        if (sqlite) {
            st.setString(index, json(values));
        } else {
            st.setArray(index, c.createArrayOf("text", values.toArray()));
        }
    }

    /** A JSON array of strings (RFC 8259 §7 escaping). */
    static String json(List<String> values) {
        StringBuilder b = new StringBuilder(values.size() * 64 + 2).append('[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            JsonStrings.append(b, values.get(i));
        }
        return b.append(']').toString();
    }
}
