package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Schema version 30: the host politeness functions on PostgreSQL, the version alone on SQLite. */
class HostPolitenessFunctionsTest {
    @TempDir
    Path temp;

    @Test
    void aPostgresStoreHasTheFunctionsAtVersion30() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create();
             Store store = Store.open(StoreConfig.of(temp.resolve("pg"))
                     .withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null))) {
            assertThat(newestVersion(store)).isEqualTo("30");
            assertThat(count(store, "SELECT count(*) FROM pg_proc WHERE proname IN ('" + HostPolitenessFunctions.RESERVE
                    + "', '" + HostPolitenessFunctions.RELEASE + "')")).isEqualTo(2);
        }
    }

    @Test
    void aSqliteStoreRecordsVersion30WithoutFunctions() throws Exception {
        try (Store store = Store.open(StoreConfig.of(temp.resolve("sqlite")))) {
            assertThat(newestVersion(store)).isEqualTo("30");
        }
        try (Store again = Store.open(StoreConfig.of(temp.resolve("sqlite")))) {
            assertThat(newestVersion(again)).as("opens again: the recorded checksum matches").isEqualTo("30");
        }
    }

    private static String newestVersion(Store store) {
        return store.db().read("read the schema version", c -> {
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT version FROM flyway_schema_history WHERE success"
                         + " ORDER BY installed_rank DESC")) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }

    private static long count(Store store, String sql) {
        return store.db().read("count", (Connection c) -> {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }
}
