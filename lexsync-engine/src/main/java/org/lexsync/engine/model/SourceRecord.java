package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.util.List;
import java.util.Objects;

/**
 * A registered source (docs/architecture.md, "Core model"): protocol ({@code eli}, {@code resourcesync}, {@code atom},
 * {@code sitemap}, {@code crawler}), entry URLs, schedule and politeness as the configuration text they were given in,
 * approval, and the publisher contact (e.g. the feed author's email).
 */
public record SourceRecord(String id, String protocol, List<String> entryUrls, @Nullable String schedule, @Nullable String politeness,
                           boolean approved, @Nullable String contact) {

    public SourceRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(protocol, "protocol");
        entryUrls = List.copyOf(entryUrls);
        for (String url : entryUrls) {
            if (url.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("an entry URL must not contain a line break: " + url);
            }
        }
    }
}
