package org.lexsync.engine.store;

import java.nio.file.Path;

/** The fence on SQLite. */
class SqliteLeaseFenceTest extends LeaseFenceContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
