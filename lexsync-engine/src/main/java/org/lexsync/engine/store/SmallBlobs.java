package org.lexsync.engine.store;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The garbage collector's sweep of the blobs kept inside the database (table {@code blobs}) that neither a current file
 * nor a journal row ({@link JournalBlobs}) names. These are written only
 * in the transaction that references them, so they need no grace period, but on PostgreSQL a commit in flight may
 * reference a blob row that already exists ({@link #UPSERT}) while gc deletes it: the commit locks that row, and gc
 * locks its candidates first and then looks for references once more, in a statement that sees every commit that
 * held one of those locks. SQLite's write transactions exclude each other, so one statement does there.
 */
final class SmallBlobs {
    private static final String LOCK_EXISTING = " ON CONFLICT (sha256) DO UPDATE SET length = excluded.length WHERE false";
    /**
     * How a commit writes a small blob: the row is created, or an existing one is locked until the commit ends (a
     * {@code DO UPDATE} whose condition is false changes nothing but locks the row), so gc cannot delete it meanwhile.
     */
    static final String UPSERT = "INSERT INTO blobs (sha256, length, data) VALUES (?, ?, ?)" + LOCK_EXISTING;
    /** {@link #UPSERT} for the many rows of a commit ({@link BatchWriter}). */
    static final RowInserts INSERT = RowInserts.of("blobs", List.of("sha256 text", "length bigint", "data bytea"),
            LOCK_EXISTING);

    private static final String UNREFERENCED = " FROM blobs WHERE NOT EXISTS"
            + " (SELECT 1 FROM representations r WHERE r.blob_key = blobs.sha256)"
            + " AND NOT EXISTS (SELECT 1 FROM journal_blobs j WHERE j.sha256 = blobs.sha256)";

    private SmallBlobs() {
    }

    /** Deletes the unreferenced small blobs; returns {blobs examined, deleted, bytes deleted}. */
    static long[] collect(Connection c, boolean sqlite) throws SQLException {
        long examined;
        try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*) FROM blobs"); ResultSet rs = st.executeQuery()) {
            rs.next();
            examined = rs.getLong(1);
        }
        return sqlite ? collectAtOnce(c, examined) : collectLocked(c, examined);
    }

    private static long[] collectAtOnce(Connection c, long examined) throws SQLException {
        long deleted;
        long bytes;
        try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(length), 0)" + UNREFERENCED);
             ResultSet rs = st.executeQuery()) {
            rs.next();
            deleted = rs.getLong(1);
            bytes = rs.getLong(2);
        }
        try (PreparedStatement st = c.prepareStatement("DELETE" + UNREFERENCED)) {
            st.executeUpdate();
        }
        return new long[] {examined, deleted, bytes};
    }

    private static long[] collectLocked(Connection c, long examined) throws SQLException {
        List<String> candidates = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT sha256" + UNREFERENCED + " FOR UPDATE");
             ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                candidates.add(rs.getString(1));
            }
        }
        long deleted = 0;
        long bytes = 0;
        if (candidates.isEmpty()) {
            return new long[] {examined, 0, 0};
        }
        Array keys = c.createArrayOf("text", candidates.toArray());
        try (PreparedStatement st = c.prepareStatement("DELETE" + UNREFERENCED + " AND sha256 = ANY(?) RETURNING length")) {
            st.setArray(1, keys);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    deleted++;
                    bytes += rs.getLong(1);
                }
            }
        } finally {
            keys.free();
        }
        return new long[] {examined, deleted, bytes};
    }
}
