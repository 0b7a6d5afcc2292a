package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.store.BlobStore;

/**
 * A published document's bytes that are one stored blob: streamed from its tier, or handed over as the local file
 * it is (a blob file, an object-store blob in the node's disk cache) so that the server reads it straight into the
 * response.
 */
record BlobBody(BlobStore blobs, BlobKey key) implements PublishedDocument.Body {
    @Override
    public void writeTo(OutputStream out) throws IOException {
        try (InputStream in = blobs.open(key)) {
            in.transferTo(out);
        }
    }

    /** As {@link #writeTo}, for a bulk pass (an export): without filling a node's blob cache. */
    void writeWithoutCachingTo(OutputStream out) throws IOException {
        try (InputStream in = blobs.openWithoutCaching(key)) {
            in.transferTo(out);
        }
    }

    @Override
    public FileChannel openFile() throws IOException {
        return blobs.openLocal(key);
    }

    @Override
    public long length() throws IOException {
        return blobs.length(key);
    }

    @Override
    public InputStream openRange(long first, long last) throws IOException {
        return blobs.openRange(key, first, last);
    }
}
