package org.lexsync.engine.ingest;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.StoreConfig;

/** The ingestion fence on a fresh PostgreSQL database (skipped without a server unless CI is set). */
class PostgresIngestionFenceTest extends IngestionFenceContract {
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
        lexsync.close();
        if (database != null) {
            database.close();
        }
    }
}
