package org.lexsync.engine.ingest;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.store.PostgresDatabase;

/** The ingestion suite on a fresh PostgreSQL database per test (skipped without a server unless CI is set). */
class PostgresIngestionTest extends IngestionContract {
    private PostgresDatabase db;

    @Override
    LexSync open(Path dataDir) {
        db = PostgresDatabase.create();
        return LexSync.builder(dataDir).jdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null).build();
    }

    @AfterEach
    void dropDatabase() throws Exception {
        lexsync.close();
        db.close();
    }
}
