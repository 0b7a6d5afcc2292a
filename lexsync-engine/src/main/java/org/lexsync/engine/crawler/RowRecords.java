package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Turns the listing rows that name one link into document-group metadata (docs/crawlers.md, "Fields from the listing
 * row", "One file, several records"): every row's fields as a record, duplicates dropped, sorted by their canonical
 * JSON so that the same rows give the same bytes whatever their order on the page; the first record is merged with
 * the detail page's fields (the detail page's winning or the row's), or is the whole metadata of a row-only group.
 */
final class RowRecords {
    private static final Comparator<SortedMap<String, String>> CANONICAL = Comparator.comparing(RowRecords::json);

    private RowRecords() {
    }

    /** The distinct records of {@code rows}, sorted; empty when no row has a field. */
    static List<SortedMap<String, String>> records(List<ListedItem> rows) {
        List<SortedMap<String, String>> out = new ArrayList<>();
        for (ListedItem i : rows) {
            SortedMap<String, String> r = new TreeMap<>(i.singleValued());
            if (!r.isEmpty() && out.stream().noneMatch(r::equals)) {
                out.add(r);
            }
        }
        out.sort(CANONICAL);
        return out;
    }

    /** A detail page's group with its rows' fields merged in; the same group when the rows have none. */
    static DocumentGroup merge(DocumentGroup detail, List<ListedItem> rows, RowSpec.Merge merge) {
        List<SortedMap<String, String>> records = records(rows);
        if (records.isEmpty()) {
            return detail;
        }
        Map<String, String> m = new LinkedHashMap<>();
        if (merge == RowSpec.Merge.DETAIL_WINS) {
            m.putAll(records.get(0));
            m.putAll(detail.metadata());
        } else {
            m.putAll(detail.metadata());
            m.putAll(records.get(0));
        }
        String id = m.getOrDefault("id", detail.id());
        return new DocumentGroup(id, detail.page(), new TreeMap<>(m), m.getOrDefault("title", detail.title()),
                m.getOrDefault("date", detail.published()), detail.attachments(), several(records));
    }

    /** The group of a document the rows link directly (no detail page): id the {@code id} field, else the link. */
    static DocumentGroup document(URI link, List<ListedItem> rows) {
        List<SortedMap<String, String>> records = records(rows);
        SortedMap<String, String> m = records.isEmpty() ? new TreeMap<>() : records.get(0);
        return new DocumentGroup(m.getOrDefault("id", link.toString()), link, m, m.get("title"), m.get("date"),
                List.of(), several(records));
    }

    private static List<SortedMap<String, String>> several(List<SortedMap<String, String>> records) {
        return records.size() > 1 ? records : List.of();
    }

    private static String json(SortedMap<String, String> r) {
        StringBuilder b = new StringBuilder("{");
        r.forEach((k, v) -> b.append(CrawlPlanner.quote(k)).append(':').append(CrawlPlanner.quote(v)).append(','));
        return b.append('}').toString();
    }
}
