package org.lexsync.engine.apply;

import java.nio.file.Path;
import org.lexsync.engine.store.StoreConfig;

/** The fence at work on SQLite. */
class SqliteApplierFenceTest extends ApplierFenceContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
