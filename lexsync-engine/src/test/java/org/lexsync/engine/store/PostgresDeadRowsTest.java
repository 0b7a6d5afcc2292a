package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store on PostgreSQL vacuums its tables that are at least half dead rows (a churning table such as
 * {@code host_slots}) when autovacuum has not, as CI's server and any server with autovacuum off never does; a table
 * with a few dead rows among many live ones is left to autovacuum, and the check runs at most once an interval.
 */
class PostgresDeadRowsTest {
    @TempDir
    Path temp;

    @Test
    void aTableOfMostlyDeadRowsIsVacuumedAndABusyOneIsNot() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create(); Store store = open(database)) {
            churn(store);
            store.db().read("vacuum", c -> {
                assertThat(DeadRows.vacuumHalfDead(c)).contains("churning").doesNotContain("busy");
                assertThat(vacuums(c, "churning")).isEqualTo(1);
                assertThat(vacuums(c, "busy")).isZero();
                return null;
            });
        }
    }

    @Test
    void theCheckRunsOncePerInterval() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create(); Store store = open(database)) {
            churn(store);
            store.db().read("vacuum", c -> {
                new DeadRows(Duration.ofHours(1)).afterCommit(c);
                assertThat(vacuums(c, "churning")).as("an hour has not passed").isZero();
                DeadRows due = new DeadRows(Duration.ZERO);
                due.afterCommit(c);
                assertThat(vacuums(c, "churning")).isEqualTo(1);
                return null;
            });
        }
    }

    private Store open(PostgresDatabase database) {
        return Store.open(StoreConfig.of(temp).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null));
    }

    /** "churning": 2,000 rows inserted and deleted; "busy": 4,000 live rows, 1,500 deleted. */
    private static void churn(Store store) throws InterruptedException {
        store.db().write("churn", c -> {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE churning (id integer PRIMARY KEY)");
                st.execute("INSERT INTO churning SELECT g FROM generate_series(1, 2000) g");
                st.execute("CREATE TABLE busy (id integer PRIMARY KEY)");
                st.execute("INSERT INTO busy SELECT g FROM generate_series(1, 5500) g");
            }
            return null;
        });
        store.db().write("delete", c -> {
            try (Statement st = c.createStatement()) {
                st.execute("DELETE FROM churning");
                st.execute("DELETE FROM busy WHERE id > 4000");
                st.execute("SELECT pg_stat_force_next_flush()"); // the dead rows counted at this commit's end
            }
            return null;
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (dead(store, "churning") < 2000 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(dead(store, "churning")).isEqualTo(2000);
    }

    private static long dead(Store store, String table) {
        return store.db().read("dead rows", c -> statistic(c, "n_dead_tup", table));
    }

    private static long vacuums(Connection c, String table) throws SQLException {
        return statistic(c, "vacuum_count", table);
    }

    private static long statistic(Connection c, String column, String table) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT " + column
                + " FROM pg_stat_user_tables WHERE relname = '" + table + "'")) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }
}
