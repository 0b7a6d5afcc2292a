package org.lexsync.engine.atom;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.lexsync.core.atom.AtomFeed;

/**
 * One feed document as read during a harvest: its address, the address it was finally served from after
 * redirects ({@code base}, against which its relative references resolve: RFC 3986 §5.1.3), the downloaded body (a temp file kept until
 * the harvest ends, so that the forward climb of rinfo §8.3 re-reads it instead of holding it in memory),
 * the complete header, the compact items, and the validators the server sent.
 */
record FeedPage(URI url, URI base, Path body, AtomFeed header, List<ItemKey> items, Instant oldest, Instant newest,
                String etag, String lastModified, String sha256) {

    FeedPage {
        items = List.copyOf(items);
    }

    void delete() {
        try {
            Files.deleteIfExists(body);
        } catch (IOException ignored) {
            // a leftover lies in the data directory's tmp, which is cleaned with the blob store
        }
    }
}
