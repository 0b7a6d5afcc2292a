package org.lexsync.engine.crawler;

import java.time.LocalDate;
import java.time.Period;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * Reads the paging and search parts of a generic crawler's configuration for {@link CrawlerConfigReader}, with its
 * file:line:key errors (docs/crawlers.md, "Paging and search forms"):
 *
 * <pre>
 * seeds:
 *   - url: search                                   # the page holding the form
 *     search: {form: 'form#search', fields: {from: '{from}', to: '{to}', chamber: civil}}
 *     window: {last: P30D, format: dd/MM/yyyy}      # or {start: 2024-01-01, step: P1M, end: …}
 *   - url: list?begin={begin}
 *     range: {name: begin, from: 0, step: 20}       # no to: an open offset range, ended by the stop condition
 * listing:
 *   next: {css: 'a.next'}                           # a link, or a javascript:__doPostBack(…) pager link
 *   postback-form: 'form#aspnetForm'                # the form a post-back submits (default: the one with __VIEWSTATE)
 *   stop-when: {css: .no-results}                   # the page after the last one
 * </pre>
 */
final class CrawlerPagingReader {
    private static final Set<String> WINDOW = Set.of("start", "end", "step", "format", "last");
    private static final Set<String> RANGE = Set.of("name", "from", "to", "step");
    private static final Set<String> SEARCH = Set.of("form", "fields");

    private final CrawlerConfigReader r;

    CrawlerPagingReader(CrawlerConfigReader reader) {
        this.r = reader;
    }

    /** A seed's {@code window:}: from a start date by a step, or the last period up to the day of each run. */
    SeedSpec.Window window(Node node, String at) {
        Map<String, Node> w = r.mapping(node, at, WINDOW);
        LocalDate start = r.date(w, at, "start", false);
        LocalDate end = r.date(w, at, "end", false);
        Period last = w.containsKey("last") ? period(w, at, "last") : null;
        if ((start == null) == (last == null)) {
            throw r.error(at, node, start == null ? "give start (windows from a date) or last (the last period up to"
                    + " the day of the run)" : "give start or last, not both");
        }
        Period step = w.containsKey("step") ? period(w, at, "step") : null;
        if (start != null && step == null) {
            throw r.error(at + ".step", node, "missing value (required with start: a period such as P1M)");
        }
        String format = r.text(w, at, "format", false);
        DateTimeFormatter f;
        try {
            f = format == null ? DateTimeFormatter.ISO_LOCAL_DATE : DateTimeFormatter.ofPattern(format, Locale.ROOT);
        } catch (IllegalArgumentException e) {
            throw r.error(at + ".format", w.get("format"), "not a date format: " + e.getMessage());
        }
        try {
            return new SeedSpec.Window(start, end, step, f, last);
        } catch (IllegalArgumentException e) {
            throw r.error(at, node, e.getMessage());
        }
    }

    private Period period(Map<String, Node> m, String at, String key) {
        String text = r.text(m, at, key, true);
        try {
            return Period.parse(text);
        } catch (DateTimeParseException e) {
            throw r.error(at + "." + key, m.get(key), "must be an ISO 8601 period such as P1M or P7D, was '" + text
                    + "'");
        }
    }

    /** A seed's {@code range:}: closed ({@code to}) or open (paged by offset until the stop condition). */
    SeedSpec.Range range(Node node, String at) {
        Map<String, Node> m = r.mapping(node, at, RANGE);
        String name = r.text(m, at, "name", true);
        long from = r.integer(r.required(m, at, "from"), at + ".from", Long.MIN_VALUE / 4, Long.MAX_VALUE / 4);
        Long to = m.containsKey("to") ? r.integer(m.get("to"), at + ".to", Long.MIN_VALUE / 4, Long.MAX_VALUE / 4)
                : null;
        long step = m.containsKey("step") ? r.integer(m.get("step"), at + ".step", 1, Integer.MAX_VALUE) : 1;
        try {
            return new SeedSpec.Range(name, from, to, step);
        } catch (IllegalArgumentException e) {
            throw r.error(at, node, e.getMessage());
        }
    }

    /** A seed's {@code search:} form: which form, and the values to set (text; a select's value likewise). */
    SearchFormSpec search(Node node, String at) {
        Map<String, Node> m = r.mapping(node, at, SEARCH);
        String form = r.text(m, at, "form", false);
        if (form != null) {
            try {
                SelectorSpec.css(form);
            } catch (IllegalArgumentException e) {
                throw r.error(at + ".form", m.get("form"), e.getMessage());
            }
        }
        Map<String, String> fields = new LinkedHashMap<>();
        if (m.containsKey("fields")) {
            r.mapping(m.get("fields"), at + ".fields", null)
                    .forEach((k, v) -> fields.put(k, r.scalar(v, at + ".fields." + k)));
        }
        return new SearchFormSpec(form, fields);
    }

    /** The listing's {@code stop-when} and {@code postback-form}. */
    PagingSpec paging(Map<String, Node> listing, String at) {
        SelectorSpec stopWhen = listing.containsKey("stop-when")
                ? r.selector(listing.get("stop-when"), at + ".stop-when") : null;
        String form = r.text(listing, at, "postback-form", false);
        if (form != null) {
            try {
                SelectorSpec.css(form);
            } catch (IllegalArgumentException e) {
                throw r.error(at + ".postback-form", listing.get("postback-form"), e.getMessage());
            }
        }
        return new PagingSpec(stopWhen, form);
    }
}
