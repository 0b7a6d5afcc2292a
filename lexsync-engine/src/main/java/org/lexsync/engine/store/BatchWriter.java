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
        counter.storeAndNotify(c, !sqlite);
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
        Map<String, Map<String, Current>> seenBySource = new HashMap<>();
        Map<String, Map<String, Row>> finalRows = new LinkedHashMap<>();   // per source, per URI: the last write
        List<List<WriteOutcome>> all = new ArrayList<>(batches.size());
        Map<String, Long> journaledBlobs = new LinkedHashMap<>();   // each key's first row in this transaction
        RowInserts.Rows journal = JOURNAL.rows();
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
                boolean inDb = cur != null && cur.inDatabase();
                String first = cur != null && cur.active() && cur.firstHarvested() != null ? cur.firstHarvested()
                        : now;
                rows.put(w.uri(), new Row(batch.sourceId(), w, fp, first, seq, inDb));
                seen.put(w.uri(), new Current(!w.delete(), ts, fp, first, inDb));
                journal.add(seq, batch.sourceId(), w.uri(), kind.token(), ts, now, w.delete() ? null
                        : emptyToNull(Fingerprint.checksums(w.representations()).toString()), batch.runId(),
                        VersionCodec.encode(w));
                for (RepresentationState r : w.representations()) {
                    journaledBlobs.putIfAbsent(r.blobKey().sha256(), seq);
                }
                outcomes.add(new WriteOutcome(w.uri(), kind, seq));
            }
            all.add(outcomes);
        }
        journal.insert(c, sqlite);
        JournalBlobs.record(c, journaledBlobs, sqlite);
        writeRows(c, finalRows, now, sqlite);
        List<InlineBlob> inline = new ArrayList<>();
        List<GroupWrite> groups = new ArrayList<>();
        Map<Long, long[]> runCounts = new LinkedHashMap<>();
        for (int i = 0; i < batches.size(); i++) {
            CommitBatch batch = batches.get(i);
            inline.addAll(batch.inlineBlobs());
            groups.addAll(batch.groups());
            if (batch.checkpoint() != null) {
                Checkpoints.set(c, batch.sourceId(), batch.checkpoint(), now);
            }
            addRunCounts(runCounts, batch.runId(), all.get(i), batch.unchangedWithoutWrite());
        }
        clearFailures(c, batches, sqlite);
        RunCounter.add(c, runCounts, sqlite);
        writeBlobs(c, inline, sqlite);
        DocumentGroups.writeAll(c, groups, sqlite);
        return all;
    }

    /**
     * Adds the batch's outcomes to its run's counts (created, updated, deleted, unchanged), which are written in the
     * batch's own transaction, so that a run that never finishes (killed, interrupted) still shows exactly what it
     * committed (issue 13.3).
     */
    private static void addRunCounts(Map<Long, long[]> runCounts, Long runId, List<WriteOutcome> outcomes,
                                     int unchangedWithoutWrite) {
        if (runId == null || outcomes.isEmpty() && unchangedWithoutWrite == 0) {
            return;
        }
        long[] counts = runCounts.computeIfAbsent(runId, k -> new long[4]);
        counts[3] += unchangedWithoutWrite;
        for (WriteOutcome o : outcomes) {
            counts[o.unchanged() ? 3 : o.kind().ordinal()]++;
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

    private static void writeRows(Connection c, Map<String, Map<String, Row>> rowsBySource, String now,
                                  boolean sqlite) throws SQLException {
        RowInserts.Rows resources = RESOURCES.rows();
        RowInserts.Rows representations = REPRESENTATIONS.rows();
        List<Row> dropped = new ArrayList<>();
        for (Map<String, Row> rows : rowsBySource.values()) {
            for (Row row : rows.values()) {
                String sourceId = row.sourceId();
                ResourceWrite w = row.write();
                resources.add(sourceId, w.uri(), (w.delete() ? ResourceStatus.DELETED : ResourceStatus.ACTIVE).token(),
                        text(w.sourceTimestamp()), w.published(), w.title(), LinkCodec.encode(w.links()),
                        w.delete() ? null : emptyToNull(Fingerprint.checksums(w.representations()).toString()),
                        row.fingerprint(), row.firstHarvested(), now, row.seq());
                if (row.inDatabase()) {
                    dropped.add(row);
                }
                int ordinal = 0;
                for (RepresentationState r : w.representations()) {
                    representations.add(sourceId, w.uri(), ordinal++, r.url() == null ? null : r.url().toString(),
                            r.role().token(), r.mediaType(), r.length(), r.md5(), r.sha256(), r.blobKey().sha256(),
                            r.etag(), r.lastModified(), LinkCodec.encode(r.links()));
                }
            }
        }
        resources.insert(c, sqlite);
        if (!dropped.isEmpty()) {
            try (PreparedStatement dropReps = c.prepareStatement(
                    "DELETE FROM representations WHERE source_id = ? AND resource_uri = ?")) {
                for (Row row : dropped) {
                    dropReps.setString(1, row.sourceId());
                    dropReps.setString(2, row.write().uri());
                    dropReps.addBatch();
                }
                dropReps.executeBatch();
            }
        }
        representations.insert(c, sqlite);
    }

    private static final RowInserts JOURNAL = RowInserts.of("journal", List.of("seq bigint", "source_id text",
            "resource_uri text", "kind text", "source_ts text", "collected_at text", "checksums text", "run_id bigint",
            "version text"), "");
    private static final RowInserts RESOURCES = RowInserts.of("resources", List.of("source_id text", "uri text",
            "status text", "source_ts text", "published text", "title text", "links text", "checksums text",
            "fingerprint text", "first_harvested text", "last_harvested text", "last_seq bigint"),
            " ON CONFLICT (source_id, uri) DO UPDATE SET status = excluded.status,"
                    + " source_ts = excluded.source_ts, published = excluded.published, title = excluded.title,"
                    + " links = excluded.links, checksums = excluded.checksums, fingerprint = excluded.fingerprint,"
                    + " first_harvested = excluded.first_harvested, last_harvested = excluded.last_harvested,"
                    + " last_seq = excluded.last_seq");
    private static final RowInserts REPRESENTATIONS = RowInserts.of("representations", List.of("source_id text",
            "resource_uri text", "ordinal integer", "url text", "role text", "media_type text", "length bigint",
            "md5 text", "sha256 text", "blob_key text", "etag text", "last_modified text", "links text"), "");

    private static void writeBlobs(Connection c, List<InlineBlob> blobs, boolean sqlite) throws SQLException {
        // one row per key: an upsert of several rows may not meet the same key twice
        RowInserts.Rows rows = SmallBlobs.INSERT.rows();
        Set<String> seen = new HashSet<>();
        for (InlineBlob b : blobs) {
            if (seen.add(b.key().sha256())) {
                rows.add(b.key().sha256(), (long) b.bytes().length, b.bytes());
            }
        }
        rows.insert(c, sqlite);
    }

    /**
     * Clears the item failures of the resources the batches write: a resource written is no longer failing. One probe
     * for the transaction's sources first, since almost every commit has none to clear.
     */
    private static void clearFailures(Connection c, List<CommitBatch> batches, boolean sqlite) throws SQLException {
        List<String> sources = batches.stream().filter(b -> !b.writes().isEmpty()).map(CommitBatch::sourceId)
                .distinct().toList();
        if (sources.isEmpty()) {
            return;
        }
        Set<String> failing = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT source_id FROM item_failures WHERE source_id "
                + StringList.membership(sqlite))) {
            StringList.bind(c, s, 1, sources, sqlite);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    failing.add(rs.getString(1));
                }
            }
        }
        if (failing.isEmpty()) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement(
                "DELETE FROM item_failures WHERE source_id = ? AND resource_uri = ?")) {
            for (CommitBatch batch : batches) {
                if (!failing.contains(batch.sourceId())) {
                    continue;
                }
                for (ResourceWrite w : batch.writes()) {
                    s.setString(1, batch.sourceId());
                    s.setString(2, w.uri());
                    s.addBatch();
                }
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
