package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PostgreSQL sessions of a store ask the server to probe them when idle, so that a node cut off from the network
 * while it holds row locks (a host's politeness row, a lease) frees them in about a minute (issue 32), and keep
 * PostgreSQL's generic plans while the tables' statistics follow their growth, so that a plan made while a table was
 * nearly empty is not kept (issue 31).
 */
class PostgresSessionSettingsTest {
    @TempDir
    Path temp;

    @Test
    void theServerProbesAnIdleConnectionAfterThirtySeconds() {
        try (PostgresDatabase database = PostgresDatabase.create();
             Store store = Store.open(StoreConfig.of(temp).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                     null))) {
            String idle = store.db().read("read the keepalive", c -> {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW tcp_keepalives_idle")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertThat(idle).isIn("30", "30s"); // the unit is printed by some server versions only
        }
    }

    @Test
    void aTableGrownTwiceOverItsStatisticsIsAnalyzed() {
        try (PostgresDatabase database = PostgresDatabase.create();
             Store store = Store.open(StoreConfig.of(temp).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                     null))) {
            store.db().write("fill a probe table", c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("CREATE TABLE stats_probe (id integer PRIMARY KEY)");
                    st.execute("INSERT INTO stats_probe SELECT g FROM generate_series(1, 1000) g");
                    st.execute("SELECT pg_stat_force_next_flush()"); // the live rows counted at this commit's end
                }
                return null;
            });
            assertThat(probeTuples(store)).isLessThan(0); // never analyzed
            for (int i = 0; i < 2 * TableStatistics.EVERY; i++) {
                store.db().write("a commit", c -> null);
            }
            assertThat(probeTuples(store)).isEqualTo(1000);
        }
    }

    private static float probeTuples(Store store) {
        return store.db().read("read the probe's statistics", c -> {
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT reltuples FROM pg_class WHERE relname = 'stats_probe'")) {
                rs.next();
                return rs.getFloat(1);
            }
        });
    }

    @Test
    void genericPlansAreKept() {
        try (PostgresDatabase database = PostgresDatabase.create();
             Store store = Store.open(StoreConfig.of(temp).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                     null))) {
            String mode = store.db().read("read the plan cache mode", c -> {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW plan_cache_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertThat(mode).isEqualTo("auto");
        }
    }
}
