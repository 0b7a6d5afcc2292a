package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PostgreSQL sessions of a store ask the server to probe them when idle, so that a node cut off from the network
 * while it holds row locks (a host's politeness row, a lease) frees them in about a minute (issue 32), and plan every
 * execution for its parameters, so that a plan made while a table was nearly empty is not kept (issue 31).
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
    void everyExecutionIsPlannedForItsParameters() {
        try (PostgresDatabase database = PostgresDatabase.create();
             Store store = Store.open(StoreConfig.of(temp).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                     null))) {
            String mode = store.db().read("read the plan cache mode", c -> {
                try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW plan_cache_mode")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertThat(mode).isEqualTo("force_custom_plan");
        }
    }
}
