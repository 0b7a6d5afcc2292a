package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Content-addressed storage of file bytes, keyed by SHA-256 and shared by identical content. A put is
 * durable when it returns (docs/architecture.md, invariant 2: blob first, then the transaction that references it). The
 * filesystem implementation is {@link FileBlobStore}; {@link S3BlobStore} keeps blobs in an S3-compatible object store.
 * A store that cannot be reached fails with {@link org.lexsync.engine.model.StoreUnavailableException} (exit 4).
 */
public interface BlobStore {

    /**
     * Stores the bytes of {@code file} and returns their key. The file is consumed (moved or deleted).
     * {@code knownKey} is the SHA-256 the caller already computed over exactly these bytes (the fetcher
     * hashes while it downloads); null makes the store hash the file itself.
     */
    BlobKey put(Path file, BlobKey knownKey) throws IOException;

    /**
     * As {@link #put(Path, BlobKey)}, with the MD5 the caller also computed over these bytes (hex; null: unknown), so
     * that a store which sends a Content-MD5 ({@link S3BlobStore}) need not read the file once more to hash it.
     */
    default BlobKey put(Path file, BlobKey knownKey, String knownMd5Hex) throws IOException {
        return put(file, knownKey);
    }

    default BlobKey put(Path file) throws IOException {
        return put(file, null);
    }

    /** Stores bytes held in memory (small blobs). */
    BlobKey put(byte[] bytes) throws IOException;

    /** Opens the blob for reading; {@link NoSuchBlobException} when absent. */
    InputStream open(BlobKey key) throws IOException;

    /**
     * Opens the blob for one pass over many (a static export, a dump package, a migration's read-back, a group sent
     * on): as {@link #open}, but a store with a node-local cache ({@link CachedBlobStore}) answers from it when it
     * holds the blob and otherwise streams without filling it, so that a bulk read does not push out what the server
     * reads often.
     */
    default InputStream openWithoutCaching(BlobKey key) throws IOException {
        return open(key);
    }

    boolean exists(BlobKey key) throws IOException;

    /**
     * The blob's length in bytes when the store knows it without reading the bytes (a file's size, an object's
     * metadata); -1 otherwise. {@link NoSuchBlobException} when absent.
     */
    default long length(BlobKey key) throws IOException {
        return -1;
    }

    /**
     * The blob's bytes from position {@code first} on, reading nothing before it, when the store can (a file, an
     * object store's ranged GET up to {@code last}, inclusive); null: read it from its start with {@link #open}. The
     * caller reads at most {@code last - first + 1} bytes and closes the stream. A range cannot be checked against the
     * blob's SHA-256; its length is checked. For a HEAD or a range of a large blob that is not a local file.
     */
    default @Nullable InputStream openRange(BlobKey key, long first, long last) throws IOException {
        return null;
    }

    /**
     * The blob as a file on this node's disk, open for reading at its start, when the store has it so without any
     * further work ({@link FileBlobStore}; an object-store blob already in the node's disk cache); null otherwise, read
     * it with {@link #open}. A server answers such a file by reading it straight into the response. The caller closes
     * it.
     */
    default @Nullable FileChannel openLocal(BlobKey key) throws IOException {
        return null;
    }

    /** Removes the blob; false when it was not there. */
    boolean delete(BlobKey key) throws IOException;

    /**
     * Removes the blobs of {@code keys} (the garbage collector's pages, at most 1,000 keys) and returns those that are
     * gone now; one call per key unless the store can do better ({@link S3BlobStore}: one {@code DeleteObjects}).
     */
    default List<BlobKey> deleteAll(List<BlobKey> keys) throws IOException {
        List<BlobKey> gone = new ArrayList<>(keys.size());
        for (BlobKey key : keys) {
            if (delete(key)) {
                gone.add(key);
            }
        }
        return gone;
    }

    /** Calls {@code visitor} for every stored blob (streaming, in no particular order). */
    void forEach(Consumer<BlobInfo> visitor) throws IOException;
}
