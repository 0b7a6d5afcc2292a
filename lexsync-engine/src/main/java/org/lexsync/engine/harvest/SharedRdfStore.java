package org.lexsync.engine.harvest;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;
import org.lexsync.engine.rdf.RdfStore;

/**
 * The one RDF store of a data directory for a process (TDB2 allows one per directory and process), opened the
 * first time a harvest needs it — a data directory that only ever holds ResourceSync or Atom sources gets no
 * {@code rdf} directory — and closed by its owner (the command line, the facade) after the last harvest.
 */
public final class SharedRdfStore implements Supplier<RdfStore>, AutoCloseable {
    private final Path dataDir;
    private RdfStore opened;
    private boolean closed;

    public SharedRdfStore(Path dataDir) {
        this.dataDir = Objects.requireNonNull(dataDir, "dataDir");
    }

    /** The store, opened on the first call. */
    @Override
    public synchronized RdfStore get() {
        if (closed) {
            throw new IllegalStateException("the RDF store of " + dataDir + " is closed");
        }
        if (opened == null) {
            opened = RdfStore.open(dataDir);
        }
        return opened;
    }

    /** True when a harvest opened the store. */
    public synchronized boolean isOpen() {
        return opened != null && !closed;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (opened != null) {
            opened.close();
            opened = null;
        }
    }
}
