package org.lexsync.engine.apply;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.StoreConfig;

/** The applier suite on a fresh PostgreSQL database per test (skipped without a server unless CI is set). */
class PostgresApplierTest extends ApplierContract {
    private final List<PostgresDatabase> databases = new ArrayList<>();

    @Override
    StoreConfig config(Path dataDir) {
        PostgresDatabase db = PostgresDatabase.create();
        databases.add(db);
        return StoreConfig.of(dataDir).withJdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null);
    }

    @AfterEach
    void dropDatabases() throws Exception {
        store.close();
        for (PostgresDatabase db : databases) {
            db.close();
        }
    }
}
