package org.lexsync.engine.store;

import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.lexsync.core.time.W3cDateTime;

/**
 * Commits a {@link CommitBatch} inside one transaction (docs/architecture.md, invariant 2): compares every write with
 * the current state (also with writes earlier in the same batch), skips identical ones, appends journal rows with
 * sequence numbers taken from the locked {@code journal} counter, replaces resource and file rows, inserts the inline
 * blobs, clears item failures, moves the checkpoint and adds the outcomes to the run's counts — all after checking the
 * batch's lease fence, if it carries one ({@link SourceLeases#check}).
 */
final class BatchWriter {

    /** The part of a resource row needed to decide whether a write changes it. */
    private record Current(boolean active, String sourceTs, String fingerprint, String firstHarvested,
                           boolean inDatabase) {
    }

    private record Row(String sourceId, ResourceWrite write, String fingerprint, String firstHarvested, long seq,
                       boolean inDatabase) {
    }

    private BatchWriter() {
    }

    static List<WriteOutcome> commit(Connection c, CommitBatch batch, boolean sqlite) throws SQLException {
        if (batch.fence() != null) {
            SourceLeases.check(c, batch.fence()); // first: a refused batch writes nothing
        }
        JournalCounter counter = JournalCounter.lock(c);
        List<WriteOutcome> outcomes = write(c, List.of(batch), sqlite, counter).get(0);
        counter.store(c);
        return outcomes;
    }

    /**
     * As {@link #commit}, for batches whose fences the caller has checked in this transaction already, in their order,
     * numbering their journal rows from {@code counter}, which the caller locked and stores once its transaction's
     * batches are written. Each table's rows of all the batches go in one statement batch ({@link CommitCombiner}: the
     * batches of several sources cost about what one batch of all their writes would). Returns each batch's outcomes.
     */
    static List<List<WriteOutcome>> write(Connection c, List<CommitBatch> batches, boolean sqlite,
                                          JournalCounter counter) throws SQLException {
        String now = Db.now();
        boolean journaled = false;
        Map<String, Map<String, Current>> seenBySource = new HashMap<>();
        Map<String, Map<String, Row>> finalRows = new LinkedHashMap<>();   // per source, per URI: the last write
        List<List<WriteOutcome>> all = new ArrayList<>(batches.size());
        Map<String, Long> journaledBlobs = new LinkedHashMap<>();   // each key's first row in this transaction
        try (PreparedStatement journal = c.prepareStatement(
                     "INSERT INTO journal (seq, source_id, resource_uri, kind, source_ts, collected_at, checksums, run_id,"
                             + " version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (CommitBatch batch : batches) {
                Map<String, Current> seen = seenBySource.computeIfAbsent(batch.sourceId(), k -> new HashMap<>());
                // an earlier batch of the same source in this transaction is not in the tables yet: its state is
                seen.putAll(loadCurrent(c, batch.sourceId(), batch.writes().stream()
                        .filter(w -> !seen.containsKey(w.uri())).toList(), sqlite));
                Map<String, Row> rows = finalRows.computeIfAbsent(batch.sourceId(), k -> new LinkedHashMap<>());
                List<WriteOutcome> outcomes = new ArrayList<>(batch.writes().size());
                for (ResourceWrite w : batch.writes()) {
                    Current cur = seen.get(w.uri());
                    String ts = w.sourceTimestamp() == null ? null : w.sourceTimestamp().toString();
                    String fp = w.delete() ? null : Fingerprint.of(w.representations());
                    ChangeKind kind = decide(cur, w, ts, fp);
                    if (kind == null) {
                        outcomes.add(new WriteOutcome(w.uri(), null, 0));
                        continue;
                    }
                    long seq = counter.next();
                    journaled = true;
                    boolean inDb = cur != null && cur.inDatabase();
                    String first = cur != null && cur.active() && cur.firstHarvested() != null ? cur.firstHarvested()
                            : now;
                    rows.put(w.uri(), new Row(batch.sourceId(), w, fp, first, seq, inDb));
                    seen.put(w.uri(), new Current(!w.delete(), ts, fp, first, inDb));
                    journal.setLong(1, seq);
                    journal.setString(2, batch.sourceId());
                    journal.setString(3, w.uri());
                    journal.setString(4, kind.token());
                    journal.setString(5, ts);
                    journal.setString(6, now);
                    journal.setString(7, w.delete() ? null
                            : emptyToNull(Fingerprint.checksums(w.representations()).toString()));
                    setLong(journal, 8, batch.runId());
                    journal.setString(9, VersionCodec.encode(w));
                    journal.addBatch();
                    for (RepresentationState r : w.representations()) {
                        journaledBlobs.putIfAbsent(r.blobKey().sha256(), seq);
                    }
                    outcomes.add(new WriteOutcome(w.uri(), kind, seq));
                }
                all.add(outcomes);
            }
            if (journaled) {
                journal.executeBatch();
            }
        }
        JournalBlobs.record(c, journaledBlobs);
        writeRows(c, finalRows, now);
        List<InlineBlob> inline = new ArrayList<>();
        List<GroupWrite> groups = new ArrayList<>();
        for (int i = 0; i < batches.size(); i++) {
            CommitBatch batch = batches.get(i);
            inline.addAll(batch.inlineBlobs());
            groups.addAll(batch.groups());
            clearFailures(c, batch.sourceId(), batch.writes());
            if (batch.checkpoint() != null) {
                Checkpoints.set(c, batch.sourceId(), batch.checkpoint(), now);
            }
            countInRun(c, batch.runId(), all.get(i), batch.unchangedWithoutWrite());
        }
        writeBlobs(c, inline);
        DocumentGroups.writeAll(c, groups, sqlite);
        return all;
    }

    /**
     * Adds the batch's outcomes to its run's counts in the batch's own transaction, so that a run that never
     * finishes (killed, interrupted) still shows exactly what it committed (issue 13.3).
     */
    private static void countInRun(Connection c, Long runId, List<WriteOutcome> outcomes, int unchangedWithoutWrite)
            throws SQLException {
        if (runId == null || outcomes.isEmpty() && unchangedWithoutWrite == 0) {
            return;
        }
        long[] counts = new long[4];
        counts[3] = unchangedWithoutWrite;
        for (WriteOutcome o : outcomes) {
            counts[o.unchanged() ? 3 : o.kind().ordinal()]++;
        }
        try (PreparedStatement s = c.prepareStatement("UPDATE runs SET created = created + ?, updated = updated + ?,"
                + " deleted = deleted + ?, unchanged = unchanged + ? WHERE id = ?")) {
            for (int i = 0; i < counts.length; i++) {
                s.setLong(i + 1, counts[i]);
            }
            s.setLong(5, runId);
            s.executeUpdate();
        }
    }

    private static ChangeKind decide(Current cur, ResourceWrite w, String ts, String fp) {
        boolean active = cur != null && cur.active();
        if (w.delete()) {
            return active ? ChangeKind.DELETED : null;
        }
        if (!active) {
            return ChangeKind.CREATED;
        }
        if (Objects.equals(cur.sourceTs(), ts) && Objects.equals(cur.fingerprint(), fp)) {
            return null;
        }
        return ChangeKind.UPDATED;
    }

    /**
     * The stored state of every resource the batch writes, keyed by URI (absent: not stored), read with one
     * query per {@value #LOOKUP_CHUNK} URIs rather than one per write.
     */
    private static Map<String, Current> loadCurrent(Connection c, String sourceId, List<ResourceWrite> writes,
                                                    boolean sqlite) throws SQLException {
        List<String> uris = List.copyOf(new LinkedHashSet<>(writes.stream().map(ResourceWrite::uri).toList()));
        Map<String, Current> current = new HashMap<>(uris.size() * 2);
        for (int from = 0; from < uris.size(); from += LOOKUP_CHUNK) {
            List<String> chunk = uris.subList(from, Math.min(uris.size(), from + LOOKUP_CHUNK));
            try (PreparedStatement lookup = c.prepareStatement("SELECT uri, status, source_ts, fingerprint,"
                    + " first_harvested FROM resources WHERE source_id = ? AND uri " + StringList.membership(sqlite))) {
                lookup.setString(1, sourceId);
                StringList.bind(c, lookup, 2, chunk, sqlite);
                try (ResultSet rs = lookup.executeQuery()) {
                    while (rs.next()) {
                        current.put(rs.getString(1), new Current(ResourceStatus.ACTIVE.token().equals(rs.getString(2)),
                                rs.getString(3), rs.getString(4), rs.getString(5), true));
                    }
                }
            }
        }
        return current;
    }

    /** URIs per lookup query. */
    private static final int LOOKUP_CHUNK = 1000;

    private static void writeRows(Connection c, Map<String, Map<String, Row>> rowsBySource, String now)
            throws SQLException {
        if (rowsBySource.values().stream().allMatch(Map::isEmpty)) {
            return;
        }
        try (PreparedStatement upsert = c.prepareStatement(
                "INSERT INTO resources (source_id, uri, status, source_ts, published, title, links, checksums,"
                        + " fingerprint, first_harvested, last_harvested, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                        + " ON CONFLICT (source_id, uri) DO UPDATE SET status = excluded.status,"
                        + " source_ts = excluded.source_ts, published = excluded.published, title = excluded.title,"
                        + " links = excluded.links, checksums = excluded.checksums, fingerprint = excluded.fingerprint,"
                        + " first_harvested = excluded.first_harvested, last_harvested = excluded.last_harvested,"
                        + " last_seq = excluded.last_seq");
             PreparedStatement dropReps = c.prepareStatement(
                     "DELETE FROM representations WHERE source_id = ? AND resource_uri = ?");
             PreparedStatement rep = c.prepareStatement(
                     "INSERT INTO representations (source_id, resource_uri, ordinal, url, role, media_type, length, md5,"
                             + " sha256, blob_key, etag, last_modified, links) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            boolean drops = false;
            boolean reps = false;
            for (Row row : rowsBySource.values().stream().flatMap(rows -> rows.values().stream()).toList()) {
                String sourceId = row.sourceId();
                ResourceWrite w = row.write();
                upsert.setString(1, sourceId);
                upsert.setString(2, w.uri());
                upsert.setString(3, (w.delete() ? ResourceStatus.DELETED : ResourceStatus.ACTIVE).token());
                upsert.setString(4, text(w.sourceTimestamp()));
                upsert.setString(5, w.published());
                upsert.setString(6, w.title());
                upsert.setString(7, LinkCodec.encode(w.links()));
                upsert.setString(8, w.delete() ? null : emptyToNull(Fingerprint.checksums(w.representations()).toString()));
                upsert.setString(9, row.fingerprint());
                upsert.setString(10, row.firstHarvested());
                upsert.setString(11, now);
                upsert.setLong(12, row.seq());
                upsert.addBatch();
                if (row.inDatabase()) {
                    dropReps.setString(1, sourceId);
                    dropReps.setString(2, w.uri());
                    dropReps.addBatch();
                    drops = true;
                }
                int ordinal = 0;
                for (RepresentationState r : w.representations()) {
                    rep.setString(1, sourceId);
                    rep.setString(2, w.uri());
                    rep.setInt(3, ordinal++);
                    rep.setString(4, r.url() == null ? null : r.url().toString());
                    rep.setString(5, r.role().token());
                    rep.setString(6, r.mediaType());
                    rep.setLong(7, r.length());
                    rep.setString(8, r.md5());
                    rep.setString(9, r.sha256());
                    rep.setString(10, r.blobKey().sha256());
                    rep.setString(11, r.etag());
                    rep.setString(12, r.lastModified());
                    rep.setString(13, LinkCodec.encode(r.links()));
                    rep.addBatch();
                    reps = true;
                }
            }
            upsert.executeBatch();
            if (drops) {
                dropReps.executeBatch();
            }
            if (reps) {
                rep.executeBatch();
            }
        }
    }

    private static void writeBlobs(Connection c, List<InlineBlob> blobs) throws SQLException {
        if (blobs.isEmpty()) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(SmallBlobs.UPSERT)) {
            // one row per key: batched inserts are rewritten into one multi-row statement, in which an upsert may
            // not meet the same key twice
            Set<String> seen = new HashSet<>();
            for (InlineBlob b : blobs) {
                if (!seen.add(b.key().sha256())) {
                    continue;
                }
                s.setString(1, b.key().sha256());
                s.setLong(2, b.bytes().length);
                s.setBytes(3, b.bytes());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private static void clearFailures(Connection c, String sourceId, List<ResourceWrite> writes) throws SQLException {
        boolean any;
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM item_failures WHERE source_id = ? LIMIT 1")) {
            s.setString(1, sourceId);
            try (ResultSet rs = s.executeQuery()) {
                any = rs.next();
            }
        }
        if (!any) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM item_failures WHERE source_id = ? AND resource_uri = ?")) {
            for (ResourceWrite w : writes) {
                s.setString(1, sourceId);
                s.setString(2, w.uri());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private static String text(W3cDateTime t) {
        return t == null ? null : t.toString();
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.BIGINT);
        } else {
            s.setLong(index, value);
        }
    }
}
