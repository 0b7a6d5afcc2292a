package org.lexsync.engine.ingest;

import java.nio.file.Path;
import org.lexsync.engine.store.StoreConfig;

/** The ingestion fence on SQLite. */
class SqliteIngestionFenceTest extends IngestionFenceContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
