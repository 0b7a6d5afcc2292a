package org.lexsync.engine.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Changes that failed and wait for a retry (DESIGN §4.1). A later successful commit of the same resource
 * clears its row. Obtain through {@link Store#failures()}.
 */
public final class ItemFailures {
    private final Db db;

    ItemFailures(Db db) {
        this.db = db;
    }

    /** Records one more failure of a resource's change (tries count up) and when to try again. */
    public void record(String sourceId, String resourceUri, String url, String reason, String message, Long runId,
                       Instant nextTry) {
        db.write("record failure of " + resourceUri, c -> {
            String now = Db.now();
            try (PreparedStatement st = c.prepareStatement("INSERT INTO item_failures (source_id, resource_uri, url,"
                    + " reason, message, tries, first_failed, last_failed, next_try, run_id)"
                    + " VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (source_id, resource_uri) DO UPDATE SET"
                    + " url = excluded.url, reason = excluded.reason, message = excluded.message,"
                    + " tries = item_failures.tries + 1, last_failed = excluded.last_failed,"
                    + " next_try = excluded.next_try, run_id = excluded.run_id")) {
                st.setString(1, sourceId);
                st.setString(2, resourceUri);
                st.setString(3, url);
                st.setString(4, reason);
                st.setString(5, message);
                st.setString(6, now);
                st.setString(7, now);
                st.setString(8, nextTry == null ? null : nextTry.toString());
                BatchWriter.setLong(st, 9, runId);
                st.executeUpdate();
            }
            return null;
        });
    }

    private static final String COLUMNS = "SELECT source_id, resource_uri, url, reason, message, tries,"
            + " first_failed, last_failed, next_try, run_id FROM item_failures";

    /** The open failures of a source (all sources when null), oldest first. */
    public List<ItemFailure> list(String sourceId) {
        return db.read("list failures", c -> {
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
        });
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
                Resources.instant(rs.getString(8)), Resources.instant(rs.getString(9)), runId);
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
