package org.lexsync.server.publish;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishedDocument;

/**
 * A published document rendered once and kept by {@link DocumentCache}: its headers ({@code doc}: type, ETag,
 * Last-Modified, immutable) encoded once as Jetty fields and its bytes ({@link KeptBody}: a direct buffer and, made on
 * the first request that asks for it, their gzip form). Valid for the {@link Publication} it came from, at the
 * journal head it was last seen valid at ({@code head}); a closed document is valid at every later head.
 */
final class CachedDocument {
    private final Publication publication;
    private final PublishedDocument doc;
    private final KeptBody body;
    private final boolean textual;
    private final HttpField etag;
    private final HttpField lastModified;
    private final HttpField contentType;
    private volatile long head;

    CachedDocument(Publication publication, PublishedDocument doc, byte[] bytes, long head) {
        this.publication = publication;
        this.doc = doc;
        this.body = new KeptBody(bytes);
        this.textual = PublishRoutes.textual(doc.contentType());
        this.head = head;
        this.etag = new PreEncodedHttpField(HttpHeader.ETAG, doc.etag());
        this.lastModified = new PreEncodedHttpField(HttpHeader.LAST_MODIFIED,
                PublishRoutes.httpDate(doc.lastModified()));
        this.contentType = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, doc.contentType());
    }

    PublishedDocument doc() {
        return doc;
    }

    /** The kept bytes. */
    KeptBody body() {
        return body;
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

    /** Bytes held (plain, and gzip once made), for the cache's budget. */
    long weight() {
        return body.weight();
    }
}
