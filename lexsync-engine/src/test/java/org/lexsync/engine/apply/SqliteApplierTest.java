package org.lexsync.engine.apply;

import java.nio.file.Path;
import org.lexsync.engine.store.StoreConfig;

/** The applier suite on SQLite. */
class SqliteApplierTest extends ApplierContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
