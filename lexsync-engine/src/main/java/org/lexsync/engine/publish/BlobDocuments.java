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
        try {
            if (key == null || !blobs.exists(key)) {
                return Optional.empty();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Instant collected = journal.firstCollected(key.sha256()).orElse(Instant.EPOCH);
        return Optional.of(new PublishedDocument(path, TYPE, "\"" + key.sha256() + "\"", collected, true,
                new BlobBody(blobs, key)));
    }

    /** Opens the blob's bytes; {@code NoSuchBlobException} when the store no longer holds them. */
    InputStream open(BlobKey key) throws IOException {
        return blobs.open(key);
    }

    boolean exists(BlobKey key) throws IOException {
        return blobs.exists(key);
    }
}
