package org.lexsync.engine.model;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One journal row with the version of its resource it recorded: title, publication date, links and every file
 * (URL of origin, role, type, length, checksums, the origin's validators). Publishing projects these, so that a
 * document about an old row never changes when the resource changes later (docs/architecture.md, "Publishing the
 * aggregate"). {@code recorded} is false for a deletion and for rows written before the store recorded versions;
 * their lists are empty.
 */
public record JournalVersion(JournalEntry entry, boolean recorded, @Nullable String title, @Nullable String published,
                             List<Link> links, List<RepresentationState> representations) {

    public JournalVersion {
        Objects.requireNonNull(entry, "entry");
        links = links == null ? List.of() : List.copyOf(links);
        representations = representations == null ? List.of() : List.copyOf(representations);
    }
}
