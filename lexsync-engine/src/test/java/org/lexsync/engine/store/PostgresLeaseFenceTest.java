package org.lexsync.engine.store;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;

/** The fence on a fresh PostgreSQL database per test (skipped without a server unless CI is set). */
class PostgresLeaseFenceTest extends LeaseFenceContract {
    private PostgresDatabase database;

    @Override
    StoreConfig config(Path dataDir) {
        if (database == null) {
            database = PostgresDatabase.create();
        }
        return StoreConfig.of(dataDir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null);
    }

    @AfterEach
    void dropDatabase() throws Exception {
        if (store != null) {
            store.close();
            store = null;
        }
        if (database != null) {
            database.close();
        }
    }
}
