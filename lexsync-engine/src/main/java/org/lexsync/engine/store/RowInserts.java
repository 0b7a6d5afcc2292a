package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One insert statement for many rows of one table, the way each store takes it best. On PostgreSQL the rows go as one
 * array per column into ONE {@code INSERT … SELECT FROM unnest(…)}, whatever their number: a statement batch, which
 * pgjdbc rewrites into multi-row inserts of 2ⁿ rows, cost a commit of 7 rows three statements, each bound, planned and
 * executed apart, in every table a commit writes. On SQLite, which has no arrays and no round trips, they go as a
 * statement batch of one-row inserts.
 *
 * <p>A statement is described once, with its columns' types; {@link #rows()} collects one commit's rows for it.
 */
final class RowInserts {
    /** A column's type, as PostgreSQL names its array and JDBC its nulls. */
    enum Type {
        TEXT("text", Types.VARCHAR),
        BIGINT("bigint", Types.BIGINT),
        INTEGER("integer", Types.INTEGER),
        BYTEA("bytea", Types.VARBINARY);

        private final String sqlName;
        private final int jdbcType;

        Type(String sqlName, int jdbcType) {
            this.sqlName = sqlName;
            this.jdbcType = jdbcType;
        }

        private Object[] newArray(int n) {
            return switch (this) {
                case TEXT -> new String[n];
                case BIGINT -> new Long[n];
                case INTEGER -> new Integer[n];
                case BYTEA -> new byte[n][];
            };
        }

        private boolean accepts(Object value) {
            return switch (this) {
                case TEXT -> value instanceof String;
                case BIGINT -> value instanceof Long;
                case INTEGER -> value instanceof Integer;
                case BYTEA -> value instanceof byte[];
            };
        }
    }

    private final String table;
    private final List<Type> types;
    private final String oneRowSql;
    private final String unnestSql;

    /**
     * @param table   the table's name
     * @param columns the columns, each as {@code "name type"} with a {@link Type} name ({@code "uri text"})
     * @param suffix  what follows the rows ({@code " ON CONFLICT …"}; empty for none)
     */
    static RowInserts of(String table, List<String> columns, String suffix) {
        return new RowInserts(table, columns, suffix);
    }

    private RowInserts(String table, List<String> columns, String suffix) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("an insert into " + table + " names no column");
        }
        this.table = table;
        List<String> names = new ArrayList<>();
        List<Type> columnTypes = new ArrayList<>();
        for (String column : columns) {
            String[] parts = column.strip().split("\\s+");
            if (parts.length != 2) {
                throw new IllegalArgumentException("column \"" + column + "\" of " + table + " is not \"name type\"");
            }
            names.add(parts[0]);
            columnTypes.add(Type.valueOf(parts[1].toUpperCase(Locale.ROOT)));
        }
        this.types = List.copyOf(columnTypes);
        String into = "INSERT INTO " + table + " (" + String.join(", ", names) + ")";
        this.oneRowSql = into + " VALUES (" + String.join(", ", names.stream().map(n -> "?").toList()) + ")" + suffix;
        this.unnestSql = into + " SELECT * FROM unnest(" + String.join(", ", types.stream()
                .map(t -> "?::" + t.sqlName + "[]").toList()) + ")" + suffix;
    }

    /** An empty set of rows for this statement. */
    Rows rows() {
        return new Rows();
    }

    /** The rows of one commit for this statement, in the order they are to be inserted. */
    final class Rows {
        private final List<Object[]> rows = new ArrayList<>();

        private Rows() {
        }

        /** Adds a row: one value per column, in the columns' order, each of its column's type or null. */
        void add(Object... values) {
            if (values.length != types.size()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "a row of %s has %d values, not %d",
                        table, values.length, types.size()));
            }
            for (int i = 0; i < values.length; i++) {
                if (values[i] != null && !types.get(i).accepts(values[i])) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "value %d of a row of %s is a %s,"
                            + " not %s", i + 1, table, values[i].getClass().getSimpleName(), types.get(i)));
                }
            }
            rows.add(values);
        }

        boolean isEmpty() {
            return rows.isEmpty();
        }

        /** Inserts the rows in {@code c}'s transaction: one statement on PostgreSQL, a batch on SQLite. */
        void insert(Connection c, boolean sqlite) throws SQLException {
            if (rows.isEmpty()) {
                return;
            }
            if (sqlite || rows.size() == 1) {
                insertOneByOne(c);
            } else {
                insertUnnested(c);
            }
        }

        private void insertOneByOne(Connection c) throws SQLException {
            try (PreparedStatement s = c.prepareStatement(oneRowSql)) {
                for (Object[] row : rows) {
                    for (int i = 0; i < row.length; i++) {
                        bind(s, i + 1, types.get(i), row[i]);
                    }
                    s.addBatch();
                }
                s.executeBatch();
            }
        }

        private void insertUnnested(Connection c) throws SQLException {
            try (PreparedStatement s = c.prepareStatement(unnestSql)) {
                for (int col = 0; col < types.size(); col++) {
                    Type type = types.get(col);
                    Object[] column = type.newArray(rows.size());
                    for (int r = 0; r < rows.size(); r++) {
                        column[r] = rows.get(r)[col];
                    }
                    // a Java array itself, not createArrayOf: pgjdbc then sends it in binary (String[] as
                    // varchar[], byte[][] as bytea[]), where createArrayOf("text", …) spells every element out
                    // in text, bytes in hex, for the server to parse
                    s.setObject(col + 1, column);
                }
                s.executeUpdate();
            }
        }
    }

    private static void bind(PreparedStatement s, int index, Type type, Object value) throws SQLException {
        if (value == null) {
            s.setNull(index, type.jdbcType);
            return;
        }
        switch (type) {
            case TEXT -> s.setString(index, (String) value);
            case BIGINT -> s.setLong(index, (Long) value);
            case INTEGER -> s.setInt(index, (Integer) value);
            case BYTEA -> s.setBytes(index, (byte[]) value);
        }
    }
}
