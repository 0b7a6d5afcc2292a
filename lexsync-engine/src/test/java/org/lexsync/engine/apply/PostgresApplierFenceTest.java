package org.lexsync.engine.apply;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.StoreConfig;

/** The fence at work on a fresh PostgreSQL database (skipped without a server unless CI is set). */
class PostgresApplierFenceTest extends ApplierFenceContract {
    private PostgresDatabase database;

    @Override
    StoreConfig config(Path dataDir) {
        database = PostgresDatabase.create();
        return StoreConfig.of(dataDir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null);
    }

    @AfterEach
    void dropDatabase() throws Exception {
        other.close();
        stale.close();
        if (database != null) {
            database.close();
        }
    }
}
