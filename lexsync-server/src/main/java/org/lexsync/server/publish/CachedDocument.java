package org.lexsync.server.publish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishedDocument;

/**
 * A published document rendered once and kept by {@link DocumentCache}: its headers ({@code doc}: type, ETag,
 * Last-Modified, immutable) encoded once as Jetty fields, its bytes in a direct buffer (written to the socket without
 * a copy to a temporary one) and, made on the first request that asks for it, their gzip form. Valid for the
 * {@link Publication} it came from, at the journal head it was last seen valid at ({@code head}); a closed document
 * is valid at every later head.
 */
final class CachedDocument {
    private final Publication publication;
    private final PublishedDocument doc;
    private final ByteBuffer body;
    private final boolean textual;
    private final HttpField etag;
    private final HttpField lastModified;
    private final HttpField contentType;
    private final HttpField contentLength;
    private volatile long head;
    private volatile @Nullable Gzipped gzip;

    /** The gzip form of the bytes and its Content-Length field. */
    record Gzipped(ByteBuffer body, HttpField contentLength) {
    }

    CachedDocument(Publication publication, PublishedDocument doc, byte[] bytes, long head) {
        this.publication = publication;
        this.doc = doc;
        this.body = direct(bytes);
        this.textual = PublishRoutes.textual(doc.contentType());
        this.head = head;
        this.etag = new PreEncodedHttpField(HttpHeader.ETAG, doc.etag());
        this.lastModified = new PreEncodedHttpField(HttpHeader.LAST_MODIFIED,
                PublishRoutes.httpDate(doc.lastModified()));
        this.contentType = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, doc.contentType());
        this.contentLength = new PreEncodedHttpField(HttpHeader.CONTENT_LENGTH, bytes.length);
    }

    private static ByteBuffer direct(byte[] bytes) {
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip().asReadOnlyBuffer();
    }

    PublishedDocument doc() {
        return doc;
    }

    /** True for a textual media type (gzip is offered). */
    boolean textual() {
        return textual;
    }

    HttpField etag() {
        return etag;
    }

    HttpField lastModified() {
        return lastModified;
    }

    HttpField contentType() {
        return contentType;
    }

    /** The Content-Length of the whole plain body. */
    HttpField contentLength() {
        return contentLength;
    }

    /** Length of the plain body. */
    int length() {
        return body.capacity();
    }

    /** The plain bytes from {@code from}, {@code length} of them: a view for one response to consume. */
    ByteBuffer body(int from, int length) {
        return body.slice(from, length);
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

    /** The gzip form of the bytes, made once (the caller reweighs the cache when it was just made). */
    Gzipped gzip() {
        Gzipped g = gzip;
        if (g == null) {
            byte[] plain = new byte[body.capacity()];
            body.get(0, plain);
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, plain.length / 8));
            try (GZIPOutputStream z = new GZIPOutputStream(out, 64 * 1024)) {
                z.write(plain);
            } catch (IOException e) {
                throw new UncheckedIOException(e);   // in memory: cannot happen
            }
            byte[] zipped = out.toByteArray();
            g = new Gzipped(direct(zipped), new PreEncodedHttpField(HttpHeader.CONTENT_LENGTH, zipped.length));
            gzip = g;
        }
        return g;
    }

    /** True once the gzip form was made. */
    boolean gzipped() {
        return gzip != null;
    }

    /** Bytes held (plain, and gzip once made), for the cache's budget. */
    long weight() {
        Gzipped g = gzip;
        return body.capacity() + (g == null ? 0 : g.body().capacity());
    }
}
