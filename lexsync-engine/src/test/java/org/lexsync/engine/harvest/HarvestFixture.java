package org.lexsync.engine.harvest;

import java.nio.file.Path;
import java.time.Duration;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/** A store, a fast fetcher and an applier in a temporary directory, for the harvest package's own tests. */
final class HarvestFixture implements AutoCloseable {
    final Store store;
    final Fetcher fetcher;
    final Applier applier;

    HarvestFixture(Path dir) {
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true).tries(1)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
        applier = Applier.builder(fetcher, store).build();
    }

    HarvestContext context(HarvestListener listener) {
        return new HarvestContext(store, fetcher, applier, listener);
    }

    @Override
    public void close() {
        fetcher.close();
        store.close();
    }
}
