package org.lexsync.server.publish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishedDocument;

/**
 * A published document rendered once and kept by {@link DocumentCache}: its headers ({@code doc}: type, ETag,
 * Last-Modified, immutable), its bytes and, made on the first request that asks for it, their gzip form. Valid for the
 * {@link Publication} it came from, at the journal head it was last seen valid at ({@code head}); a closed document
 * is valid at every later head.
 */
final class CachedDocument {
    private final Publication publication;
    private final PublishedDocument doc;
    private final byte[] bytes;
    private final String lastModified;
    private volatile long head;
    private volatile byte @Nullable [] gzip;

    CachedDocument(Publication publication, PublishedDocument doc, byte[] bytes, long head) {
        this.publication = publication;
        this.doc = doc;
        this.bytes = bytes;
        this.head = head;
        this.lastModified = PublishRoutes.httpDate(doc.lastModified());
    }

    /** The Last-Modified header's value, formatted once. */
    String lastModified() {
        return lastModified;
    }

    PublishedDocument doc() {
        return doc;
    }

    byte[] bytes() {
        return bytes;
    }

    /** True when this copy is what {@code p} publishes at {@code path} while the journal ends at {@code at}. */
    boolean validAt(Publication p, long at) {
        return p == publication && (doc.immutable() || head == at);
    }

    /** True when the copy came from {@code p} and has the ETag {@code etag}: the same bytes, still good. */
    boolean sameAs(Publication p, String etag) {
        return p == publication && doc.etag().equals(etag);
    }

    /** Records that the document did not change up to journal head {@code at}. */
    void seenAt(long at) {
        head = at;
    }

    /** The gzip form of the bytes, made once. */
    byte[] gzip() {
        byte[] g = gzip;
        if (g == null) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, bytes.length / 8));
            try (GZIPOutputStream z = new GZIPOutputStream(out, 64 * 1024)) {
                z.write(bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);   // in memory: cannot happen
            }
            g = out.toByteArray();
            gzip = g;
        }
        return g;
    }

    /** Bytes held (plain, and gzip once made), for the cache's budget. */
    long weight() {
        byte[] g = gzip;
        return bytes.length + (g == null ? 0 : g.length);
    }
}
