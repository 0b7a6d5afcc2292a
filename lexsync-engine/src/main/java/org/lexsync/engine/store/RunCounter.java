package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;

/**
 * Adds a committing transaction's outcomes to the counts of the runs its batches belong to ({@link BatchWriter}):
 * one statement for all of them on PostgreSQL, where a transaction of {@link CommitCombiner} holds the batches of
 * several crawlers' or sources' runs; one statement per run on SQLite, whose statements cost no round trip.
 */
final class RunCounter {
    private static final String ONE = "UPDATE runs SET created = created + ?, updated = updated + ?,"
            + " deleted = deleted + ?, unchanged = unchanged + ? WHERE id = ?";
    private static final String MANY = "UPDATE runs r SET created = r.created + v.c, updated = r.updated + v.u,"
            + " deleted = r.deleted + v.d, unchanged = r.unchanged + v.n"
            + " FROM unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[]) AS v(id, c, u, d, n)"
            + " WHERE r.id = v.id";

    private RunCounter() {
    }

    /** Adds {@code counts} (per run id: created, updated, deleted, unchanged) to the runs' rows. */
    static void add(Connection c, Map<Long, long[]> counts, boolean sqlite) throws SQLException {
        if (counts.isEmpty()) {
            return;
        }
        if (sqlite || counts.size() == 1) {
            try (PreparedStatement s = c.prepareStatement(ONE)) {
                for (Map.Entry<Long, long[]> e : counts.entrySet()) {
                    for (int i = 0; i < 4; i++) {
                        s.setLong(i + 1, e.getValue()[i]);
                    }
                    s.setLong(5, e.getKey());
                    s.addBatch();
                }
                s.executeBatch();
            }
            return;
        }
        Object[][] columns = new Object[5][counts.size()];
        int row = 0;
        for (Map.Entry<Long, long[]> e : counts.entrySet()) {
            columns[0][row] = e.getKey();
            for (int i = 0; i < 4; i++) {
                columns[i + 1][row] = e.getValue()[i];
            }
            row++;
        }
        try (PreparedStatement s = c.prepareStatement(MANY)) {
            for (int i = 0; i < columns.length; i++) {
                s.setArray(i + 1, c.createArrayOf("bigint", columns[i]));
            }
            s.executeUpdate();
        }
    }
}
