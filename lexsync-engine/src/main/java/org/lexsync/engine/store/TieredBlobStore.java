package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The store's blob view: blobs up to a size threshold live in the database, larger ones as files or in an object
 * store; reads look in both. One content-addressed interface whatever the tier.
 */
final class TieredBlobStore implements BlobStore {
    private final DatabaseBlobStore small;
    private final BlobStore files;
    private final int threshold;

    TieredBlobStore(DatabaseBlobStore small, BlobStore files, int threshold) {
        this.small = small;
        this.files = files;
        this.threshold = threshold;
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey) throws IOException {
        return Files.size(file) <= threshold ? small.put(file, knownKey) : files.put(file, knownKey);
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey, String knownMd5Hex) throws IOException {
        return Files.size(file) <= threshold ? small.put(file, knownKey) : files.put(file, knownKey, knownMd5Hex);
    }

    @Override
    public BlobKey put(byte[] bytes) throws IOException {
        return bytes.length <= threshold ? small.put(bytes) : files.put(bytes);
    }

    @Override
    public InputStream open(BlobKey key) throws IOException {
        byte[] bytes = threshold > 0 ? small.read(key) : null;
        return bytes != null ? new java.io.ByteArrayInputStream(bytes) : files.open(key);
    }

    @Override
    public InputStream openWithoutCaching(BlobKey key) throws IOException {
        byte[] bytes = threshold > 0 ? small.read(key) : null;
        return bytes != null ? new java.io.ByteArrayInputStream(bytes) : files.openWithoutCaching(key);
    }

    @Override
    public long length(BlobKey key) throws IOException {
        byte[] bytes = threshold > 0 ? small.read(key) : null;
        return bytes != null ? bytes.length : files.length(key);
    }

    @Override
    public InputStream openRange(BlobKey key, long first, long last) throws IOException {
        return threshold > 0 && small.exists(key) ? null : files.openRange(key, first, last);
    }

    @Override
    public boolean exists(BlobKey key) throws IOException {
        return files.exists(key) || threshold > 0 && small.exists(key);
    }

    /** The large tier's file (a small blob lives in the database, so it has none). */
    @Override
    public java.nio.channels.FileChannel openLocal(BlobKey key) throws IOException {
        return files.openLocal(key);
    }

    @Override
    public boolean delete(BlobKey key) throws IOException {
        boolean a = small.delete(key);
        boolean b = files.delete(key);
        return a || b;
    }

    @Override
    public void forEach(Consumer<BlobInfo> visitor) throws IOException {
        small.forEach(visitor);
        files.forEach(visitor);
    }
}
