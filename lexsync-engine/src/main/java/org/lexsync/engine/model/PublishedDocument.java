package org.lexsync.engine.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One published document or file at one of our paths (docs/architecture.md, "Publishing the aggregate"): its media
 * type, an ETag and Last-Modified known before the bytes are written (both derived from the journal, never from the
 * clock), whether it is closed for ever ({@code immutable}: a full archive, a closed Change List, a dump package, a
 * blob by content address — served with {@code Cache-Control: immutable}, never rewritten by the exporter), and a
 * way to stream its bytes. The static exporter and the server use the same lookup.
 */
public record PublishedDocument(String path, String contentType, String etag, Instant lastModified, boolean immutable,
                                Body body) {

    /** Writes a document's bytes; called once per request or export, may be called again. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;

        /**
         * The same bytes as a file on this node's disk, open at its start, when they are one right now (a blob file,
         * an object-store blob in the node's disk cache), so that a server can answer them without streaming; null:
         * use {@link #writeTo}. The caller closes it.
         */
        default @Nullable FileChannel openFile() throws IOException {
            return null;
        }

        /** The length in bytes when known without writing the bytes (a HEAD of an object); -1: write them to count. */
        default long length() throws IOException {
            return -1;
        }

        /**
         * The bytes from {@code first} on, reading nothing before them, when the body can (a ranged read of an
         * object); the caller reads {@code last - first + 1} of them and closes it. Null: write the bytes and skip.
         */
        default @Nullable InputStream openRange(long first, long last) throws IOException {
            return null;
        }
    }

    public PublishedDocument {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(etag, "etag");
        Objects.requireNonNull(lastModified, "lastModified");
        Objects.requireNonNull(body, "body");
    }
}
