package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Optional;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.store.BlobStore;
import org.lexsync.engine.store.Journal;

/**
 * Stored bytes published by content address ({@link BlobPaths}): immutable, the ETag is the SHA-256 itself and
 * Last-Modified the collection time of the first version that named them ({@link Journal#firstCollected}; the
 * epoch only for bytes no journal row names, such as a dump's own members).
 * <p>Bytes a journal row names are not looked for in the blob store: a commit is made only after its blobs are
 * durable, and gc keeps every blob a journal row names ({@code journal_blobs}), so the row is the proof. That spares
 * an object store's HEAD per path each time the journal moves; only bytes no row names are looked up there.
 */
final class BlobDocuments implements DocumentFamily {
    static final String TYPE = "application/octet-stream";

    private final BlobStore blobs;
    private final Journal journal;

    BlobDocuments(BlobStore blobs, Journal journal) {
        this.blobs = blobs;
        this.journal = journal;
    }

    @Override
    public boolean owns(String path) {
        return path.startsWith(BlobPaths.PREFIX);
    }

    @Override
    public Optional<PublishedDocument> document(String path) {
        BlobKey key = BlobPaths.key(path);
        if (key == null) {
            return Optional.empty();
        }
        Optional<Instant> named = journal.firstCollected(key.sha256());
        try {
            if (named.isEmpty() && !blobs.exists(key)) {
                return Optional.empty();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Instant collected = named.orElse(Instant.EPOCH);
        return Optional.of(new PublishedDocument(path, TYPE, "\"" + key.sha256() + "\"", collected, true,
                new BlobBody(blobs, key)));
    }

    /**
     * Opens the blob's bytes for a bulk pass (export, dump package) without filling a node's blob cache;
     * {@code NoSuchBlobException} when the store no longer holds them.
     */
    InputStream openWithoutCaching(BlobKey key) throws IOException {
        return blobs.openWithoutCaching(key);
    }

    boolean exists(BlobKey key) throws IOException {
        return blobs.exists(key);
    }
}
