package org.lexsync.engine.crawler;

import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The row keys of a crawler's {@code listing:} mapping: a {@link RowSpec} when {@code row} is given; the row-only
 * keys ({@code fields}, {@code link}, {@code merge}, {@code max-missing}) without a {@code row} are an error naming
 * the key.
 */
final class RowKeys {
    private static final Set<String> ROW_ONLY = Set.of("fields", "link", "merge", "max-missing");

    private RowKeys() {
    }

    static @Nullable RowSpec rows(CrawlerConfigReader yaml, CrawlerFieldReader fields, Map<String, Node> listing,
                                  String at, boolean documents) {
        if (!listing.containsKey("row")) {
            for (String k : ROW_ONLY) {
                if (listing.containsKey(k)) {
                    throw yaml.error(at + "." + k, listing.get(k), "only a listing with row: has " + k);
                }
            }
            return null;
        }
        return fields.rows(listing, at, documents);
    }
}
