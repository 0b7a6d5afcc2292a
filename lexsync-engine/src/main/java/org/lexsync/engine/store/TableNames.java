package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The store's housekeeping on PostgreSQL ({@link TableStatistics}, {@link DeadRows}): pick tables by a query on the
 * server's statistics, then run one maintenance command over all of them.
 */
final class TableNames {
    private TableNames() {
    }

    /**
     * Runs {@code command} (e.g. {@code ANALYZE}) once over the tables whose names {@code select} returns, its
     * parameters bound to {@code values} in order; returns those names (none: the command is not run).
     */
    static List<String> maintain(Connection c, String select, long[] values, String command) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(select)) {
            for (int i = 0; i < values.length; i++) {
                s.setLong(i + 1, values[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
        }
        if (!tables.isEmpty()) {
            try (Statement s = c.createStatement()) {
                s.execute(command + " " + String.join(", ", tables.stream().map(TableNames::quoted).toList()));
            }
        }
        return tables;
    }

    private static String quoted(String table) {
        return '"' + table.replace("\"", "\"\"") + '"';
    }
}
