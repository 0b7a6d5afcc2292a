package org.lexsync.engine.store;

import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.JournalVersion;
import java.util.List;
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
    private final TextColumns text;

    Journal(Db db) {
        this.db = db;
        this.text = new TextColumns(db.sqlite());
    }

    /**
     * Streams up to {@code limit} rows with {@code seq > afterSeq} in sequence order to {@code visitor};
     * {@code sourceId} null for all sources, {@code limit <= 0} for no limit.
     */
    public void forEachSince(long afterSeq, String sourceId, long limit, Consumer<JournalEntry> visitor) {
        streamSince("read journal", ENTRY_COLUMNS, afterSeq, sourceId, limit, rs -> visitor.accept(entry(rs)));
    }

    /**
     * Streams up to {@code limit} rows with {@code seq > afterSeq} in sequence order, each with the version of its
     * resource it recorded ({@code V6__journal_version.sql}); {@code sourceId} null for all sources, {@code limit
     * <= 0} for no limit. What publishing projects (docs/architecture.md, "Publishing the aggregate").
     */
    public void forEachVersionSince(long afterSeq, String sourceId, long limit, Consumer<JournalVersion> visitor) {
        streamSince("read journal versions", ENTRY_COLUMNS + ", version", afterSeq, sourceId, limit,
                rs -> visitor.accept(version(rs)));
    }

    /** Receives a row and whether its source was the first in the journal to hold its resource URI. */
    @FunctionalInterface
    public interface HolderVisitor {
        void accept(JournalVersion version, boolean firstHolder);
    }

    /**
     * As {@link #forEachVersionSince} over all sources, each row with whether its source wrote the first journal row
     * of its resource URI (the lowest sequence number, whichever source wrote it). Append-only, so the answer for a
     * row never changes: the aggregate feed names a resource by its plain URI only for that source
     * (docs/architecture.md, "Publishing the aggregate"). One seek per row on the covering index
     * {@code journal_by_uri} ({@code V11__journal_by_uri.sql}), inside the row's own query.
     */
    public void forEachVersionWithHolderSince(long afterSeq, long limit, HolderVisitor visitor) {
        streamSince("read journal versions and first holders", ENTRY_COLUMNS + ", version, (SELECT k.source_id"
                        + " FROM journal k WHERE k.resource_uri = journal.resource_uri ORDER BY k.seq LIMIT 1) = source_id",
                afterSeq, null, limit, rs -> visitor.accept(version(rs), rs.getBoolean(10)));
    }

    /** A row's sequence number and collection time. */
    @FunctionalInterface
    public interface CollectedVisitor {
        void accept(long seq, Instant collected);
    }

    /**
     * As {@link #forEachSince}, each row's sequence number and collection time only: the light pass that cuts daily
     * Change Lists into parts.
     */
    public void forEachCollectedSince(long afterSeq, String sourceId, long limit, CollectedVisitor visitor) {
        streamSince("read journal times", "seq, collected_at", afterSeq, sourceId, limit,
                rs -> visitor.accept(rs.getLong(1), Resources.instant(text.get(rs, 2))));
    }

    private static final String ENTRY_COLUMNS = "seq, source_id, resource_uri, kind, source_ts, collected_at, checksums,"
            + " run_id";

    /** Takes one row of the columns {@link #streamSince} selects. */
    @FunctionalInterface
    private interface RowVisitor {
        void visit(ResultSet rs) throws java.sql.SQLException;
    }

    /**
     * The rows with {@code seq > afterSeq} in sequence order, streamed with a fetch size ({@link Db#stream}:
     * PostgreSQL keeps a cursor instead of loading them all), each handed to {@code visitor}.
     */
    private void streamSince(String operation, String columns, long afterSeq, String sourceId, long limit,
                             RowVisitor visitor) {
        db.stream(operation, c -> {
            String sql = "SELECT " + columns + " FROM journal WHERE seq > ?" + (sourceId == null ? "" : " AND source_id = ?")
                    + " ORDER BY seq" + (limit > 0 ? " LIMIT " + limit : "");
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setFetchSize(1000);
                st.setLong(1, afterSeq);
                if (sourceId != null) {
                    st.setString(2, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.visit(rs);
                    }
                }
            }
            return null;
        });
    }

    private JournalEntry entry(ResultSet rs) throws java.sql.SQLException {
        String ts = text.get(rs, 5);
        long run = rs.getLong(8);
        Long runId = rs.wasNull() ? null : run;
        return new JournalEntry(rs.getLong(1), text.get(rs, 2), text.get(rs, 3),
                ChangeKind.fromToken(text.get(rs, 4)), ts == null ? null : W3cDateTimes.parseOrNull(ts),
                Resources.instant(text.get(rs, 6)), Digests.parse(text.get(rs, 7)), runId);
    }

    private JournalVersion version(ResultSet rs) throws java.sql.SQLException {
        JournalEntry e = entry(rs);
        VersionCodec.Version v = VersionCodec.decode(text.get(rs, 9));
        return v == null ? new JournalVersion(e, false, null, null, List.of(), List.of())
                : new JournalVersion(e, true, v.title(), v.published(), v.links(), v.representations());
    }

    /**
     * Streams the journal row that made each active resource what it is now, in the order of those rows, from
     * position {@code offset}, at most {@code limit} ({@code <= 0}: all); {@code sourceId} null for all sources.
     * A snapshot of current state as a projection of the journal (a ResourceSync Resource List, §10).
     */
    public void forEachCurrentVersion(String sourceId, long offset, long limit, Consumer<JournalVersion> visitor) {
        db.stream("read current versions", c -> {
            String sql = "SELECT j.seq, j.source_id, j.resource_uri, j.kind, j.source_ts, j.collected_at, j.checksums,"
                    + " j.run_id, j.version FROM resources r JOIN journal j ON j.seq = r.last_seq"
                    + " WHERE r.status = 'active'" + (sourceId == null ? "" : " AND r.source_id = ?")
                    + " ORDER BY r.last_seq" + (limit > 0 ? " LIMIT " + limit : " LIMIT -1")
                    + (offset > 0 ? " OFFSET " + offset : "");
            if (!db.sqlite() && limit <= 0) {
                sql = sql.replace(" LIMIT -1", " LIMIT ALL");
            }
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setFetchSize(1000);
                if (sourceId != null) {
                    st.setString(1, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(version(rs));
                    }
                }
            }
            return null;
        });
    }


    /**
     * As {@link #forEachCurrentVersion} from the row after {@code afterSeq} on: a page found by the last sequence
     * number of the page before it (a seek on {@code resources_active_by_seq} or {@code resources_source_by_seq})
     * instead of an OFFSET over every row before it.
     */
    public void forEachCurrentVersionAfter(String sourceId, long afterSeq, long limit,
                                           Consumer<JournalVersion> visitor) {
        db.stream("read current versions", c -> {
            String sql = "SELECT j.seq, j.source_id, j.resource_uri, j.kind, j.source_ts, j.collected_at, j.checksums,"
                    + " j.run_id, j.version FROM resources r JOIN journal j ON j.seq = r.last_seq"
                    + " WHERE r.status = 'active' AND r.last_seq > ?" + (sourceId == null ? "" : " AND r.source_id = ?")
                    + " ORDER BY r.last_seq" + (limit > 0 ? " LIMIT " + limit : "");
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setFetchSize(1000);
                st.setLong(1, afterSeq);
                if (sourceId != null) {
                    st.setString(2, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(version(rs));
                    }
                }
            }
            return null;
        });
    }

    /**
     * Streams, in order, the sequence numbers of the rows that made each active resource of {@code sourceId} (null:
     * all) what it is now: the order of {@link #forEachCurrentVersion}, without reading the rows.
     */
    public void forEachCurrentSeq(String sourceId, java.util.function.LongConsumer visitor) {
        streamLongs("read current sequence", "SELECT last_seq FROM resources WHERE status = 'active'"
                + (sourceId == null ? "" : " AND source_id = ?") + " ORDER BY last_seq", st -> {
                    if (sourceId != null) {
                        st.setString(1, sourceId);
                    }
                }, visitor);
    }

    /** One UTC day of the journal: its rows' first and last sequence numbers and how many rows it has. */
    public record Day(String day, long firstSeq, long lastSeq, long count) {
    }

    /**
     * The days (UTC, by collection time) that have rows of {@code sourceId} (null: all), oldest first. One scan of the
     * journal; what daily ResourceSync Change Lists are cut by.
     */
    public List<Day> days(String sourceId) {
        return db.read("read journal days", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT substr(collected_at, 1, 10) AS d, MIN(seq), MAX(seq),"
                    + " COUNT(*) FROM journal" + (sourceId == null ? "" : " WHERE source_id = ?")
                    + " GROUP BY substr(collected_at, 1, 10) ORDER BY d")) {
                if (sourceId != null) {
                    st.setString(1, sourceId);
                }
                List<Day> out = new java.util.ArrayList<>();
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Day(rs.getString(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
                    }
                }
                return out;
            }
        });
    }

    /** The highest sequence number of {@code sourceId}'s rows (null: all), 0 when it has none. */
    public long maxSeq(String sourceId) {
        return aggregate("read journal end", "MAX(seq)", sourceId);
    }

    /**
     * Streams the sequence numbers of {@code sourceId}'s rows (null: all) after {@code afterSeq}, in order: the
     * cheapest pass (an index only).
     */
    public void forEachSeqSince(long afterSeq, String sourceId, java.util.function.LongConsumer visitor) {
        streamLongs("read journal sequence", "SELECT seq FROM journal WHERE seq > ?"
                + (sourceId == null ? "" : " AND source_id = ?") + " ORDER BY seq", st -> {
                    st.setLong(1, afterSeq);
                    if (sourceId != null) {
                        st.setString(2, sourceId);
                    }
                }, visitor);
    }

    /** Binds a statement's parameters. */
    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement st) throws java.sql.SQLException;
    }

    /** Streams the one long column of {@code sql}, its parameters bound by {@code binder}, {@link Db#stream}. */
    private void streamLongs(String operation, String sql, Binder binder, java.util.function.LongConsumer visitor) {
        db.stream(operation, c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setFetchSize(10_000);
                binder.bind(st);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(rs.getLong(1));
                    }
                }
            }
            return null;
        });
    }

    /**
     * The sequence number {@code offset} rows after the row {@code fromSeq} (itself at offset 0) among the rows of
     * {@code sourceId} (null: all), or -1 when there are not that many.
     */
    public long seqAfter(String sourceId, long fromSeq, long offset) {
        return db.read("read journal position", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT seq FROM journal WHERE seq >= ?"
                    + (sourceId == null ? "" : " AND source_id = ?") + " ORDER BY seq LIMIT 1 OFFSET ?")) {
                int i = 1;
                st.setLong(i++, fromSeq);
                if (sourceId != null) {
                    st.setString(i++, sourceId);
                }
                st.setLong(i, offset);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : -1L;
                }
            }
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

    /**
     * When the blob with {@code sha256} was first collected: the collection time of the earliest journal row whose
     * version names it, or empty when no row does. Two key lookups: the row recorded with the blob ({@code
     * journal_blobs.first_seq}, V29), then its time. A blob recorded before V29 that gc's backfill has not dated yet
     * is looked for as before: the resources that hold it now through {@code representations_by_blob} and their rows
     * through {@code journal_by_uri}, else the journal in sequence order up to the first row naming it — the whole
     * journal only for a blob no row names, which a completed backfill answers at once.
     */
    public java.util.Optional<Instant> firstCollected(String sha256) {
        String named = "%" + sha256 + "%";
        return db.read("find when a blob was collected", c -> {
            JournalBlobs.FirstRow first = JournalBlobs.firstRow(c, sha256);
            if (first.seq() != null) {
                try (PreparedStatement st = c.prepareStatement("SELECT collected_at FROM journal WHERE seq = ?")) {
                    st.setLong(1, first.seq());
                    try (ResultSet rs = st.executeQuery()) {
                        if (rs.next()) {
                            return java.util.Optional.of(Resources.instant(rs.getString(1)));
                        }
                    }
                }
            } else if (!first.recorded() && JournalBlobs.complete(c)) {
                return java.util.Optional.<Instant>empty();
            }
            try (PreparedStatement st = c.prepareStatement("SELECT j.collected_at FROM journal j"
                    + " WHERE j.resource_uri IN (SELECT r.resource_uri FROM representations r WHERE r.blob_key = ?)"
                    + " AND j.version LIKE ? ORDER BY j.seq LIMIT 1")) {
                st.setString(1, sha256);
                st.setString(2, named);
                try (ResultSet rs = st.executeQuery()) {
                    if (rs.next()) {
                        return java.util.Optional.of(Resources.instant(rs.getString(1)));
                    }
                }
            }
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT collected_at FROM journal WHERE version LIKE ? ORDER BY seq LIMIT 1")) {
                st.setString(1, named);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? java.util.Optional.of(Resources.instant(rs.getString(1)))
                            : java.util.Optional.<Instant>empty();
                }
            }
        });
    }

    /**
     * Streams the rows of one resource of one source in sequence order (oldest first), at most {@code limit}
     * ({@code <= 0}: all), each with the version it recorded: a document's history (docs/api.md, "Documents").
     * One range read of the covering index {@code journal_by_uri} ({@code V11__journal_by_uri.sql}) and one row
     * read per version.
     */
    public void forEachVersionOf(String sourceId, String uri, long limit, Consumer<JournalVersion> visitor) {
        db.stream("read versions of " + uri, c -> {
            String sql = "SELECT " + ENTRY_COLUMNS + ", version FROM journal WHERE resource_uri = ? AND source_id = ?"
                    + " ORDER BY seq" + (limit > 0 ? " LIMIT " + limit : "");
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setFetchSize(200);
                st.setString(1, uri);
                st.setString(2, sourceId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(version(rs));
                    }
                }
            }
            return null;
        });
    }

    /** Number of journal rows; {@code sourceId} null for all sources. */
    public long count(String sourceId) {
        return aggregate("count journal", "COUNT(*)", sourceId);
    }

    /** One aggregate over {@code sourceId}'s rows (null: all); 0 when it is NULL (no rows). */
    private long aggregate(String operation, String expression, String sourceId) {
        return db.read(operation, c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT " + expression + " FROM journal"
                    + (sourceId == null ? "" : " WHERE source_id = ?"))) {
                if (sourceId != null) {
                    st.setString(1, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : 0L;
                }
            }
        });
    }
}
