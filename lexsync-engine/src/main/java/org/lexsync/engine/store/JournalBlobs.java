package org.lexsync.engine.store;

import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The blobs journal rows name (table {@code journal_blobs}, V28), which {@code gc} keeps: the journal is append-only
 * and the published aggregate links every row's files by content address for ever (a closed Atom archive's
 * {@code content src} and enclosures point at {@code blob/sha256/…}), so the bytes of a superseded or deleted version
 * stay as long as the row that wrote them. A commit records its rows' keys in its own transaction; rows written
 * before V28 are recorded by {@link #backfill}, which gc runs first.
 */
final class JournalBlobs {
    /** Journal rows read per backfill transaction. */
    static final int BACKFILL_CHUNK = 5_000;

    private JournalBlobs() {
    }

    /** Records {@code keys} (SHA-256 hex) as named by the journal, in {@code c}'s transaction. */
    static void record(Connection c, Collection<String> keys) throws SQLException {
        if (keys.isEmpty()) {
            return;
        }
        try (PreparedStatement st = c.prepareStatement(
                "INSERT INTO journal_blobs (sha256) VALUES (?) ON CONFLICT (sha256) DO NOTHING")) {
            for (String key : keys) {
                st.setString(1, key);
                st.addBatch();
            }
            st.executeBatch();
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
        Set<String> keys = new LinkedHashSet<>();
        long rows = 0;
        try (PreparedStatement st = c.prepareStatement(
                "SELECT checksums, version FROM journal WHERE seq > ? AND seq <= ?")) {
            st.setLong(1, from);
            st.setLong(2, upto);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    keysOf(rs.getString(1), rs.getString(2), keys);
                }
            }
        }
        record(c, keys);
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
