package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.engine.fetch.Validators;
import org.lexsync.engine.harvest.CachedDocument;
import org.lexsync.engine.harvest.SourceReader;

/**
 * The validators (ETag, Last-Modified) of the Change Lists a complete run read, kept per source in the fetch cache, so
 * that the next incremental run asks for them with a conditional GET (docs/architecture.md, invariant 4) and skips a
 * list the source reports unchanged: the complete run processed every change in it. Only runs without a baseline and
 * without {@code --from} use them — such runs never move the cursor back behind a list read before. Written by the
 * harvester after a complete run, never by a planner.
 */
final class ListValidators {
    private final SourceReader reader;
    private final String sourceId;
    private final boolean enabled;
    private final List<CachedDocument> read = new ArrayList<>();

    ListValidators(SourceReader reader, String sourceId, boolean enabled) {
        this.reader = reader;
        this.sourceId = sourceId;
        this.enabled = enabled;
    }

    /** Validators to send for {@code list}, or null when it must be fetched unconditionally. */
    Validators known(URI list) {
        if (!enabled) {
            return null;
        }
        Validators v = reader.validators(key(list));
        return v.isNone() ? null : v;
    }

    /** Notes the validators of a Change List this run downloaded. */
    void downloaded(SourceDocuments.Download list) {
        Validators v = new Validators(first(list, "ETag"), first(list, "Last-Modified"));
        if (!v.isNone()) {
            read.add(new CachedDocument(key(list.url()), v.etag(), v.lastModified(), null, Instant.now()));
        }
    }

    /** Keeps the noted validators; called once the run is complete. */
    void remember() {
        read.forEach(reader::remember);
    }

    private static String first(SourceDocuments.Download d, String header) {
        List<String> values = d.header(header);
        return values.isEmpty() ? null : values.get(0);
    }

    /** Keyed per source: another source's cursor over the same list is not this one's. */
    private String key(URI list) {
        return "resourcesync-changelist " + sourceId + " " + list;
    }
}
