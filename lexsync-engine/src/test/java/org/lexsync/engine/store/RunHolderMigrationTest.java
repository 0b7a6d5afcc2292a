package org.lexsync.engine.store;

import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13.3, migration V3: runs that an earlier version left {@code running} for ever (with counts of 0) are
 * marked interrupted with the counts of the journal rows they committed when the store is opened.
 */
class RunHolderMigrationTest {
    @TempDir
    Path dir;

    @Test
    void runsLeftRunningByAnEarlierVersionBecomeInterruptedWithTheirJournalCounts() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        StoreConfig config = StoreConfig.of(data);
        String url = config.effectiveJdbcUrl();
        Flyway.configure(Db.class.getClassLoader()).dataSource(url, null, null).locations("classpath:db/migration")
                .target("1").load().migrate();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO runs (id, source_id, started_at, status) VALUES (1, 's1', '2024-01-01T00:00:00Z', 'running')");
            s.executeUpdate("INSERT INTO runs (id, source_id, started_at, ended_at, status, created) VALUES"
                    + " (2, 's1', '2024-01-02T00:00:00Z', '2024-01-02T00:01:00Z', 'succeeded', 1)");
            for (int i = 1; i <= 3; i++) {
                s.executeUpdate("INSERT INTO journal (seq, source_id, resource_uri, kind, collected_at, run_id) VALUES ("
                        + i + ", 's1', 'http://x/" + i + "', '" + (i == 3 ? "updated" : "created") + "', '2024-01-01T00:00:0"
                        + i + "Z', 1)");
            }
            s.executeUpdate("INSERT INTO journal (seq, source_id, resource_uri, kind, collected_at, run_id) VALUES"
                    + " (4, 's1', 'http://x/4', 'created', '2024-01-02T00:00:30Z', 2)");
        }

        try (Store store = Store.open(config)) {
            RunRecord killed = store.runs().get(1).orElseThrow();
            assertThat(killed.status()).isEqualTo(RunStatus.INTERRUPTED);
            assertThat(killed.counts()).isEqualTo(new RunCounts(2, 1, 0, 0, 0));
            RunRecord finished = store.runs().get(2).orElseThrow();
            assertThat(finished.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(finished.counts()).isEqualTo(new RunCounts(1, 0, 0, 0, 0));
        }
    }
}
