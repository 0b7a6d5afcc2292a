package org.lexsync.engine.store;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.RunDuration;
import org.lexsync.engine.model.SourceRuns;
import java.util.function.Consumer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;

/**
 * Harvest runs and the conformance findings recorded per run. Obtain through {@link Store#runs()}. A run
 * records the process holding it; its counts grow with every committed batch (in that batch's transaction),
 * so a run that never finishes still shows what it committed. A run left {@code running} by a process that
 * is gone reads as {@link RunStatus#INTERRUPTED} and is stored so, ended at its last committed batch, by the read that
 * finds it (or by the next writable open).
 */
public final class Runs {
    private static final String SELECT = "SELECT id, source_id, started_at, ended_at, status, created, updated,"
            + " deleted, unchanged, failed, error, holder_pid, holder_host, holder_started FROM runs";

    private final Db db;

    Runs(Db db) {
        this.db = db;
    }

    /** Records the start of a run and returns its id. */
    public long start(String sourceId) {
        return start(sourceId, null);
    }

    /**
     * As {@link #start(String)} for the holder of {@code fence} (null: not fenced): refused with a
     * {@link org.lexsync.engine.model.FencedException} when the source's lease moved on.
     */
    public long start(String sourceId, @Nullable LeaseFence fence) {
        if (fence != null && !db.sqlite()) {
            Long id = db.writeOne("start run of " + sourceId, c -> startFenced(c, sourceId, fence));
            if (id != null) {
                return id;
            }
            // fenced: the transaction below finds it again and throws the exception that names the holder now
        }
        return db.write("start run of " + sourceId, c -> {
            if (fence != null) {
                SourceLeases.check(c, fence);
            }
            long id;
            try (PreparedStatement st = c.prepareStatement(
                    "UPDATE counters SET value = value + 1 WHERE name = 'run' RETURNING value");
                 ResultSet rs = st.executeQuery()) {
                rs.next();
                id = rs.getLong(1);
            }
            try (PreparedStatement st = c.prepareStatement(
                    "INSERT INTO runs (id, source_id, started_at, status, holder_pid, holder_host, holder_started)"
                            + " VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                RunHolder holder = RunHolder.current();
                st.setLong(1, id);
                st.setString(2, sourceId);
                st.setString(3, Db.now());
                st.setString(4, RunStatus.RUNNING.token());
                st.setLong(5, holder.pid());
                st.setString(6, holder.host());
                st.setString(7, holder.started());
                st.executeUpdate();
            }
            return id;
        });
    }

    /**
     * PostgreSQL's fenced start in one statement and one round trip (docs/benchmarks.md, "Round trips per check"): the
     * fence's check ({@link SourceLeases#FENCE_CTE}), the next run id and the run's row, committed together, so the run
     * counter's row is locked only while the server runs it. Null when the fence refused it (nothing is written).
     */
    private static Long startFenced(java.sql.Connection c, String sourceId, LeaseFence fence) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("WITH " + SourceLeases.FENCE_CTE + ", next AS (UPDATE counters"
                + " SET value = value + 1 WHERE name = 'run' AND EXISTS (SELECT 1 FROM fence) RETURNING value)"
                + " INSERT INTO runs (id, source_id, started_at, status, holder_pid, holder_host, holder_started)"
                + " SELECT value, ?, ?, ?, ?, ?, ? FROM next RETURNING id")) {
            RunHolder holder = RunHolder.current();
            st.setString(1, fence.sourceId());
            st.setLong(2, fence.epoch());
            st.setString(3, sourceId);
            st.setString(4, Db.now());
            st.setString(5, RunStatus.RUNNING.token());
            st.setLong(6, holder.pid());
            st.setString(7, holder.host());
            st.setString(8, holder.started());
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getLong(1) : null;
            }
        }
    }

    /**
     * Records the end of a run with its counts and the error that stopped it (null when none). A count never
     * falls below what the run's committed batches recorded: a caller that lost its tally (an abort) does not
     * erase what was committed.
     */
    public void finish(long runId, RunStatus status, RunCounts counts, String error) {
        finish(runId, status, counts, error, null);
    }

    /**
     * As {@link #finish(long, RunStatus, RunCounts, String)} for the holder of {@code fence} (null: not fenced):
     * refused with a {@link org.lexsync.engine.model.FencedException}, writing nothing, when the source's lease moved
     * on. A holder that was fenced ends its own run unfenced, as interrupted with the reason.
     */
    public void finish(long runId, RunStatus status, RunCounts counts, String error,
                       @Nullable LeaseFence fence) {
        if (fence != null && !db.sqlite()) {
            // one statement and one round trip: the fence's check and the update, committed together
            int updated = db.writeOne("finish run " + runId, c -> updateEnd(c, fence, runId, status, counts, error));
            if (updated == 1) {
                return;
            }
            // fenced (or no such run): the transaction below throws the exception that names the holder now
        }
        db.write("finish run " + runId, c -> {
            if (fence != null) {
                SourceLeases.check(c, fence);
            }
            updateEnd(c, null, runId, status, counts, error);
            return null;
        });
    }

    /** The run's end, in one statement that also checks {@code fence} when it is given (null: not fenced). */
    private static int updateEnd(java.sql.Connection c, @Nullable LeaseFence fence, long runId,
                                 RunStatus status, RunCounts counts, String error) throws SQLException {
        String with = fence == null ? "" : "WITH " + SourceLeases.FENCE_CTE + " ";
        String and = fence == null ? "" : " AND EXISTS (SELECT 1 FROM fence)";
        try (PreparedStatement st = c.prepareStatement(with + "UPDATE runs SET ended_at = ?, status = ?,"
                + " created = CASE WHEN created > ? THEN created ELSE ? END,"
                + " updated = CASE WHEN updated > ? THEN updated ELSE ? END,"
                + " deleted = CASE WHEN deleted > ? THEN deleted ELSE ? END,"
                + " unchanged = CASE WHEN unchanged > ? THEN unchanged ELSE ? END,"
                + " failed = CASE WHEN failed > ? THEN failed ELSE ? END, error = ? WHERE id = ?" + and)) {
            int p = 1;
            if (fence != null) {
                st.setString(p++, fence.sourceId());
                st.setLong(p++, fence.epoch());
            }
            st.setString(p++, Db.now());
            st.setString(p++, status.token());
            long[] values = {counts.created(), counts.updated(), counts.deleted(), counts.unchanged(), counts.failed()};
            for (long v : values) {
                st.setLong(p++, v);
                st.setLong(p++, v);
            }
            st.setString(p++, error);
            st.setLong(p, runId);
            return st.executeUpdate();
        }
    }

    /**
     * Marks as {@link RunStatus#INTERRUPTED} the runs this process holds that are still running, or that ended
     * as aborted at or after {@code since} (the harvest stopped by the interruption records an abort on its way
     * out). Their counts stay what their committed batches recorded. Returns the runs marked.
     */
    public List<RunRecord> interruptHeld(Instant since, String note) {
        RunHolder me = RunHolder.current();
        List<Long> ids = db.read("find runs held by process " + me.pid(), c -> {
            List<Long> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT id, status, ended_at FROM runs WHERE holder_pid = ?"
                    + " AND holder_host = ? AND status IN (?, ?) ORDER BY id")) {
                st.setLong(1, me.pid());
                st.setString(2, me.host());
                st.setString(3, RunStatus.RUNNING.token());
                st.setString(4, RunStatus.ABORTED.token());
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        Instant ended = Resources.instant(rs.getString(3));
                        if (RunStatus.RUNNING.token().equals(rs.getString(2)) || ended != null && !ended.isBefore(since)) {
                            out.add(rs.getLong(1));
                        }
                    }
                }
            }
            return out;
        });
        List<RunRecord> marked = new ArrayList<>();
        for (long id : ids) {
            markInterrupted(id, Db.now(), note);
            get(id).ifPresent(marked::add);
        }
        return marked;
    }

    /**
     * Stores as {@link RunStatus#INTERRUPTED} every run left running by a process on this host that is gone,
     * ended at its last journal row (or its start). Returns how many runs were marked.
     */
    public int interruptOrphans() {
        List<RunRecord> orphans = db.read("find interrupted runs", c -> {
            List<RunRecord> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(SELECT + " WHERE status = ?")) {
                st.setString(1, RunStatus.RUNNING.token());
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        RunRecord r = map(rs);
                        if (r.status() == RunStatus.INTERRUPTED) {
                            out.add(r);
                        }
                    }
                }
            }
            return out;
        });
        for (RunRecord r : orphans) {
            markInterrupted(r.id(), lastCommit(r), r.error());
        }
        return orphans.size();
    }

    /** When run {@code r} last committed: its last journal row, or its start when it committed none. */
    private String lastCommit(RunRecord r) {
        return db.read("find the end of run " + r.id(), c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT MAX(collected_at) FROM journal WHERE run_id = ?")) {
                st.setLong(1, r.id());
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() && rs.getString(1) != null ? rs.getString(1) : r.started().toString();
                }
            }
        });
    }

    /**
     * A run read as interrupted because its holder is gone, but still stored {@code running} (its holder died while
     * this store was open, e.g. another node or a {@code lexsync sync} on the same PostgreSQL database): stored as
     * interrupted, ended at its last committed batch, so it reads with a finish time and a duration that no longer
     * grows. Left as read when the store cannot be written (read-only, disk full): the next read tries again.
     */
    private RunRecord settle(RunRecord r) {
        if (r.status() != RunStatus.INTERRUPTED || r.ended() != null || db.readOnly()) {
            return r;
        }
        try {
            markInterrupted(r.id(), lastCommit(r), r.error());
            RunRecord stored = get(r.id(), false).orElse(r);
            return stored.ended() != null ? stored : r;
        } catch (RuntimeException cannotWrite) {
            return r;
        }
    }

    private void markInterrupted(long runId, String ended, String note) {
        db.write("mark run " + runId + " interrupted", c -> {
            // the changes that failed in this run and still wait for a retry are its failed count (they are
            // recorded as they fail; only a finishing run wrote the count before)
            long failed;
            try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*) FROM item_failures WHERE run_id = ?")) {
                st.setLong(1, runId);
                try (ResultSet rs = st.executeQuery()) {
                    failed = rs.next() ? rs.getLong(1) : 0;
                }
            }
            try (PreparedStatement st = c.prepareStatement("UPDATE runs SET status = ?, ended_at = ?,"
                    + " error = COALESCE(?, error), failed = CASE WHEN failed > ? THEN failed ELSE ? END"
                    + " WHERE id = ? AND status IN (?, ?)")) {
                st.setString(1, RunStatus.INTERRUPTED.token());
                st.setString(2, ended);
                st.setString(3, note);
                st.setLong(4, failed);
                st.setLong(5, failed);
                st.setLong(6, runId);
                st.setString(7, RunStatus.RUNNING.token());
                st.setString(8, RunStatus.ABORTED.token());
                st.executeUpdate();
            }
            return null;
        });
    }

    public Optional<RunRecord> get(long runId) {
        return get(runId, true);
    }

    private Optional<RunRecord> get(long runId, boolean settle) {
        Optional<RunRecord> read = db.read("read run " + runId, c -> {
            try (PreparedStatement st = c.prepareStatement(SELECT + " WHERE id = ?")) {
                st.setLong(1, runId);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(map(rs)) : Optional.<RunRecord>empty();
                }
            }
        });
        return settle ? read.map(this::settle) : read;
    }

    /** The latest {@code limit} runs, newest first; {@code sourceId} null for all sources. */
    public List<RunRecord> latest(String sourceId, int limit) {
        List<RunRecord> read = db.read("list runs", c -> {
            List<RunRecord> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(SELECT + (sourceId == null ? "" : " WHERE source_id = ?")
                    + " ORDER BY id DESC LIMIT " + Math.max(0, limit))) {
                if (sourceId != null) {
                    st.setString(1, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs));
                    }
                }
            }
            return out;
        });
        List<RunRecord> out = new ArrayList<>(read.size());
        read.forEach(r -> out.add(settle(r)));
        return out;
    }

    /** Appends findings to a run, about one resource or (with a null URI) about the run's documents. */
    public void addFindings(long runId, String resourceUri, Iterable<Finding> findings) {
        db.write("add findings to run " + runId, c -> {
            int ordinal;
            try (PreparedStatement st = c.prepareStatement(
                    "SELECT COALESCE(MAX(ordinal), 0) FROM run_findings WHERE run_id = ?")) {
                st.setLong(1, runId);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    ordinal = rs.getInt(1);
                }
            }
            try (PreparedStatement st = c.prepareStatement("INSERT INTO run_findings (run_id, ordinal, resource_uri,"
                    + " severity, rule, message, line, col) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                boolean any = false;
                for (Finding f : findings) {
                    st.setLong(1, runId);
                    st.setInt(2, ++ordinal);
                    st.setString(3, resourceUri);
                    st.setString(4, f.severity().label());
                    st.setString(5, f.rule());
                    st.setString(6, f.message());
                    st.setInt(7, f.line());
                    st.setInt(8, f.column());
                    st.addBatch();
                    any = true;
                }
                if (any) {
                    st.executeBatch();
                }
            }
            return null;
        });
    }

    /** The findings of a run in the order they were recorded. */
    public List<RunFinding> findings(long runId) {
        return db.read("read findings of run " + runId, c -> {
            List<RunFinding> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT resource_uri, severity, rule, message, line, col"
                    + " FROM run_findings WHERE run_id = ? ORDER BY ordinal")) {
                st.setLong(1, runId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        out.add(new RunFinding(runId, rs.getString(1), new Finding(
                                Severity.valueOf(rs.getString(2).toUpperCase(java.util.Locale.ROOT)), rs.getString(3),
                                rs.getString(4), rs.getInt(5), rs.getInt(6))));
                    }
                }
            }
            return out;
        });
    }

    /**
     * For every source that ever ran, its last run, last finished, last succeeded and last failed run and when it first
     * ran ({@link SourceRuns}), in ONE query (an aggregate over {@code runs} joined back to the four rows it names), so
     * the overview of many sources does not read each source's runs on its own. A run left {@code running} by a gone
     * process reads as interrupted (and is stored so, as {@link #latest} does), which makes it the last finished and
     * the last failed run as well.
     */
    public List<SourceRuns> latestPerSource() {
        String cols = "%1$s.id, %1$s.source_id, %1$s.started_at, %1$s.ended_at, %1$s.status, %1$s.created,"
                + " %1$s.updated, %1$s.deleted, %1$s.unchanged, %1$s.failed, %1$s.error, %1$s.holder_pid,"
                + " %1$s.holder_host, %1$s.holder_started";
        String sql = "SELECT a.first_started, " + String.format(Locale.ROOT, cols, "l") + ", "
                + String.format(Locale.ROOT, cols, "f") + ", " + String.format(Locale.ROOT, cols, "s") + ", "
                + String.format(Locale.ROOT, cols, "x")
                + " FROM (SELECT source_id, MIN(started_at) AS first_started, MAX(id) AS last_id,"
                + " MAX(CASE WHEN status <> 'running' THEN id END) AS fin_id,"
                + " MAX(CASE WHEN status = 'succeeded' THEN id END) AS ok_id,"
                + " MAX(CASE WHEN status IN ('aborted', 'interrupted', 'finished_with_failures') THEN id END)"
                + " AS fail_id"
                + " FROM runs GROUP BY source_id) a JOIN runs l ON l.id = a.last_id"
                + " LEFT JOIN runs f ON f.id = a.fin_id LEFT JOIN runs s ON s.id = a.ok_id"
                + " LEFT JOIN runs x ON x.id = a.fail_id ORDER BY a.source_id";
        List<SourceRuns> read = db.read("read the latest runs of every source", c -> {
            List<SourceRuns> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    RunRecord last = map(rs, 1);
                    RunRecord finished = optional(rs, 15);
                    RunRecord success = optional(rs, 29);
                    RunRecord failure = optional(rs, 43);
                    out.add(new SourceRuns(last.sourceId(), last, finished, success, failure,
                            Resources.instant(rs.getString(1))));
                }
            }
            return out;
        });
        List<SourceRuns> out = new ArrayList<>(read.size());
        for (SourceRuns r : read) {
            if (r.last().status() != RunStatus.INTERRUPTED || r.last().ended() != null) {
                out.add(r);
                continue;
            }
            RunRecord settled = settle(r.last()); // its process is gone: a finished, failed run from now on
            out.add(new SourceRuns(r.sourceId(), settled, settled, r.lastSuccess(), settled, r.firstStarted()));
        }
        return out;
    }

    /**
     * The last {@code perSource} runs of every source (oldest first within a source), reduced to when each started,
     * how long it took and how it ended: the run-duration sparklines of the overview, in one query.
     */
    public List<RunDuration> recentPerSource(int perSource) {
        return db.read("read the recent runs of every source", c -> {
            List<RunDuration> out = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement("SELECT source_id, id, started_at, ended_at, status FROM"
                    + " (SELECT source_id, id, started_at, ended_at, status,"
                    + " ROW_NUMBER() OVER (PARTITION BY source_id ORDER BY id DESC) AS rn FROM runs) t"
                    + " WHERE rn <= ? ORDER BY source_id, id")) {
                st.setInt(1, Math.max(0, perSource));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        Instant started = Resources.instant(rs.getString(3));
                        Instant ended = Resources.instant(rs.getString(4));
                        out.add(new RunDuration(rs.getString(1), rs.getLong(2), started,
                                ended == null ? null : java.time.Duration.between(started, ended),
                                RunStatus.fromToken(rs.getString(5))));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Calls {@code visitor} with the findings of the last {@code runs} runs of a source (of all sources when null),
     * newest run first, each run's in the order recorded: what the findings-by-rule page counts.
     */
    public void findingsOfLatest(@Nullable String sourceId, int runs, Consumer<RunFinding> visitor) {
        db.read("read findings of the latest runs", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT run_id, resource_uri, severity, rule, message,"
                    + " line, col FROM run_findings WHERE run_id IN (SELECT id FROM runs"
                    + (sourceId == null ? "" : " WHERE source_id = ?") + " ORDER BY id DESC LIMIT ?)"
                    + " ORDER BY run_id DESC, ordinal")) {
                int i = 1;
                if (sourceId != null) {
                    st.setString(i++, sourceId);
                }
                st.setInt(i, Math.max(0, runs));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        visitor.accept(new RunFinding(rs.getLong(1), rs.getString(2), new Finding(
                                Severity.valueOf(rs.getString(3).toUpperCase(Locale.ROOT)), rs.getString(4),
                                rs.getString(5), rs.getInt(6), rs.getInt(7))));
                    }
                }
            }
            return null;
        });
    }

    private static @Nullable RunRecord optional(ResultSet rs, int offset) throws SQLException {
        rs.getLong(offset + 1);
        return rs.wasNull() ? null : map(rs, offset);
    }

    /** A run row; a running run whose holder process is gone reads as interrupted, with a note saying so. */
    private static RunRecord map(ResultSet rs) throws SQLException {
        return map(rs, 0);
    }

    /** As {@link #map(ResultSet)} for the run's columns from {@code offset + 1} on. */
    private static RunRecord map(ResultSet rs, int offset) throws SQLException {
        RunStatus status = RunStatus.fromToken(rs.getString(offset + 5));
        String error = rs.getString(offset + 11);
        long pid = rs.getLong(offset + 12);
        boolean held = !rs.wasNull();
        if (status == RunStatus.RUNNING && held) {
            RunHolder holder = new RunHolder(pid, rs.getString(offset + 13), rs.getString(offset + 14));
            if (!holder.alive()) {
                status = RunStatus.INTERRUPTED;
                if (error == null) {
                    error = String.format(Locale.ROOT, "process %d on %s ended without finishing the run", pid,
                            holder.host());
                }
            }
        }
        return new RunRecord(rs.getLong(offset + 1), rs.getString(offset + 2),
                Resources.instant(rs.getString(offset + 3)), Resources.instant(rs.getString(offset + 4)), status,
                new RunCounts(rs.getLong(offset + 6), rs.getLong(offset + 7), rs.getLong(offset + 8),
                        rs.getLong(offset + 9), rs.getLong(offset + 10)), error);
    }
}
