package org.lexsync.engine.harvest;

import org.lexsync.engine.model.HarvestListener;
import java.util.Objects;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.store.Store;

/**
 * The shared machinery a harvester works with: the store (checkpoints, state, runs), the polite fetcher
 * (for source documents as well as resources), the applier (the only path to the store for changes), and a
 * listener for progress. The caller owns and closes them.
 */
public record HarvestContext(Store store, Fetcher fetcher, Applier applier, HarvestListener listener) {

    public HarvestContext {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(fetcher, "fetcher");
        Objects.requireNonNull(applier, "applier");
        listener = listener == null ? HarvestListener.NONE : listener;
    }
}
