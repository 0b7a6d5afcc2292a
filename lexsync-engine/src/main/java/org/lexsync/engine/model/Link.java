package org.lexsync.engine.model;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A typed link a source states about a resource or a file (rel, href and any further attributes such as
 * {@code type}, {@code hash}, {@code modified}); kept so that publishers can write it back.
 */
public record Link(String rel, String href, Map<String, String> attributes) {

    public Link {
        Objects.requireNonNull(rel, "rel");
        Objects.requireNonNull(href, "href");
        attributes = attributes == null || attributes.isEmpty() ? Map.of()
                : java.util.Collections.unmodifiableMap(new TreeMap<>(attributes));
    }

    public Link(String rel, String href) {
        this(rel, href, Map.of());
    }
}
