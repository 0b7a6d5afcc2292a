package org.lexsync.engine.harvest;

import org.lexsync.engine.store.LeaseFence;
import org.jspecify.annotations.Nullable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.FetchCacheEntry;
import org.lexsync.engine.store.Store;

/** {@link HarvestStore} over the relational store, its fetch cache and its blobs. */
final class StoreBackedHarvestStore implements HarvestStore {
    private static final int CACHED_STATUS = 200;

    private final Store store;

    StoreBackedHarvestStore(Store store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    Store store() {
        return store;
    }

    @Override
    public Optional<String> checkpoint(String sourceId) {
        return store.sources().checkpoint(sourceId);
    }

    @Override
    public void setCheckpoint(String sourceId, String value) {
        store.sources().setCheckpoint(sourceId, value);
    }

    @Override
    public void setCheckpoint(String sourceId, String value, @Nullable LeaseFence fence) {
        store.sources().setCheckpoint(sourceId, value, fence);
    }

    @Override
    public Optional<SourceRecord> source(String sourceId) {
        return store.sources().get(sourceId);
    }

    @Override
    public void putSource(SourceRecord source) {
        store.sources().put(source);
    }

    @Override
    public Map<String, ResourceState> resources(String sourceId, Collection<String> uris) {
        return store.resources().getAll(sourceId, uris);
    }

    @Override
    public void forEachResource(String sourceId, boolean includeDeleted, Consumer<ResourceState> visitor) {
        store.resources().forEach(sourceId, includeDeleted, visitor);
    }

    @Override
    public void forEachActiveUri(String sourceId, Consumer<String> visitor) {
        store.resources().forEachActiveUri(sourceId, visitor);
    }

    @Override
    public long resourceCount(String sourceId, boolean includeDeleted) {
        return store.resources().count(sourceId, includeDeleted);
    }

    @Override
    public Optional<ItemFailure> failure(String sourceId, String resourceUri) {
        return store.failures().get(sourceId, resourceUri);
    }

    @Override
    public List<ItemFailure> failures(String sourceId) {
        return store.failures().list(sourceId);
    }

    @Override
    public Optional<CachedDocument> cached(String key) {
        return store.fetchCache().get(key)
                .map(e -> new CachedDocument(e.url(), e.etag(), e.lastModified(), e.sha256(), e.fetched()));
    }

    @Override
    public void cache(CachedDocument d) {
        store.fetchCache().put(new FetchCacheEntry(d.key(), d.etag(), d.lastModified(), CACHED_STATUS, d.sha256(),
                d.fetched()));
    }

    @Override
    public Path tempDirectory() {
        return store.fileBlobs().tempDirectory();
    }

    @Override
    public Path dataDirectory() {
        return store.config().dataDir();
    }

    @Override
    public InputStream openBlob(BlobKey key) throws IOException {
        return store.blobs().open(key);
    }
}
