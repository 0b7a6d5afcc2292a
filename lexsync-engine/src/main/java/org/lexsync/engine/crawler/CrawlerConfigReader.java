package org.lexsync.engine.crawler;

import java.nio.charset.Charset;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ConfigException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads the {@code crawler:} mapping of a {@code protocol: crawler} source into a {@link CrawlerSpec}, node by
 * node, so that every mistake — an unknown key, a selector that does not parse, a bad regular expression or date
 * format, a seed whose variables and settings disagree — names the file, the line and the key path (e.g.
 * {@code sources[2].crawler.detail.fields.title.css}). Format (docs/crawlers.md):
 *
 * <pre>
 * crawler:
 *   charset: windows-1251                 # pages read in this charset whatever the server says
 *   seeds:
 *     - url: /acts?page={page}            # relative to the source's URL
 *       pages: {from: 1, to: 50}          # to: optional (then stop-after-empty ends it)
 *     - url: /search?from={from}&amp;to={to}
 *       window: {start: 2024-01-01, end: 2024-06-30, step: P1M, format: yyyy-MM-dd}
 *     - url: /year/{year}
 *       range: {name: year, from: 2020, to: 2024}
 *     - {url: removed, expect-items: false}   # may list nothing (the sanity gate lets it)
 *   include: ['/act/']                    # listed URLs followed only when one matches (find)
 *   exclude: ['print=1']
 *   listing:
 *     item: {css: ul.results a}           # or {xpath: ...}, or a plain string (CSS)
 *     attribute: href
 *     next: {css: a.next}
 *     removed: {css: ul.removed a}        # the portal's own list of removed documents
 *     stop-after-empty: 2
 *   detail:
 *     fields:
 *       id: {css: .number, regex: 'No\. (\d+)', required: true}
 *       title: {css: h1, required: true, fallbacks: [{xpath: '//title'}]}
 *       date: {css: .date, date-format: dd.MM.yyyy}
 *     attachments: {css: a.file, include: '\.(pdf|doc|html)$'}
 * </pre>
 * Search forms, open offset ranges, windows of the last period, post-back paging and the stop marker are read by
 * {@link CrawlerPagingReader}; listing rows and field values (locales, transforms, date-from, join, templates) by
 * {@link CrawlerFieldReader}.
 */
final class CrawlerConfigReader {
    private static final Set<String> TOP = Set.of("charset", "seeds", "include", "exclude", "listing", "detail",
            "locale");
    private static final Set<String> SEED = Set.of("url", "pages", "window", "range", "expect-items", "search");
    private static final Set<String> LISTING = Set.of("item", "attribute", "next", "removed", "stop-after-empty",
            "stop-when", "postback-form", "row", "fields", "link", "merge", "max-missing");
    private static final Set<String> DETAIL = Set.of("fields", "attachments");
    private static final Set<String> SELECTOR = Set.of("css", "xpath");
    private static final Set<String> ATTACHMENTS = Set.of("css", "xpath", "attribute", "include");

    private final String file;

    CrawlerConfigReader(String file) {
        this.file = file;
    }

    CrawlerSpec read(Node node, String at) {
        Map<String, Node> m = mapping(node, at, TOP);
        Charset charset = null;
        String cs = text(m, at, "charset", false);
        if (cs != null) {
            try {
                charset = Charset.forName(cs);
            } catch (RuntimeException e) {
                throw error(at + ".charset", m.get("charset"), "unknown charset '" + cs + "'");
            }
        }
        Node seedsNode = m.get("seeds");
        if (seedsNode == null) {
            throw error(at + ".seeds", node, "missing value (required: a list of seeds)");
        }
        List<SeedSpec> seeds = new ArrayList<>();
        List<Node> seedNodes = sequence(seedsNode, at + ".seeds");
        for (int i = 0; i < seedNodes.size(); i++) {
            seeds.add(seed(seedNodes.get(i), String.format(Locale.ROOT, "%s.seeds[%d]", at, i)));
        }
        if (seeds.isEmpty()) {
            throw error(at + ".seeds", seedsNode, "must list at least one seed");
        }
        List<Pattern> include = patterns(m.get("include"), at + ".include");
        List<Pattern> exclude = patterns(m.get("exclude"), at + ".exclude");
        Node listingNode = m.get("listing");
        if (listingNode == null) {
            throw error(at + ".listing", node, "missing value (required: at least listing.item)");
        }
        String lat = at + ".listing";
        Map<String, Node> l = mapping(listingNode, lat, LISTING);
        if (!l.containsKey("item") && !l.containsKey("row")) {
            throw error(lat + ".item", listingNode, "missing value (required)");
        }
        // rows: the item is the row's first link unless listing.item says which
        SelectorSpec item = l.containsKey("item") ? selector(l.get("item"), lat + ".item")
                : SelectorSpec.css("a[href]");
        String attribute = text(l, lat, "attribute", false);
        SelectorSpec next = l.containsKey("next") ? selector(l.get("next"), lat + ".next") : null;
        SelectorSpec removed = l.containsKey("removed") ? selector(l.get("removed"), lat + ".removed") : null;
        int stopAfterEmpty = l.containsKey("stop-after-empty")
                ? (int) integer(l.get("stop-after-empty"), lat + ".stop-after-empty", 1, 1000) : 1;
        Map<String, FieldSpec> fields = new LinkedHashMap<>();
        CrawlerSpec.Attachments attachments = null;
        Node detailNode = m.get("detail");
        CrawlerFieldReader fieldReader = new CrawlerFieldReader(this, CrawlerFieldReader.sourceLocale(this, m, at));
        RowSpec rows = RowKeys.rows(this, fieldReader, l, lat, detailNode == null);
        if (detailNode != null) {
            String dat = at + ".detail";
            Map<String, Node> d = mapping(detailNode, dat, DETAIL);
            if (d.containsKey("fields")) {
                fields.putAll(fieldReader.fields(d.get("fields"), dat + ".fields"));
            }
            if (d.containsKey("attachments")) {
                attachments = attachments(d.get("attachments"), dat + ".attachments");
            }
        }
        PagingSpec paging = new CrawlerPagingReader(this).paging(l, lat);
        try {
            return new CrawlerSpec(seeds, include, exclude, item, attribute, next, removed, stopAfterEmpty, fields,
                    attachments, charset, paging, rows);
        } catch (IllegalArgumentException e) {
            throw error(at, node, e.getMessage());
        }
    }

    private SeedSpec seed(Node node, String at) {
        if (node instanceof ScalarNode) {
            return seed(scalar(node, at), null, null, null, null, null, node, at);
        }
        Map<String, Node> m = mapping(node, at, SEED);
        String url = text(m, at, "url", true);
        SeedSpec.Pages pages = null;
        if (m.containsKey("pages")) {
            String pat = at + ".pages";
            Map<String, Node> p = mapping(m.get("pages"), pat, Set.of("from", "to"));
            int from = p.containsKey("from") ? (int) integer(p.get("from"), pat + ".from", 0, Integer.MAX_VALUE) : 1;
            Integer to = p.containsKey("to") ? (int) integer(p.get("to"), pat + ".to", 0, Integer.MAX_VALUE) : null;
            try {
                pages = new SeedSpec.Pages(from, to);
            } catch (IllegalArgumentException e) {
                throw error(pat, m.get("pages"), e.getMessage());
            }
        }
        CrawlerPagingReader paging = new CrawlerPagingReader(this);
        SeedSpec.Window window = m.containsKey("window") ? paging.window(m.get("window"), at + ".window") : null;
        SeedSpec.Range range = m.containsKey("range") ? paging.range(m.get("range"), at + ".range") : null;
        SearchFormSpec search = m.containsKey("search") ? paging.search(m.get("search"), at + ".search") : null;
        Boolean expect = m.containsKey("expect-items") ? bool(m.get("expect-items"), at + ".expect-items") : null;
        return seed(url, pages, window, range, expect, search, m.get("url"), at + ".url");
    }

    boolean bool(Node n, String at) {
        String v = scalar(n, at);
        if (!v.equals("true") && !v.equals("false")) {
            throw error(at, n, "must be true or false, was '" + v + "'");
        }
        return v.equals("true");
    }

    private SeedSpec seed(String url, SeedSpec.@Nullable Pages pages, SeedSpec.@Nullable Window window,
                          SeedSpec.@Nullable Range range, @Nullable Boolean expect, @Nullable SearchFormSpec search,
                          Node node, String at) {
        try {
            java.net.URI.create(url.replaceAll("\\{[a-z_-]+}", "0"));
            return new SeedSpec(url, pages, window, range, expect, search);
        } catch (IllegalArgumentException e) {
            throw error(at, node, e.getMessage());
        }
    }

    private CrawlerSpec.Attachments attachments(Node node, String at) {
        if (node instanceof ScalarNode) {
            return new CrawlerSpec.Attachments(selector(node, at), null, null);
        }
        Map<String, Node> m = mapping(node, at, ATTACHMENTS);
        SelectorSpec s = ownSelector(m, node, at);
        return new CrawlerSpec.Attachments(s, text(m, at, "attribute", false),
                m.containsKey("include") ? pattern(m.get("include"), at + ".include") : null);
    }

    /** The {@code css} or {@code xpath} key of a mapping that has other keys too. */
    SelectorSpec ownSelector(Map<String, Node> m, Node node, String at) {
        if (m.containsKey("css") == m.containsKey("xpath")) {
            throw error(at, node, "give exactly one of css, xpath");
        }
        String key = m.containsKey("css") ? "css" : "xpath";
        return selectorOf(key, m.get(key), at + "." + key);
    }

    SelectorSpec selector(Node node, String at) {
        if (node instanceof ScalarNode) {
            return selectorOf("css", node, at);
        }
        Map<String, Node> m = mapping(node, at, SELECTOR);
        return ownSelector(m, node, at);
    }

    private SelectorSpec selectorOf(String kind, Node node, String at) {
        String expression = scalar(node, at);
        try {
            return new SelectorSpec(kind.equals("css") ? SelectorSpec.Kind.CSS : SelectorSpec.Kind.XPATH, expression);
        } catch (IllegalArgumentException e) {
            throw error(at, node, e.getMessage());
        }
    }

    private List<Pattern> patterns(@Nullable Node node, String at) {
        if (node == null) {
            return List.of();
        }
        if (node instanceof ScalarNode) {
            return List.of(pattern(node, at));
        }
        List<Pattern> out = new ArrayList<>();
        List<Node> list = sequence(node, at);
        for (int i = 0; i < list.size(); i++) {
            out.add(pattern(list.get(i), String.format(Locale.ROOT, "%s[%d]", at, i)));
        }
        return out;
    }

    Pattern pattern(Node node, String at) {
        String s = scalar(node, at);
        try {
            return Pattern.compile(s);
        } catch (PatternSyntaxException e) {
            throw error(at, node, "not a regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
    }

    @Nullable LocalDate date(Map<String, Node> m, String at, String key, boolean required) {
        String s = text(m, at, key, required);
        if (s == null) {
            return null;
        }
        try {
            return LocalDate.parse(s);
        } catch (DateTimeParseException e) {
            throw error(at + "." + key, m.get(key), "must be a date as YYYY-MM-DD, was '" + s + "'");
        }
    }

    long integer(Node n, String at, long min, long max) {
        String s = scalar(n, at);
        try {
            long v = Long.parseLong(s.strip());
            if (v < min || v > max) {
                throw error(at, n, String.format(Locale.ROOT, "must be from %d to %d, was %d", min, max, v));
            }
            return v;
        } catch (NumberFormatException e) {
            throw error(at, n, "must be a whole number, was '" + s + "'");
        }
    }

    Node required(Map<String, Node> m, String at, String key) {
        Node n = m.get(key);
        if (n == null) {
            throw error(at + "." + key, null, "missing value (required)");
        }
        return n;
    }

    @Nullable String text(Map<String, Node> m, String at, String key, boolean required) {
        Node n = m.get(key);
        if (n == null) {
            if (required) {
                throw error(at + "." + key, null, "missing value (required)");
            }
            return null;
        }
        String s = scalar(n, at + "." + key).strip();
        if (s.isEmpty()) {
            throw error(at + "." + key, n, "must not be empty");
        }
        return s;
    }

    Map<String, Node> mapping(Node node, String at, @Nullable Set<String> keys) {
        if (!(node instanceof MappingNode map)) {
            throw error(at, node, "must be a mapping of keys to values");
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            String key = scalar(t.getKeyNode(), at + ".(key)");
            if (keys != null && !keys.contains(key)) {
                throw error(at + "." + key, t.getKeyNode(), "unknown key (expected one of: "
                        + String.join(", ", keys.stream().sorted().toList()) + ")");
            }
            if (out.put(key, t.getValueNode()) != null) {
                throw error(at + "." + key, t.getKeyNode(), "duplicate key");
            }
        }
        return out;
    }

    List<Node> sequence(Node node, String at) {
        if (!(node instanceof SequenceNode s)) {
            throw error(at, node, "must be a list");
        }
        return s.getValue();
    }

    String scalar(Node n, String at) {
        if (!(n instanceof ScalarNode s)) {
            throw error(at, n, "must be a single value");
        }
        return s.getValue();
    }

    ConfigException error(String key, @Nullable Node node, String problem) {
        int line = node == null ? 0 : node.getStartMark().map(mk -> mk.getLine() + 1).orElse(0);
        return new ConfigException(file, key, line, problem);
    }
}
