package org.lexsync.engine.store;

import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Reads text columns of streamed rows the cheapest way the database's driver allows. The SQLite driver's
 * {@code getString} wraps SQLite's UTF-8 in a direct {@code ByteBuffer} made by a JNI constructor call and decodes it
 * from there (a fifth of a published entry's column reading went to that constructor); {@code getBytes} copies the
 * same UTF-8 into a plain array, which {@code new String(bytes, UTF_8)} turns into a string at memory speed. SQLite
 * keeps text as UTF-8 and hands a text column's bytes out unchanged, so both give the same string. PostgreSQL's driver
 * already holds the row's values as decoded strings: it keeps {@code getString}.
 */
final class TextColumns {
    private final boolean bytes;

    TextColumns(boolean sqlite) {
        this.bytes = sqlite;
    }

    /** The text of column {@code i} of the current row, null for SQL NULL. */
    String get(ResultSet rs, int i) throws SQLException {
        if (!bytes) {
            return rs.getString(i);
        }
        byte[] b = rs.getBytes(i);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }
}
