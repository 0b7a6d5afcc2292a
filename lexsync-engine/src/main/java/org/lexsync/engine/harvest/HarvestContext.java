package org.lexsync.engine.harvest;

import org.jspecify.annotations.Nullable;
import java.util.Objects;
import java.util.function.Supplier;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.Store;

/**
 * The shared machinery a harvester works with: the store as protocol code may see it ({@link HarvestStore}:
 * checkpoints, held state, the fetch cache), the polite fetcher (for source documents as well as resources), the
 * applier (the only path to the store for changes), a listener for progress, and the data directory's RDF store
 * (one per data directory and process, owned by the caller: see {@link SharedRdfStore}). The caller owns and
 * closes them all.
 */
public final class HarvestContext {
    private final Store backing;
    private final HarvestStore store;
    private final Fetcher fetcher;
    private final Applier applier;
    private final HarvestListener listener;
    private final Supplier<RdfStore> rdf;

    /**
     * A context whose RDF store, when a harvester needs one, comes from {@code rdf} (opened on first use by a
     * {@link SharedRdfStore}, say); with {@code rdf} null a harvester that needs one opens the data directory's
     * own for the one harvest and closes it.
     */
    public HarvestContext(Store store, Fetcher fetcher, Applier applier, @Nullable HarvestListener listener,
                          @Nullable Supplier<RdfStore> rdf) {
        this.backing = Objects.requireNonNull(store, "store");
        this.store = HarvestStore.over(store);
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
        this.applier = Objects.requireNonNull(applier, "applier");
        this.listener = listener == null ? HarvestListener.NONE : listener;
        this.rdf = rdf;
    }

    /** A context without an RDF store of its own (see {@link #rdf()}). */
    public HarvestContext(Store store, Fetcher fetcher, Applier applier, @Nullable HarvestListener listener) {
        this(store, fetcher, applier, listener, null);
    }

    /** The store as protocol code reads it. */
    public HarvestStore store() {
        return store;
    }

    public Fetcher fetcher() {
        return fetcher;
    }

    public Applier applier() {
        return applier;
    }

    public HarvestListener listener() {
        return listener;
    }

    /**
     * The RDF store for one harvest: the caller's, or — when the context was built without one — the data
     * directory's own, opened now and closed with the returned lease.
     */
    public RdfLease rdf() {
        if (rdf != null) {
            return new RdfLease(Objects.requireNonNull(rdf.get(), "the RDF store supplier gave null"), false);
        }
        return new RdfLease(RdfStore.open(store.dataDirectory()), true);
    }

    /** The run records are written by {@link HarvestRun} alone. */
    Store runStore() {
        return backing;
    }

    /** An RDF store lent to one harvest; closing it closes the store only when the lease opened it. */
    public record RdfLease(RdfStore store, boolean owned) implements AutoCloseable {

        @Override
        public void close() {
            if (owned) {
                store.close();
            }
        }
    }
}
