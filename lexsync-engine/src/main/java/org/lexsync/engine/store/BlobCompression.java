package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes PostgreSQL compress the small blobs it stores ({@code blobs.data}) with LZ4 instead of its default, pglz. A
 * blob over 2 KB is compressed when written; pglz took 0.44 ms of the server's CPU per 32 KB of text it could not
 * shrink (and gave up), against 0.12 ms with LZ4 and 0.11 ms with no compression (docs/benchmarks.md, session 19), and
 * it is several times slower than LZ4 on text it can shrink. A setting of the column, not a migration: SQLite has no
 * such thing, and a server built without LZ4 (or older than PostgreSQL 14), or a role that does not own the table,
 * keeps pglz. Only values written from then
 * on are affected; the change takes a brief lock on the table, so a node that cannot get it within two seconds leaves
 * it to the next opening.
 */
final class BlobCompression {
    private static final Logger LOG = LoggerFactory.getLogger(BlobCompression.class);
    private static final String FEATURE_NOT_SUPPORTED = "0A000";
    private static final String UNDEFINED_COLUMN = "42703";
    private static final String LOCK_NOT_AVAILABLE = "55P03";
    private static final String INSUFFICIENT_PRIVILEGE = "42501";

    private BlobCompression() {
    }

    /** Sets {@code blobs.data} to LZ4 on the PostgreSQL store of {@code c} unless it is so already or cannot be. */
    static void preferLz4(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT attcompression FROM pg_attribute"
                    + " WHERE attrelid = 'blobs'::regclass AND attname = 'data'")) {
                if (rs.next() && "l".equals(rs.getString(1))) {
                    return;
                }
            }
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                s.execute("SET LOCAL lock_timeout = '2s'");
                s.execute("ALTER TABLE blobs ALTER COLUMN data SET COMPRESSION lz4");
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            String state = String.valueOf(e.getSQLState());
            if (!state.equals(FEATURE_NOT_SUPPORTED) && !state.equals(UNDEFINED_COLUMN)
                    && !state.equals(LOCK_NOT_AVAILABLE) && !state.equals(INSUFFICIENT_PRIVILEGE)) {
                throw e;
            }
            LOG.info("small blobs stay compressed with pglz: {}", SqlErrorText.of(e));
        }
    }
}
