package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One item a listing step found (docs/crawlers.md, "Fields from the listing row"): the link, the metadata fields its
 * row shows (case name, date, docket number — many portals show them only there), and whether the link is the
 * document itself (a row linking a PDF, a group without a detail page) or a detail page to fetch and extract.
 */
public record ListedItem(URI link, Map<String, List<String>> fields, boolean document) {

    public ListedItem {
        Objects.requireNonNull(link, "link");
        Map<String, List<String>> copy = new LinkedHashMap<>();
        fields.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        fields = java.util.Collections.unmodifiableMap(copy);
    }

    /** A detail page to fetch, with no fields of its own (what listing steps gave before rows had fields). */
    public ListedItem(URI link) {
        this(link, Map.of(), false);
    }

    /** The fields with one value each (several joined by "; "). */
    public Map<String, String> singleValued() {
        Map<String, String> out = new LinkedHashMap<>();
        fields.forEach((k, v) -> {
            if (!v.isEmpty()) {
                out.put(k, String.join("; ", v));
            }
        });
        return out;
    }

    /** The links of {@code items}, in order, without repeats. */
    static List<URI> links(List<ListedItem> items) {
        List<URI> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (ListedItem i : items) {
            if (seen.add(i.link().toString())) {
                out.add(i.link());
            }
        }
        return out;
    }
}
