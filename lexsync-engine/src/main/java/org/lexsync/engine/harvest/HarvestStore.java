package org.lexsync.engine.harvest;

import org.lexsync.engine.store.LeaseFence;
import org.jspecify.annotations.Nullable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.Store;

/**
 * The narrow view of the store a protocol package reads through (docs/architecture.md, "The flow of a change":
 * planners never write changes), so that {@code resourcesync}, {@code atom} and {@code eli} do not depend on the
 * store's implementation: a source's checkpoint and record, its held resources and item failures, the fetch cache
 * for conditional GETs of source documents, the temp directory for downloads, and stored blobs. Changes themselves
 * reach the store only through the applier. {@link #over(Store)} gives the implementation over a {@link Store}.
 */
public interface HarvestStore {

    /** The port over {@code store}. */
    static HarvestStore over(Store store) {
        return new StoreBackedHarvestStore(store);
    }

    /** The source's stored checkpoint (protocol-specific text), if it has one. */
    Optional<String> checkpoint(String sourceId);

    /** Stores the source's checkpoint after a run whose changes are all committed (or retried on their own). */
    void setCheckpoint(String sourceId, String value);

    /**
     * As {@link #setCheckpoint(String, String)} for the holder of {@code fence} (null: not fenced): refused with a
     * {@link org.lexsync.engine.model.FencedException}, writing nothing, when the source's lease moved on.
     */
    default void setCheckpoint(String sourceId, String value, @Nullable LeaseFence fence) {
        setCheckpoint(sourceId, value);
    }

    /** The source's record, if the store has one. */
    Optional<SourceRecord> source(String sourceId);

    /** Stores (replaces) a source's record, e.g. a contact the source's documents name. */
    void putSource(SourceRecord source);

    /** The stored states of those {@code uris} the source holds (deleted ones included), by URI. */
    Map<String, ResourceState> resources(String sourceId, Collection<String> uris);

    /** Every resource of the source, in URI order; deleted ones only with {@code includeDeleted}. */
    void forEachResource(String sourceId, boolean includeDeleted, Consumer<ResourceState> visitor);

    /** The URI of every active resource of the source. */
    void forEachActiveUri(String sourceId, Consumer<String> visitor);

    /** How many resources the source holds; deleted ones only with {@code includeDeleted}. */
    long resourceCount(String sourceId, boolean includeDeleted);

    /** The item failure recorded for a resource of the source, if any. */
    Optional<ItemFailure> failure(String sourceId, String resourceUri);

    /** The source's item failures. */
    List<ItemFailure> failures(String sourceId);

    /** What was last seen under a fetch-cache key (usually a document's URL), if anything. */
    Optional<CachedDocument> cached(String key);

    /** Remembers a source document's validators and digest under its key. */
    void cache(CachedDocument document);

    /** Where downloads and unpacked bitstreams are written before they are stored or deleted. */
    Path tempDirectory();

    /** The data directory (the RDF store lives in it). */
    Path dataDirectory();

    /** Opens a stored blob; the caller closes it. */
    InputStream openBlob(BlobKey key) throws IOException;
}
