package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.lexsync.engine.model.StoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failed statement batch becomes a store error of one short line naming the database's error, not pgjdbc's "Batch
 * entry N <the whole SQL with its parameters> was aborted" nor the server's detail quoting the values: its message
 * reaches logs, the command line's errors and HTTP problem responses. On SQLite the driver's message was already one
 * short line; the test keeps it so.
 */
class StoreErrorMessageTest {
    /** A parameter value that must not show in the message: long, like a document's content. */
    private static final String VALUE = "parameter-value-" + "x".repeat(4000);

    @TempDir
    Path dir;

    @Test
    void aPostgresBatchViolatingAKeyNamesTheServerErrorInOneShortLine() {
        try (PostgresDatabase database = PostgresDatabase.create();
             Store store = Store.open(StoreConfig.of(dir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER,
                     null))) {
            createProbe(store);

            assertThatThrownBy(() -> insertTwice(store))
                    .isInstanceOf(StoreException.class)
                    .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getMessage())
                            .startsWith("insert the probe rows: duplicate key value violates unique constraint")
                            .contains("SQLState 23505", "table public.error_probe", "constraint error_probe_pkey")
                            .doesNotContain("parameter-value", "INSERT", "\n")
                            .hasSizeLessThan(400))
                    .hasRootCauseInstanceOf(java.sql.SQLException.class);
        }
    }

    @Test
    void aSqliteBatchViolatingAKeyNamesTheDriverErrorInOneShortLine() {
        try (Store store = Store.open(StoreConfig.of(dir))) {
            createProbe(store);

            assertThatThrownBy(() -> insertTwice(store))
                    .isInstanceOf(StoreException.class)
                    .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getMessage())
                            .startsWith("insert the probe rows: ")
                            .contains("UNIQUE constraint failed: error_probe.id")
                            .doesNotContain("parameter-value", "INSERT", "\n")
                            .hasSizeLessThan(400));
        }
    }

    private static void createProbe(Store store) {
        store.db().write("create the probe table", c -> {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE error_probe (id TEXT NOT NULL PRIMARY KEY, body TEXT NOT NULL)");
            }
            return null;
        });
    }

    private static void insertTwice(Store store) {
        store.db().write("insert the probe rows", c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO error_probe (id, body) VALUES (?, ?)")) {
                for (int i = 0; i < 2; i++) {
                    ps.setString(1, "same-key");
                    ps.setString(2, VALUE);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }
}
