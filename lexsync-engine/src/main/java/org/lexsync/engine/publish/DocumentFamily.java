package org.lexsync.engine.publish;

import java.util.Optional;
import org.lexsync.engine.model.PublishedDocument;

/**
 * One family of published documents under the base URL (docs/architecture.md, "Publishing the aggregate"): an Atom
 * archive feed, the ResourceSync documents, their dumps, the ELI Sitemap and feed, resource files, blobs. The
 * {@link Publisher} asks each family in turn whether a path is its own; adding a published format is one class more
 * and one line in the publisher's list.
 */
interface DocumentFamily {

    /** True when {@code path} (relative, no leading slash) names a document of this family, existing or not yet. */
    boolean owns(String path);

    /** The document at {@code path}, one this family {@link #owns}, or empty when it does not exist (yet). */
    Optional<PublishedDocument> document(String path);
}
