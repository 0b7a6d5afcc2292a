package org.lexsync.engine.store;

import java.nio.file.Path;

/** Source pauses on SQLite. */
class SqliteSourcePausesTest extends SourcePausesContract {
    @Override
    StoreConfig config(Path dataDir) {
        return StoreConfig.of(dataDir);
    }
}
