package org.lexsync.engine.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;

/** Harvest runs and the conformance findings recorded per run. Obtain through {@link Store#runs()}. */
public final class Runs {
    private static final String SELECT = "SELECT id, source_id, started_at, ended_at, status, created, updated,"
            + " deleted, unchanged, failed, error FROM runs";

    private final Db db;

    Runs(Db db) {
        this.db = db;
    }

    /** Records the start of a run and returns its id. */
    public long start(String sourceId) {
        return db.write("start run of " + sourceId, c -> {
            long id;
            try (PreparedStatement st = c.prepareStatement("UPDATE counters SET value = value + 1 WHERE name = 'run'")) {
                st.executeUpdate();
            }
            try (PreparedStatement st = c.prepareStatement("SELECT value FROM counters WHERE name = 'run'");
                 ResultSet rs = st.executeQuery()) {
                rs.next();
                id = rs.getLong(1);
            }
            try (PreparedStatement st = c.prepareStatement(
                    "INSERT INTO runs (id, source_id, started_at, status) VALUES (?, ?, ?, ?)")) {
                st.setLong(1, id);
                st.setString(2, sourceId);
                st.setString(3, Db.now());
                st.setString(4, RunStatus.RUNNING.token());
                st.executeUpdate();
            }
            return id;
        });
    }

    /** Records the end of a run with its counts and the error that stopped it (null when none). */
    public void finish(long runId, RunStatus status, RunCounts counts, String error) {
        db.write("finish run " + runId, c -> {
            try (PreparedStatement st = c.prepareStatement("UPDATE runs SET ended_at = ?, status = ?, created = ?,"
                    + " updated = ?, deleted = ?, unchanged = ?, failed = ?, error = ? WHERE id = ?")) {
                st.setString(1, Db.now());
                st.setString(2, status.token());
                st.setLong(3, counts.created());
                st.setLong(4, counts.updated());
                st.setLong(5, counts.deleted());
                st.setLong(6, counts.unchanged());
                st.setLong(7, counts.failed());
                st.setString(8, error);
                st.setLong(9, runId);
                st.executeUpdate();
            }
            return null;
        });
    }

    public Optional<RunRecord> get(long runId) {
        return db.read("read run " + runId, c -> {
            try (PreparedStatement st = c.prepareStatement(SELECT + " WHERE id = ?")) {
                st.setLong(1, runId);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(map(rs)) : Optional.<RunRecord>empty();
                }
            }
        });
    }

    /** The latest {@code limit} runs, newest first; {@code sourceId} null for all sources. */
    public List<RunRecord> latest(String sourceId, int limit) {
        return db.read("list runs", c -> {
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

    private static RunRecord map(ResultSet rs) throws SQLException {
        return new RunRecord(rs.getLong(1), rs.getString(2), Resources.instant(rs.getString(3)),
                Resources.instant(rs.getString(4)), RunStatus.fromToken(rs.getString(5)),
                new RunCounts(rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10)),
                rs.getString(11));
    }
}
