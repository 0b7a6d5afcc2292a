package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Element;
import org.lexsync.core.uri.LenientUris;

/**
 * Reads the rows of a listing page as a {@link RowSpec} describes them (docs/crawlers.md, "Fields from the listing
 * row"): each row's fields (selectors relative to the row; templates from the fields before them) and its link. A row
 * without a link is no item (a header row). The sanity gate: when more than {@link RowSpec#maxMissing()} of the rows
 * lack a required field, the page fails with the field and the selectors that matched nothing; rows within that share
 * are left out.
 */
final class ListingRows {

    private ListingRows() {
    }

    /** One row as read: its link (null: none) and where it came from, and each field as read. */
    record Row(Element element, @Nullable URI link, String linkVia, Map<String, FieldReader.Read> fields) {
    }

    /** Every row of {@code page}, read without judging. */
    static List<Row> read(CrawlerSpec spec, Page page) {
        RowSpec rows = spec.rows();
        List<Row> out = new ArrayList<>();
        for (Element row : rows.row().select(page.document())) {
            Map<String, FieldReader.Read> fields = new LinkedHashMap<>();
            Map<String, String> known = new LinkedHashMap<>();
            for (Map.Entry<String, FieldSpec> f : rows.fields().entrySet()) {
                FieldReader.Read r = FieldReader.read(page.url(), row, f.getValue(), known);
                fields.put(f.getKey(), r);
                if (r.found()) {
                    known.put(f.getKey(), r.value());
                }
            }
            URI link = null;
            String via;
            if (rows.link() != null) {
                FieldReader.Read r = FieldReader.read(page.url(), row, rows.link(), known);
                via = r.via();
                if (r.found()) {
                    try {
                        link = LenientUris.httpUri(LenientUris.resolve(URI.create(LenientUris.encode(row.baseUri())),
                                r.value()).toString());
                    } catch (IllegalArgumentException notAUri) {
                        link = null;
                    }
                }
            } else {
                via = spec.item().toString();
                String attr = spec.itemAttribute() == null ? "href" : spec.itemAttribute();
                for (Element e : spec.item().select(row)) {
                    Element holder = e.hasAttr(attr) ? e : e.selectFirst("[" + attr + "]");
                    link = holder == null ? null : Links.absolute(holder, attr);
                    if (link != null) {
                        break;
                    }
                }
            }
            out.add(new Row(row, link, via, fields));
        }
        return out;
    }

    /**
     * The items of {@code page}: rows with a link that {@code allowed} lets through and every required field.
     *
     * @throws ExtractionException when more than the tolerated share of rows lack a required field
     */
    static List<ListedItem> items(CrawlerSpec spec, Page page, Predicate<String> allowed) {
        RowSpec rows = spec.rows();
        List<Row> read = read(spec, page).stream().filter(r -> r.link() != null).toList();
        List<ListedItem> out = new ArrayList<>();
        Map<String, Integer> missing = new LinkedHashMap<>();
        Map<String, String> problems = new LinkedHashMap<>();
        for (Row r : read) {
            boolean complete = true;
            Map<String, List<String>> values = new LinkedHashMap<>();
            for (Map.Entry<String, FieldReader.Read> f : r.fields().entrySet()) {
                if (f.getValue().found()) {
                    values.put(f.getKey(), List.of(f.getValue().value()));
                } else if (rows.fields().get(f.getKey()).required()) {
                    complete = false;
                    missing.merge(f.getKey(), 1, Integer::sum);
                    problems.putIfAbsent(f.getKey(), f.getValue().problem());
                }
            }
            if (complete && allowed.test(r.link().toString())) {
                out.add(new ListedItem(r.link(), values, rows.documents()));
            }
        }
        for (Map.Entry<String, Integer> m : missing.entrySet()) {
            double share = (double) m.getValue() / read.size();
            if (share > rows.maxMissing()) {
                throw new ExtractionException(page.url(), m.getKey(), String.format(Locale.ROOT,
                        "%d of %d rows (%s) lack it, more than max-missing %s allows: %s", m.getValue(), read.size(),
                        percent(share), percent(rows.maxMissing()), problems.get(m.getKey())));
            }
        }
        return out;
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", share * 100);
    }
}
