package org.lexsync.engine.store;

import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The blobs journal rows name (table {@code journal_blobs}, V28), which {@code gc} keeps: the journal is append-only
 * and the published aggregate links every row's files by content address for ever (a closed Atom archive's
 * {@code content src} and enclosures point at {@code blob/sha256/…}), so the bytes of a superseded or deleted version
 * stay as long as the row that wrote them. A commit records its rows' keys in its own transaction, each with the
 * sequence number of the first row naming it (V29: {@link Journal#firstCollected} dates a blob by it); rows written
 * before V28, and the first rows of keys recorded before V29, are recorded by {@link #backfill}, which gc runs first.
 */
final class JournalBlobs {
    /** Journal rows read per backfill transaction. */
    static final int BACKFILL_CHUNK = 5_000;

    private JournalBlobs() {
    }

    /**
     * Records the keys (SHA-256 hex) a commit's rows name, each with the seq of the first of its rows naming it, in
     * {@code c}'s transaction. A key already recorded keeps its row: an earlier one, or none known yet (the backfill's).
     */
    static void record(Connection c, Map<String, Long> firstSeqs, boolean sqlite) throws SQLException {
        RowInserts.Rows rows = RECORD.rows();
        firstSeqs.forEach(rows::add);
        rows.insert(c, sqlite);
    }

    private static final RowInserts RECORD = RowInserts.of("journal_blobs", List.of("sha256 text", "first_seq bigint"),
            " ON CONFLICT (sha256) DO NOTHING");

    /** As {@link #record}, for older rows: a key recorded without a row, or with a later one, takes this row. */
    private static void recordOlder(Connection c, Map<String, Long> firstSeqs) throws SQLException {
        write(c, firstSeqs, "INSERT INTO journal_blobs (sha256, first_seq) VALUES (?, ?) ON CONFLICT (sha256)"
                + " DO UPDATE SET first_seq = excluded.first_seq"
                + " WHERE journal_blobs.first_seq IS NULL OR excluded.first_seq < journal_blobs.first_seq");
    }

    private static void write(Connection c, Map<String, Long> firstSeqs, String sql) throws SQLException {
        if (firstSeqs.isEmpty()) {
            return;
        }
        try (PreparedStatement st = c.prepareStatement(sql)) {
            for (Map.Entry<String, Long> key : firstSeqs.entrySet()) {
                st.setString(1, key.getKey());
                st.setLong(2, key.getValue());
                st.addBatch();
            }
            st.executeBatch();
        }
    }

    /**
     * The seq of the first journal row naming {@code sha256}: present when recorded with it, empty with
     * {@code recorded} true when recorded without it (before V29, not backfilled yet), empty with false when no row
     * is recorded as naming it.
     */
    record FirstRow(boolean recorded, @Nullable Long seq) {
    }

    static FirstRow firstRow(Connection c, String sha256) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT first_seq FROM journal_blobs WHERE sha256 = ?")) {
            st.setString(1, sha256);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return new FirstRow(false, null);
                }
                long seq = rs.getLong(1);
                return new FirstRow(true, rs.wasNull() ? null : seq);
            }
        }
    }

    /** True once every row written before V28/V29 is recorded with its keys' first rows (no backfill mark left). */
    static boolean complete(Connection c) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM journal_blobs_backfill");
             ResultSet rs = st.executeQuery()) {
            return !rs.next();
        }
    }

    /** The SHA-256 hex strings among {@code keys} that a journal row names. */
    static Set<String> among(Connection c, boolean sqlite, List<String> keys) throws SQLException {
        return KeysAmong.select(c, sqlite, "SELECT sha256 FROM journal_blobs WHERE sha256", keys);
    }

    /**
     * Records the keys of the rows written before V28, newest first, a chunk per transaction, each moving the mark
     * down with its keys, so a backfill cut short goes on where it stopped; returns the rows read.
     */
    static long backfill(Db db) {
        long read = 0;
        while (true) {
            long chunk = db.write("record the blobs of older journal rows", JournalBlobs::backfillChunk);
            if (chunk < 0) {
                return read;
            }
            read += chunk;
        }
    }

    /** One chunk below the mark; -1 when there is nothing left (the mark is then removed). */
    private static long backfillChunk(Connection c) throws SQLException {
        long upto;
        try (PreparedStatement st = c.prepareStatement("SELECT upto FROM journal_blobs_backfill");
             ResultSet rs = st.executeQuery()) {
            if (!rs.next()) {
                return -1;
            }
            upto = rs.getLong(1);
        }
        if (upto <= 0) {
            try (PreparedStatement st = c.prepareStatement("DELETE FROM journal_blobs_backfill")) {
                st.executeUpdate();
            }
            return -1;
        }
        long from = Math.max(0, upto - BACKFILL_CHUNK);
        Map<String, Long> firstSeqs = new HashMap<>();
        long rows = 0;
        try (PreparedStatement st = c.prepareStatement(
                "SELECT seq, checksums, version FROM journal WHERE seq > ? AND seq <= ?")) {
            st.setLong(1, from);
            st.setLong(2, upto);
            try (ResultSet rs = st.executeQuery()) {
                Set<String> keys = new LinkedHashSet<>();
                while (rs.next()) {
                    rows++;
                    long seq = rs.getLong(1);
                    keys.clear();
                    keysOf(rs.getString(2), rs.getString(3), keys);
                    keys.forEach(k -> firstSeqs.merge(k, seq, Math::min));
                }
            }
        }
        recordOlder(c, firstSeqs);
        try (PreparedStatement st = c.prepareStatement("UPDATE journal_blobs_backfill SET upto = ?")) {
            st.setLong(1, from);
            st.executeUpdate();
        }
        return rows;
    }

    /** The keys one row names: every file of its version, else (a row older than V6) the SHA-256 of its checksums. */
    static void keysOf(String checksums, String version, Set<String> into) {
        VersionCodec.Version v = VersionCodec.decode(version);
        if (v != null) {
            v.representations().forEach(r -> into.add(r.blobKey().sha256()));
            return;
        }
        Digest sha = Digests.parse(checksums).get(HashAlgorithm.SHA_256).orElse(null);
        if (sha != null) {
            into.add(sha.hex());
        }
    }
}
