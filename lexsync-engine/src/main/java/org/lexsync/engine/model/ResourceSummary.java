package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Instant;
import java.util.List;
import org.lexsync.core.time.W3cDateTime;

/**
 * What {@code lexsync resources} prints of one resource: its state without the parts that listing never
 * shows (links, checksums of the whole resource, publication date, first harvest, blob keys, validators).
 * It exists so that listing 20,000 resources reads half the columns of {@link ResourceState} in one joined
 * query instead of two cursors, which is most of that command's time.
 */
public record ResourceSummary(String sourceId, String uri, ResourceStatus status, @Nullable W3cDateTime sourceTimestamp,
                              @Nullable String title, Instant lastHarvested, long lastSeq, List<File> representations) {

    public ResourceSummary {
        representations = representations == null ? List.of() : List.copyOf(representations);
    }

    /** The primary representation, else the first one, else null (e.g. a deleted resource). */
    public File primary() {
        for (File f : representations) {
            if (f.role() == RepresentationRole.PRIMARY) {
                return f;
            }
        }
        return representations.isEmpty() ? null : representations.get(0);
    }

    /** One stored file as listed: where it came from (null for local bytes), role, type, length, digests. */
    public record File(String url, RepresentationRole role, String mediaType, long length, String md5, String sha256) {
    }
}
