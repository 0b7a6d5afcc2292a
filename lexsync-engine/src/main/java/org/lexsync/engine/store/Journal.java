package org.lexsync.engine.store;

import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.engine.model.HourlyChanges;
import java.util.function.Consumer;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTimes;

/**
 * Reads the append-only change journal (docs/architecture.md, "Core model": the change). Obtain through {@link
 * Store#journal()}.
 */
public final class Journal {
    private final Db db;

    Journal(Db db) {
        this.db = db;
    }

    /**
     * Streams up to {@code limit} rows with {@code seq > afterSeq} in sequence order to {@code visitor};
     * {@code sourceId} null for all sources, {@code limit <= 0} for no limit.
     */
    public void forEachSince(long afterSeq, String sourceId, long limit, Consumer<JournalEntry> visitor) {
        db.read("read journal", c -> {
            String sql = "SELECT seq, source_id, resource_uri, kind, source_ts, collected_at, checksums, run_id"
                    + " FROM journal WHERE seq > ?" + (sourceId == null ? "" : " AND source_id = ?") + " ORDER BY seq"
                    + (limit > 0 ? " LIMIT " + limit : "");
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setFetchSize(1000);
                st.setLong(1, afterSeq);
                if (sourceId != null) {
                    st.setString(2, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        String ts = rs.getString(5);
                        long run = rs.getLong(8);
                        Long runId = rs.wasNull() ? null : run;
                        visitor.accept(new JournalEntry(rs.getLong(1), rs.getString(2), rs.getString(3),
                                ChangeKind.fromToken(rs.getString(4)), ts == null ? null : W3cDateTimes.parseOrNull(ts),
                                Resources.instant(rs.getString(6)), Digests.parse(rs.getString(7)), runId));
                    }
                }
                c.commit();
            } finally {
                c.setAutoCommit(auto);
            }
            return null;
        });
    }

    /** The highest sequence number handed out so far (0 for an empty journal). */
    public long lastSeq() {
        return db.read("read journal counter", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT value FROM counters WHERE name = 'journal'");
                 ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /**
     * Journal rows per source and hour (UTC) collected at or after {@code since}. The journal is appended in
     * commit order, so its collection times grow with the sequence number: the first row at or after {@code since}
     * is found by a binary search over the sequence numbers (point lookups on the primary key) and only the rows
     * from there are grouped, whatever the journal's length.
     */
    public List<HourlyChanges> changesPerHour(Instant since) {
        return db.read("count journal rows per hour", c -> {
            String bound = since.toString();
            long lo = 0;
            long hi = lastSeq();
            try (PreparedStatement at = c.prepareStatement(
                    "SELECT collected_at FROM journal WHERE seq >= ? ORDER BY seq LIMIT 1")) {
                while (lo < hi) {
                    long mid = lo + (hi - lo) / 2;
                    at.setLong(1, mid);
                    try (ResultSet rs = at.executeQuery()) {
                        if (rs.next() && Resources.instant(rs.getString(1)).isBefore(since)) {
                            lo = mid + 1;
                        } else {
                            hi = mid;
                        }
                    }
                }
            }
            List<HourlyChanges> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT source_id, substr(collected_at, 1, 13), COUNT(*)"
                    + " FROM journal WHERE seq >= ? AND collected_at >= ? GROUP BY source_id, substr(collected_at, 1, 13)")) {
                st.setLong(1, lo);
                st.setString(2, bound.length() > 13 ? bound.substring(0, 13) : bound);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new HourlyChanges(rs.getString(1), Instant.parse(rs.getString(2) + ":00:00Z"),
                                rs.getLong(3)));
                    }
                }
            }
            return out;
        });
    }

    /** Number of journal rows; {@code sourceId} null for all sources. */
    public long count(String sourceId) {
        return db.read("count journal", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*) FROM journal"
                    + (sourceId == null ? "" : " WHERE source_id = ?"))) {
                if (sourceId != null) {
                    st.setString(1, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }
}
