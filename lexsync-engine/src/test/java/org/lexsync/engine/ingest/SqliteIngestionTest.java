package org.lexsync.engine.ingest;

import java.nio.file.Path;
import org.lexsync.engine.LexSync;

/** The ingestion suite on SQLite (the embedded default). */
class SqliteIngestionTest extends IngestionContract {
    @Override
    LexSync open(Path dataDir) {
        return LexSync.builder(dataDir).build();
    }
}
