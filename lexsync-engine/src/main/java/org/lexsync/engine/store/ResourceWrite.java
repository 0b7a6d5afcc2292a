package org.lexsync.engine.store;

import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationState;
import java.util.List;
import java.util.Objects;
import org.lexsync.core.time.W3cDateTime;

/**
 * The state one change leaves a resource in, as handed to {@link Store#commit}: either a delete
 * (tombstone) or the full new state with all its files, whose blobs are already durable (or travel in
 * the same batch as {@link InlineBlob}s).
 */
public record ResourceWrite(String uri, boolean delete, W3cDateTime sourceTimestamp, String published, String title,
                            List<Link> links, List<RepresentationState> representations) {

    public ResourceWrite {
        Objects.requireNonNull(uri, "uri");
        links = links == null ? List.of() : List.copyOf(links);
        representations = representations == null ? List.of() : List.copyOf(representations);
        if (delete && !representations.isEmpty()) {
            throw new IllegalArgumentException("a delete of " + uri + " carries no representations");
        }
    }

    public static ResourceWrite deletion(String uri, W3cDateTime sourceTimestamp) {
        return deletion(uri, sourceTimestamp, List.of());
    }

    /** A tombstone that keeps {@code links} (a crawler's tombstone remembers its group, docs/crawlers.md). */
    public static ResourceWrite deletion(String uri, W3cDateTime sourceTimestamp, List<Link> links) {
        return new ResourceWrite(uri, true, sourceTimestamp, null, null, links, List.of());
    }
}
