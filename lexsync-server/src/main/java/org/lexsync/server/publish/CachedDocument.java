package org.lexsync.server.publish;

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
    private final EncodedHeaders headers;
    private volatile long head;

    CachedDocument(Publication publication, PublishedDocument doc, byte[] bytes, long head) {
        this.publication = publication;
        this.doc = doc;
        this.body = new KeptBody(bytes);
        this.headers = EncodedHeaders.of(doc);
        this.head = head;
    }

    PublishedDocument doc() {
        return doc;
    }

    /** The kept bytes. */
    KeptBody body() {
        return body;
    }

    /** Its headers, encoded once. */
    EncodedHeaders headers() {
        return headers;
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
