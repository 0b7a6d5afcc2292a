package org.lexsync.engine;

import java.nio.file.Path;
import java.util.Optional;
import org.lexsync.engine.model.ExportReport;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.publish.Publisher;

/**
 * The aggregate as published documents (docs/architecture.md, "Publishing the aggregate"), obtained from {@link
 * LexSync#publication}: {@link #document} finds the document at a path — what the server answers with — and {@link
 * #export} writes them all as static files, only what changed. Every document is a projection of the journal.
 */
public final class Publication {
    private final Publisher publisher;

    Publication(Publisher publisher) {
        this.publisher = publisher;
    }

    public PublishSettings settings() {
        return publisher.settings();
    }

    /** The document at {@code path} below the base URL (e.g. {@code feed/current.atom}), or empty. */
    public Optional<PublishedDocument> document(String path) {
        return publisher.document(path);
    }

    /** Writes every document and file under {@code dir}; closed ones already there are left untouched. */
    public ExportReport export(Path dir) {
        return publisher.export(dir);
    }
}
