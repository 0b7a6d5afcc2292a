package org.lexsync.engine.store;

import java.nio.file.Path;

/** The store suite on the embedded default: SQLite in the data directory. */
class SqliteStoreTest extends StoreContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
