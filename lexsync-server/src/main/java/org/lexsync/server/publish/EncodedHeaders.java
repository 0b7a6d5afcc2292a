package org.lexsync.server.publish;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.lexsync.engine.model.PublishedDocument;

/**
 * A published document's response headers (ETag, Last-Modified, Content-Type) encoded once as Jetty fields, and
 * whether its type is textual (gzip is offered), for the documents the server keeps between requests
 * ({@link CachedDocument}, {@link StoredDocuments.Located}).
 */
record EncodedHeaders(HttpField etag, HttpField lastModified, HttpField contentType, boolean textual) {
    static EncodedHeaders of(PublishedDocument doc) {
        return new EncodedHeaders(new PreEncodedHttpField(HttpHeader.ETAG, doc.etag()),
                new PreEncodedHttpField(HttpHeader.LAST_MODIFIED, PublishRoutes.httpDate(doc.lastModified())),
                new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, doc.contentType()),
                PublishRoutes.textual(doc.contentType()));
    }
}
