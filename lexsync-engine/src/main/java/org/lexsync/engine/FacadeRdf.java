package org.lexsync.engine;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.rdf.RdfStore;

/**
 * The facade's one RDF store, opened the first time a harvest or a query needs it. A read-only facade creates
 * nothing: it sees an empty store when the data directory holds no RDF (no ELI source), and a temporary copy when
 * the RDF directory cannot be written (TDB2 must write a lock file; {@link ReadOnlyRdf}), deleted on close. Unlike
 * {@link org.lexsync.engine.harvest.SharedRdfStore} (a writable store for the command line's harvests) it knows the
 * read-only cases. With a SPARQL endpoint configured the store is that remote dataset instead, read-only or not.
 */
final class FacadeRdf implements Supplier<RdfStore>, AutoCloseable {
    private final Path dataDir;
    private final boolean readOnly;
    private final @Nullable URI endpoint;
    private @Nullable RdfStore rdf;
    /** The temporary copy a read-only facade queries when the RDF directory cannot be written; deleted on close. */
    private @Nullable Path rdfCopy;

    FacadeRdf(Path dataDir, boolean readOnly, @Nullable URI endpoint) {
        this.dataDir = dataDir;
        this.readOnly = readOnly;
        this.endpoint = endpoint;
    }

    /** The remote SPARQL store's endpoint, null when the graphs are in the data directory's TDB2. */
    @Nullable URI endpoint() {
        return endpoint;
    }

    /** The store, opened on the first call. */
    @Override
    public synchronized RdfStore get() {
        if (rdf == null) {
            rdf = endpoint != null ? RdfStore.remote(endpoint) : readOnly ? openReadOnly() : RdfStore.open(dataDir);
        }
        return rdf;
    }

    private RdfStore openReadOnly() {
        Path rdfDir = dataDir.resolve("rdf");
        if (!Files.isDirectory(rdfDir)) {
            return RdfStore.empty();
        }
        if (Files.isWritable(rdfDir)) {
            return RdfStore.open(dataDir);
        }
        rdfCopy = ReadOnlyRdf.snapshot(rdfDir);
        return RdfStore.open(rdfCopy);
    }

    @Override
    public synchronized void close() {
        if (rdf != null) {
            rdf.close();
            rdf = null;
        }
        if (rdfCopy != null) {
            ScratchDirs.deleteTree(rdfCopy);
            rdfCopy = null;
        }
    }
}
