package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Optional;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.store.BlobStore;

/**
 * Stored bytes published by content address ({@link BlobPaths}): immutable, the ETag is the SHA-256 itself and
 * Last-Modified the epoch (the bytes have no date of their own that a projection could name).
 */
final class BlobDocuments implements DocumentFamily {
    static final String TYPE = "application/octet-stream";

    private final BlobStore blobs;

    BlobDocuments(BlobStore blobs) {
        this.blobs = blobs;
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
        return Optional.of(new PublishedDocument(path, TYPE, "\"" + key.sha256() + "\"", Instant.EPOCH, true, out -> {
            try (InputStream in = blobs.open(key)) {
                in.transferTo(out);
            }
        }));
    }

    /** Opens the blob's bytes; {@code NoSuchBlobException} when the store no longer holds them. */
    InputStream open(BlobKey key) throws IOException {
        return blobs.open(key);
    }

    boolean exists(BlobKey key) throws IOException {
        return blobs.exists(key);
    }
}
