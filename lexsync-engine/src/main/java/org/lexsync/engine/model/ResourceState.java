package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Instant;
import java.util.List;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;

/**
 * The current state of one resource of one source (docs/architecture.md, "Core model": the resource): active or a tombstone,
 * the source's timestamp, publication date, title, links, the checksums of its primary file, when we first and last
 * harvested it, the journal sequence of its last change, and its files.
 */
public record ResourceState(String sourceId, String uri, ResourceStatus status, @Nullable W3cDateTime sourceTimestamp,
                            @Nullable String published, @Nullable String title, List<Link> links, Digests checksums,
                            Instant firstHarvested, Instant lastHarvested, long lastSeq,
                            List<RepresentationState> representations) {

    public ResourceState {
        links = links == null ? List.of() : List.copyOf(links);
        representations = representations == null ? List.of() : List.copyOf(representations);
        checksums = checksums == null ? Digests.NONE : checksums;
    }

    public boolean active() {
        return status == ResourceStatus.ACTIVE;
    }
}
