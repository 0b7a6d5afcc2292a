package org.lexsync.server.publish;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.util.Optional;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.PublishedDocument;

/**
 * The stored bytes the server republishes ({@code blob/sha256/…} and {@code resource/…}), answered without a store
 * read while the journal stands still: what a path names (its document: type, ETag, Last-Modified, found by one or
 * two queries) is kept per path for as long as the journal head the caller knows is the one it was found at (the head
 * is read again only after {@link StoreChanges} saw a commit: this facade's, another process's on SQLite, another
 * node's through PostgreSQL's notifications), and the bytes themselves by content address in {@link HotBytes}, where
 * they never go stale. A new commit makes every path be looked up again on its next request, so a resource harvested
 * anew is answered with its new bytes at once; bytes that did not change are still found in memory by their key.
 */
final class StoredDocuments {
    /** Paths whose lookup is kept (a few hundred bytes each). */
    static final int MAX_PATHS = 100_000;

    private final Cache<String, Located> paths = Caffeine.newBuilder().maximumSize(MAX_PATHS).build();
    private final HotBytes bytes;

    StoredDocuments(HotBytes bytes) {
        this.bytes = bytes;
    }

    /** True for the paths of stored bytes this class answers (not dump packages: those are large and few). */
    static boolean covers(String path) {
        return path.startsWith("blob/") || path.startsWith("resource/");
    }

    /**
     * What a path names, found in a publication while the journal ends at a head, with its headers encoded once: good
     * for that publication at that head only.
     */
    static final class Located {
        private final Publication publication;
        private final long head;
        private final PublishedDocument doc;
        private final String key;
        private final boolean textual;
        private final HttpField etag;
        private final HttpField lastModified;
        private final HttpField contentType;

        Located(Publication publication, long head, PublishedDocument doc) {
            this.publication = publication;
            this.head = head;
            this.doc = doc;
            String tag = doc.etag();
            this.key = tag.length() > 1 && tag.startsWith("\"") && tag.endsWith("\"")
                    ? tag.substring(1, tag.length() - 1) : tag;
            this.textual = PublishRoutes.textual(doc.contentType());
            this.etag = new PreEncodedHttpField(HttpHeader.ETAG, doc.etag());
            this.lastModified = new PreEncodedHttpField(HttpHeader.LAST_MODIFIED,
                    PublishRoutes.httpDate(doc.lastModified()));
            this.contentType = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, doc.contentType());
        }

        PublishedDocument doc() {
            return doc;
        }

        /** The content address of the bytes: the SHA-256 the ETag quotes. */
        String key() {
            return key;
        }

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

        boolean validAt(Publication p, long at) {
            return p == publication && head == at;
        }
    }

    /** What {@code p} publishes at {@code path} (no leading slash) while the journal ends at {@code head}. */
    Optional<Located> locate(Publication p, String path, long head) {
        Located kept = paths.getIfPresent(path);
        if (kept != null && kept.validAt(p, head)) {
            return Optional.of(kept);
        }
        Optional<PublishedDocument> found = p.document(path);
        if (found.isEmpty()) {
            paths.invalidate(path);
            return Optional.empty();
        }
        Located fresh = new Located(p, head, found.get());
        paths.put(path, fresh);
        return Optional.of(fresh);
    }

    /** The bytes of {@code located} from memory (read and kept when small), or null: stream them. */
    @Nullable KeptBody body(Located located) throws IOException {
        return bytes.body(located.key(), located.doc().body());
    }

    /** Forgets every path's lookup (the publication was made again); the bytes, being content-addressed, stay. */
    void forget() {
        paths.invalidateAll();
    }

    /** Forgets the lookup of one path (it failed: the store changed behind it). */
    void forget(String path) {
        paths.invalidate(path);
    }

    /** The content-addressed bytes held. */
    HotBytes bytes() {
        return bytes;
    }
}
