package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * What a crawler's listing or detail step extracts from one saved page, as lines for a person (docs/crawlers.md,
 * "Preview on a saved page"): the rows, each field's value and the selector (or heading, or template) that produced it,
 * the links, and a warning for every required field that matched nothing. Fetches nothing and writes nothing: this
 * is how a maintainer writes and repairs a crawler before running it, and how a saved-page test starts.
 */
public final class CrawlPreview {
    private final List<String> lines = new ArrayList<>();
    private int warnings;

    private CrawlPreview() {
    }

    /** The preview's lines and how many warnings they hold. */
    public record Result(List<String> lines, int warnings) {
        public Result {
            lines = List.copyOf(lines);
        }
    }

    /** The preview of {@code page} through the listing step ({@code detail} false) or the detail step. */
    public static Result of(CrawlerOptions options, URI home, Page page, boolean detail) {
        CrawlPreview p = new CrawlPreview();
        PortalCrawler crawler = options.crawler(home);
        if (crawler instanceof GenericCrawler g) {
            if (detail) {
                p.detail(g.spec(), page);
            } else {
                p.listing(g, page);
            }
        } else if (detail) {
            p.javaDetail(crawler, page);
        } else {
            p.line("the listing step of Java crawler '%s' reads pages through a session: preview its detail step"
                    + " (--step detail), or test its list() in Java", options.javaCrawler());
            p.warnings++;
        }
        return new Result(p.lines, p.warnings);
    }

    private void listing(GenericCrawler g, Page page) {
        CrawlerSpec spec = g.spec();
        Document doc = page.document();
        line("listing step of %s", page.url());
        if (spec.rows() == null) {
            List<URI> links = g.links(doc, spec.item(), spec.itemAttribute(), true);
            line("items (%s): %d", spec.item(), links.size());
            for (URI u : links) {
                line("  %s", u);
            }
        } else {
            RowSpec rows = spec.rows();
            List<ListingRows.Row> read = ListingRows.read(spec, page);
            line("rows (%s): %d", rows.row(), read.size());
            int n = 0;
            for (ListingRows.Row r : read) {
                n++;
                if (r.link() == null) {
                    line("row %d: no link (%s) — not an item", n, r.linkVia());
                    continue;
                }
                line("row %d: %s  <- %s%s", n, r.link(), r.linkVia(), rows.documents() ? " (the document)"
                        : " (a detail page)");
                fields(rows.fields(), r.fields());
            }
        }
        if (spec.next() != null) {
            List<URI> next = g.links(doc, spec.next(), "href", false);
            line("next (%s): %s", spec.next(), next.isEmpty() ? "none" : next.get(0));
        }
        if (spec.removed() != null) {
            line("removed (%s): %s", spec.removed(), g.links(doc, spec.removed(), spec.itemAttribute(), true));
        }
    }

    private void detail(CrawlerSpec spec, Page page) {
        line("detail step of %s", page.url());
        Map<String, FieldReader.Read> read = new LinkedHashMap<>();
        Map<String, String> known = new LinkedHashMap<>();
        for (Map.Entry<String, FieldSpec> f : spec.fields().entrySet()) {
            FieldReader.Read r = FieldReader.read(page.url(), page.document(), f.getValue(), known);
            read.put(f.getKey(), r);
            if (r.found()) {
                known.put(f.getKey(), r.value());
            }
        }
        fields(spec.fields(), read);
        if (spec.attachments() != null) {
            CrawlerSpec.Attachments a = spec.attachments();
            List<URI> files = new ArrayList<>();
            for (Element e : a.selector().select(page.document())) {
                String attr = a.attribute() == null ? "href" : a.attribute();
                Element holder = e.hasAttr(attr) ? e : e.selectFirst("[" + attr + "]");
                URI u = holder == null ? null : Links.absolute(holder, attr);
                if (u != null && (a.include() == null || a.include().matcher(u.toString()).find())) {
                    files.add(u);
                }
            }
            line("attachments (%s): %d", a.selector(), files.size());
            files.forEach(u -> line("  %s", u));
        }
    }

    private void javaDetail(PortalCrawler crawler, Page page) {
        line("detail step of %s (a Java crawler: values without selectors)", page.url());
        try {
            DocumentGroup g = crawler.extract(page);
            line("  group  %s", g.id());
            g.metadata().forEach((k, v) -> line("  %s  %s", k, v));
            g.attachments().forEach(a -> line("  attachment  %s", a.url()));
        } catch (ExtractionException e) {
            warnings++;
            line("  WARNING %s", e.getMessage());
        }
    }

    private void fields(Map<String, FieldSpec> specs, Map<String, FieldReader.Read> read) {
        int width = specs.keySet().stream().mapToInt(String::length).max().orElse(0);
        for (Map.Entry<String, FieldReader.Read> f : read.entrySet()) {
            String name = pad(f.getKey(), width);
            FieldReader.Read r = f.getValue();
            if (r.found()) {
                line("  %s  %s  <- %s", name, r.value(), r.via());
            } else if (specs.get(f.getKey()).required()) {
                warnings++;
                line("  %s  WARNING required field matched nothing: %s", name, r.problem());
            } else {
                line("  %s  (none: %s)", name, r.problem());
            }
        }
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private void line(String format, Object... args) {
        lines.add(String.format(Locale.ROOT, format, args));
    }
}
