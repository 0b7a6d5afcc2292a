package org.lexsync.engine.publish;

import java.io.IOException;
import java.util.Optional;
import org.lexsync.engine.model.PublishedDocument;

/**
 * One family of published documents under the base URL (docs/architecture.md, "Publishing the aggregate"): an Atom
 * archive feed, the ResourceSync documents, their dumps, the ELI Sitemap and feed, resource files, blobs. The
 * {@link Publisher} asks each family in turn whether a path is its own, and the static {@link Exporter} has each write
 * its documents; adding a published format is one class more and one line in each of the publisher's two lists.
 */
interface DocumentFamily {

    /** True when {@code path} (relative, no leading slash) names a document of this family, existing or not yet. */
    boolean owns(String path);

    /** The document at {@code path}, one this family {@link #owns}, or empty when it does not exist (yet). */
    Optional<PublishedDocument> document(String path);

    /**
     * Writes this family's documents into a static export, through {@code export}'s writers (only what changed). By
     * default nothing: for a family whose files another one writes (blobs are copied with the aggregate feed's rows).
     */
    default void export(Exporter export) throws IOException {
    }
}
