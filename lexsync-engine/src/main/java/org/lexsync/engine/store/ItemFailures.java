package org.lexsync.engine.store;

import org.lexsync.engine.model.FailureStatus;
import org.lexsync.engine.model.ItemFailure;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Changes that failed and wait for a retry (docs/architecture.md, invariant 1). A later successful commit of the same
 * resource clears its row. Obtain through {@link Store#failures()}.
 */
public final class ItemFailures {
    private final Db db;

    ItemFailures(Db db) {
        this.db = db;
    }

    /**
     * Records one more failure of a resource's change (its tries count up, its status stays) and when to try
     * again; the applier records through {@link #recordAll} with the status its give-up rule decided.
     */
    public void record(String sourceId, String resourceUri, String url, String reason, String message, Long runId,
                       Instant nextTry) {
        ItemFailure before = get(sourceId, resourceUri).orElse(null);
        record(new FailedAttempt(sourceId, resourceUri, url, reason, message, runId, nextTry,
                before == null ? FailureStatus.HELD : before.status(), before == null ? 1 : before.tries() + 1, null));
    }

    /**
     * One failure of an item as the applier decided it under the give-up rule: {@code tries} is the number of
     * consecutive runs it failed in (this one included), {@code retryChange} the change in the applier's text
     * form when later runs retry the item on its own (null when the source's own order brings it back).
     */
    public record FailedAttempt(String sourceId, String resourceUri, String url, String reason, String message,
                                Long runId, Instant nextTry, FailureStatus status, int tries, String retryChange) {
    }

    /**
     * Records a failure as decided by the applier: status, tries and the change to retry replace what was
     * stored; the first failure time stays.
     */
    public void record(FailedAttempt a) {
        recordAll(List.of(a));
    }

    /** Records several failures as {@link #record(FailedAttempt)} does, in one transaction, in their order. */
    public void recordAll(List<FailedAttempt> attempts) {
        if (attempts.isEmpty()) {
            return;
        }
        db.write("record " + attempts.size() + " failures of " + attempts.get(0).sourceId(), c -> {
            String now = Db.now();
            try (PreparedStatement st = c.prepareStatement("INSERT INTO item_failures (source_id, resource_uri, url,"
                    + " reason, message, tries, first_failed, last_failed, next_try, run_id, status, retry_change)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source_id, resource_uri) DO UPDATE SET"
                    + " url = excluded.url, reason = excluded.reason, message = excluded.message,"
                    + " tries = excluded.tries, last_failed = excluded.last_failed, next_try = excluded.next_try,"
                    + " run_id = excluded.run_id, status = excluded.status,"
                    + " retry_change = COALESCE(excluded.retry_change, item_failures.retry_change)")) {
                for (FailedAttempt a : attempts) {
                    st.setString(1, a.sourceId());
                    st.setString(2, a.resourceUri());
                    st.setString(3, a.url());
                    st.setString(4, a.reason());
                    st.setString(5, a.message());
                    st.setInt(6, a.tries());
                    st.setString(7, now);
                    st.setString(8, now);
                    st.setString(9, a.nextTry() == null ? null : a.nextTry().toString());
                    BatchWriter.setLong(st, 10, a.runId());
                    st.setString(11, a.status().token());
                    st.setString(12, a.retryChange());
                    // one statement per row, not a JDBC batch: a URI failing twice in one transaction must update
                    st.executeUpdate();
                }
            }
            return null;
        });
    }

    /** A failed item to retry on its own: its stored change and whether it is quarantined. */
    public record Retry(String resourceUri, String change, FailureStatus status) {
    }

    /**
     * Items of {@code sourceId} to retry on their own in run {@code runId}: every skipped item, and the
     * quarantined ones whose next try is due at {@code now}; not those this run recorded itself. Oldest first,
     * at most {@code limit}.
     */
    public List<Retry> due(String sourceId, long runId, Instant now, int limit) {
        return db.read("list retries of " + sourceId, c -> due(c, sourceId, runId, now, limit));
    }

    /**
     * The open failures of {@code sourceId} ({@link #list}) and its items due for a retry in run {@code runId}
     * ({@link #due}, at most {@code limit}), read by one statement: a run starts with both, and most sources have
     * none, so a check costs one read (one transaction on PostgreSQL) instead of two.
     */
    public Open open(String sourceId, long runId, Instant now, int limit) {
        return db.read("read failures and retries of " + sourceId, c -> {
            List<ItemFailure> failures = new ArrayList<>();
            List<Retry> due = new ArrayList<>();
            try (PreparedStatement st = c.prepareStatement(COLUMNS.replace(" FROM item_failures",
                    ", retry_change FROM item_failures") + " WHERE source_id = ? ORDER BY first_failed, resource_uri")) {
                st.setString(1, sourceId);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        ItemFailure f = failure(rs);
                        failures.add(f);
                        String change = rs.getString(12);
                        boolean recordedByThisRun = f.runId() != null && f.runId() == runId;
                        if (change == null || recordedByThisRun || due.size() >= limit) {
                            continue;
                        }
                        // the same choice as due(): skipped items, and quarantined ones whose next try has come
                        if (f.status() != FailureStatus.QUARANTINED || f.nextTry() == null || !f.nextTry().isAfter(now)) {
                            due.add(new Retry(f.resourceUri(), change, f.status()));
                        }
                    }
                }
            }
            return new Open(failures, due);
        });
    }

    /** What {@link #open} read: the open failures and the items due for a retry. */
    public record Open(List<ItemFailure> failures, List<Retry> due) {
    }

    private static List<Retry> due(Connection c, String sourceId, long runId, Instant now, int limit)
            throws SQLException {
        List<Retry> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT resource_uri, retry_change, status, next_try"
                + " FROM item_failures WHERE source_id = ? AND retry_change IS NOT NULL"
                + " AND (run_id IS NULL OR run_id <> ?) ORDER BY first_failed, resource_uri")) {
            st.setString(1, sourceId);
            st.setLong(2, runId);
            try (ResultSet rs = st.executeQuery()) {
                while (out.size() < limit && rs.next()) {
                    FailureStatus status = FailureStatus.fromToken(rs.getString(3));
                    Instant next = Resources.instant(rs.getString(4));
                    // times are compared as instants: their stored text varies in its fraction digits
                    if (status != FailureStatus.QUARANTINED || next == null || !next.isAfter(now)) {
                        out.add(new Retry(rs.getString(1), rs.getString(2), status));
                    }
                }
            }
        }
        return out;
    }

    /** How many items of {@code sourceId} (all sources when null) are quarantined. */
    public long quarantined(String sourceId) {
        return db.read("count quarantined items", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*) FROM item_failures WHERE status = ?"
                    + (sourceId == null ? "" : " AND source_id = ?"))) {
                st.setString(1, FailureStatus.QUARANTINED.token());
                if (sourceId != null) {
                    st.setString(2, sourceId);
                }
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    /** Forgets the failures of these resources (their change succeeded without a write: nothing had changed). */
    public void clearAll(String sourceId, Collection<String> resourceUris) {
        if (resourceUris.isEmpty()) {
            return;
        }
        db.write("clear failures of " + sourceId, c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "DELETE FROM item_failures WHERE source_id = ? AND resource_uri = ?")) {
                for (String uri : resourceUris) {
                    st.setString(1, sourceId);
                    st.setString(2, uri);
                    st.addBatch();
                }
                st.executeBatch();
            }
            return null;
        });
    }

    private static final String COLUMNS = "SELECT source_id, resource_uri, url, reason, message, tries,"
            + " first_failed, last_failed, next_try, run_id, status FROM item_failures";

    /** The open failures of a source (all sources when null), oldest first. */
    public List<ItemFailure> list(String sourceId) {
        return db.read("list failures", c -> list(c, sourceId));
    }

    private static List<ItemFailure> list(Connection c, String sourceId) throws SQLException {
        List<ItemFailure> out = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement(COLUMNS
                + (sourceId == null ? "" : " WHERE source_id = ?") + " ORDER BY first_failed, resource_uri")) {
            if (sourceId != null) {
                st.setString(1, sourceId);
            }
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(failure(rs));
                }
            }
        }
        return out;
    }

    /** The open failure of one resource, if it has one. */
    public Optional<ItemFailure> get(String sourceId, String resourceUri) {
        return db.read("read failure of " + resourceUri, c -> {
            try (PreparedStatement st = c.prepareStatement(COLUMNS + " WHERE source_id = ? AND resource_uri = ?")) {
                st.setString(1, sourceId);
                st.setString(2, resourceUri);
                try (ResultSet rs = st.executeQuery()) {
                    return rs.next() ? Optional.of(failure(rs)) : Optional.<ItemFailure>empty();
                }
            }
        });
    }

    private static ItemFailure failure(ResultSet rs) throws SQLException {
        long run = rs.getLong(10);
        Long runId = rs.wasNull() ? null : run;
        return new ItemFailure(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                rs.getString(5), rs.getInt(6), Resources.instant(rs.getString(7)),
                Resources.instant(rs.getString(8)), Resources.instant(rs.getString(9)), runId,
                FailureStatus.fromToken(rs.getString(11)));
    }

    /** Forgets a failure (e.g. the operator gave up on it); false when there was none. */
    public boolean clear(String sourceId, String resourceUri) {
        return db.write("clear failure of " + resourceUri, c -> {
            try (PreparedStatement st = c.prepareStatement(
                    "DELETE FROM item_failures WHERE source_id = ? AND resource_uri = ?")) {
                st.setString(1, sourceId);
                st.setString(2, resourceUri);
                return st.executeUpdate() > 0;
            }
        });
    }
}
