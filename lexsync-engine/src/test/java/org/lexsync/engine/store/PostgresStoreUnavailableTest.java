package org.lexsync.engine.store;

import org.lexsync.engine.model.StoreUnavailableException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 13.4 on PostgreSQL: a database that refuses writes (read-only transactions) is named read-only. */
class PostgresStoreUnavailableTest {
    @TempDir
    Path dir;

    @Test
    void aReadOnlyDatabaseIsNamedAsSuch() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create()) {
            StoreConfig config = StoreConfig.of(dir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null);
            try (Store store = Store.open(config)) {
                store.commit(new CommitBatch("s1", null, List.of(StoreContract.write("http://x/a", "2024-01-01T00:00:00Z", "a")),
                        List.of(), "1"));
            }
            String name = database.jdbcUrl().substring(database.jdbcUrl().lastIndexOf('/') + 1);
            try (Connection c = DriverManager.getConnection(PostgresDatabase.HOST_URL + "postgres", PostgresDatabase.USER, null);
                 Statement s = c.createStatement()) {
                s.execute("ALTER DATABASE " + name + " SET default_transaction_read_only = on");
            }

            try (Store store = Store.openExisting(config)) {
                assertThat(store.resources().count(null, true)).isEqualTo(1);
                assertThatThrownBy(() -> store.commit(new CommitBatch("s1", null,
                        List.of(StoreContract.write("http://x/b", "2024-01-01T00:00:00Z", "b")), List.of(), "2")))
                        .isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
                            assertThat(e.kind()).isEqualTo(StoreUnavailableException.Kind.READ_ONLY);
                            assertThat(e.reason()).isEqualTo("store database " + database.jdbcUrl() + " is read-only");
                        });
            }
            try (Connection c = DriverManager.getConnection(PostgresDatabase.HOST_URL + "postgres", PostgresDatabase.USER, null);
                 Statement s = c.createStatement()) {
                s.execute("ALTER DATABASE " + name + " SET default_transaction_read_only = off");
            }
        }
    }
}
