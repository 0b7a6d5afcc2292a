package org.lexsync.engine.store;

import java.nio.file.Path;

/** Source leases on SQLite. */
class SqliteSourceLeasesTest extends SourceLeasesContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
