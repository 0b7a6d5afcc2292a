package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.StoreSchemaException;

/**
 * Issue 32 (rolling upgrade): a node refuses a store that a newer LexSync migrated. The newer version is played by a
 * real row in Flyway's history for a migration this build does not have.
 */
class NewerSchemaRefusalTest {
    private static final String FUTURE_ROW = "INSERT INTO flyway_schema_history (installed_rank, version, description,"
            + " type, script, checksum, installed_by, installed_on, execution_time, success) VALUES (999, '999',"
            + " 'from a newer lexsync', 'SQL', 'V999__from_a_newer_lexsync.sql', 0, 'test', CURRENT_TIMESTAMP, 1, %s)";
    @TempDir
    Path dir;

    @Test
    void aSqliteStoreMigratedByANewerVersionIsRefusedNamingBothVersions() throws SQLException {
        StoreConfig config = StoreConfig.of(dir.resolve("data"));
        Store.open(config).close();
        try (Connection c = DriverManager.getConnection(config.effectiveJdbcUrl()); Statement s = c.createStatement()) {
            s.executeUpdate(FUTURE_ROW.formatted("1"));
        }
        assertThatThrownBy(() -> Store.open(config)).isInstanceOf(StoreSchemaException.class)
                .hasMessageContaining("schema version 999 (from a newer lexsync)")
                .hasMessageMatching("(?s).*newer than \\d+, the newest this LexSync knows.*")
                .satisfies(e -> assertThat(((StoreSchemaException) e).knownVersion()).isNotBlank());
        assertThatThrownBy(() -> Store.openExisting(config)).isInstanceOf(StoreSchemaException.class);
    }

    @Test
    void aPostgresStoreMigratedByANewerVersionIsRefused() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create()) {
            StoreConfig config = StoreConfig.of(dir.resolve("pg"))
                    .withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null);
            Store.open(config).close();
            try (Connection c = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, null);
                 Statement s = c.createStatement()) {
                s.executeUpdate(FUTURE_ROW.formatted("true"));
            }
            assertThatThrownBy(() -> Store.open(config)).isInstanceOf(StoreSchemaException.class)
                    .hasMessageContaining(database.jdbcUrl()).hasMessageContaining("999");
        }
    }

    @Test
    void aStoreOfThisVersionOpens() {
        StoreConfig config = StoreConfig.of(dir.resolve("same"));
        Store.open(config).close();
        Store.open(config).close();
    }
}
