package org.lexsync.engine.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The Atom feed an entry was collected from (RFC 4287 §4.2.11: the source feed's {@code id}, {@code title},
 * {@code updated} and address), recorded with the resource's version so that the aggregate can name the original
 * feed in {@code atom:source} for ever (rinfo §3.2, §10; docs/architecture.md, "Publishing the aggregate").
 *
 * <p>Kept as one link of the resource with the relation {@value #REL} (feed id as {@code href}, the rest as
 * attributes), like the crawler's {@code lexsync:group} links: links already travel from the planner through the
 * applier, retries and the journal's version text, so recording it needs no new column and rows written before it
 * simply have none.
 */
public record SourceFeed(String id, @Nullable String title, @Nullable String updated, @Nullable String url) {
    /** The link relation the record is kept under among a resource's links. */
    public static final String REL = "lexsync:source-feed";

    public SourceFeed {
        Objects.requireNonNull(id, "id");
    }

    /** This record as a resource link. */
    public Link asLink() {
        Map<String, String> a = new LinkedHashMap<>();
        if (title != null) {
            a.put("title", title);
        }
        if (updated != null) {
            a.put("updated", updated);
        }
        if (url != null) {
            a.put("url", url);
        }
        return new Link(REL, id, a);
    }

    /** The record among {@code links}, if one was kept. */
    public static Optional<SourceFeed> in(List<Link> links) {
        for (Link l : links) {
            if (REL.equals(l.rel())) {
                Map<String, String> a = l.attributes();
                return Optional.of(new SourceFeed(l.href(), a.get("title"), a.get("updated"), a.get("url")));
            }
        }
        return Optional.empty();
    }
}
