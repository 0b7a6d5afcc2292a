package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Duration;
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

    /**
     * Politeness as the record keeps it, e.g. {@code delay=5.0 concurrency=1}: only what the source sets; null when it
     * sets neither (the protocol's or the command's default applies).
     */
    public static @Nullable String politenessText(@Nullable Duration delay, @Nullable Integer concurrency) {
        if (delay == null && concurrency == null) {
            return null;
        }
        return (delay == null ? "" : "delay=" + delay.toMillis() / 1000.0)
                + (delay != null && concurrency != null ? " " : "")
                + (concurrency == null ? "" : "concurrency=" + concurrency);
    }
}
