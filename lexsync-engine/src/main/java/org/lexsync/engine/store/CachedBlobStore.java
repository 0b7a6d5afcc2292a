package org.lexsync.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.lexsync.engine.model.BlobKey;

/**
 * The object store seen through the node's disk cache of blobs ({@link BlobCache}; docs/architecture.md, "Where blobs
 * live"): every read of a blob (serving, export, {@code get}, check) is answered from a local file once the blob was
 * read, so that a document kept in the object store costs a local file read, not a signed GET and a SHA-256 pass.
 * The first read of a blob downloads it whole into the cache (checked against its key on the way) and then reads
 * the file; concurrent first reads of one blob in this process download it once. A blob too large for the cache, or
 * a cache that cannot be written, streams from the object store as without a cache. Writes, existence checks and
 * listings go to the object store alone, which stays the only authority on what exists (a blob in the cache is not
 * proof that the bucket still holds it); deletes also drop the cached file. Safe for concurrent use.
 */
final class CachedBlobStore implements BlobStore {
    private final S3BlobStore objects;
    private final BlobCache cache;
    private final ConcurrentHashMap<String, CompletableFuture<Void>> filling = new ConcurrentHashMap<>();

    CachedBlobStore(S3BlobStore objects, BlobCache cache) {
        this.objects = objects;
        this.cache = cache;
    }

    BlobCache cache() {
        return cache;
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey) throws IOException {
        return objects.put(file, knownKey);
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey, String knownMd5Hex) throws IOException {
        return objects.put(file, knownKey, knownMd5Hex);
    }

    @Override
    public BlobKey put(byte[] bytes) throws IOException {
        return objects.put(bytes);
    }

    @Override
    public InputStream open(BlobKey key) throws IOException {
        FileChannel kept = cache.open(key);
        if (kept != null) {
            return Channels.newInputStream(kept);
        }
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> running = filling.putIfAbsent(key.sha256(), mine);
        if (running != null) {
            running.join();   // never completed exceptionally: its failure is its own reader's to report
            kept = cache.open(key);
            return kept != null ? Channels.newInputStream(kept) : objects.open(key);
        }
        try {
            VerifiedBlobStream in = objects.openVerified(key);
            if (in.length() < 0 || in.length() > cache.largestEntry()) {
                return in;
            }
            if (!cache.fill(key, in, in.length())) {
                return objects.open(key);
            }
            kept = cache.open(key);
            return kept != null ? Channels.newInputStream(kept) : objects.open(key);
        } finally {
            filling.remove(key.sha256(), mine);
            mine.complete(null);
        }
    }

    @Override
    public long length(BlobKey key) throws IOException {
        try (FileChannel kept = cache.open(key)) {
            return kept != null ? kept.size() : objects.length(key);
        }
    }

    /** From the cached file when there is one, else a ranged GET; neither fills the cache. */
    @Override
    public InputStream openRange(BlobKey key, long first, long last) throws IOException {
        FileChannel kept = cache.open(key);
        return kept != null ? Channels.newInputStream(kept.position(first)) : objects.openRange(key, first, last);
    }

    /** From the cache when the blob is there (it stays as recently read as it was); else straight from the bucket. */
    @Override
    public InputStream openWithoutCaching(BlobKey key) throws IOException {
        FileChannel kept = cache.open(key);
        return kept != null ? Channels.newInputStream(kept) : objects.open(key);
    }

    /** The blob's file when it is in the cache already (checked as {@link BlobCache#open} checks it); no download. */
    @Override
    public FileChannel openLocal(BlobKey key) {
        return cache.open(key);
    }

    @Override
    public boolean exists(BlobKey key) {
        return objects.exists(key);
    }

    @Override
    public boolean delete(BlobKey key) {
        cache.drop(key);
        return objects.delete(key);
    }

    @Override
    public List<BlobKey> deleteAll(List<BlobKey> keys) {
        try {
            return objects.deleteAll(keys);
        } finally {
            // every key asked for, gone or not: dropping a kept blob costs one more download at most
            keys.forEach(cache::drop);
        }
    }

    @Override
    public void forEach(Consumer<BlobInfo> visitor) {
        objects.forEach(visitor);
    }
}
