package org.lexsync.engine.crawler;

import java.net.URI;
import java.net.URLEncoder;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The crawler a {@link CrawlerSpec} describes: lists by expanding its seeds (result pages, date windows, an integer
 * range, an open offset range, a search form filled per binding) and following "next" links or ASP.NET post-backs
 * until a stop marker, and extracts fields and attachments with CSS or XPath selectors. A Java crawler can reuse its
 * pieces ({@link #field}, {@link #links}).
 */
public final class GenericCrawler implements PortalCrawler {
    private final CrawlerSpec spec;
    private final URI home;
    private final PostbackCursors postbacks = new PostbackCursors();

    public GenericCrawler(CrawlerSpec spec, URI home) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.home = Objects.requireNonNull(home, "home");
    }

    @Override
    public ListingPage list(@Nullable String cursorText, CrawlSession session) {
        ListingCursor c = ListingCursor.parse(cursorText).orElse(null);
        if (c == null || c.seed() >= spec.seeds().size()) {
            c = first(0);
        }
        SeedSpec seed = spec.seeds().get(c.seed());
        List<Map<String, String>> bindings = bindings(seed);
        if (c.binding() >= bindings.size()) {
            c = new ListingCursor(c.seed(), bindings.size() - 1, c.page(), c.empties(), c.url());
        }
        Map<String, String> binding = SeedPaging.binding(seed, bindings.get(c.binding()), c.page());
        URI url = c.url() != null ? c.url() : home.resolve(expand(seed.template(), binding, c.page()));
        Page page;
        try {
            page = c.postback() != null ? postbacks.resume(c, session, () -> seedPage(seed, binding, url, session),
                    SeedPaging.firstPage(seed), spec.next(), spec.paging().postbackForm())
                    : c.url() != null ? session.get(url) : seedPage(seed, binding, url, session);
        } catch (PageUnavailableException e) {
            boolean pastTheEnd = e.gone() && c.url() == null && c.postback() == null && seed.paged()
                    && c.page() > SeedPaging.firstPage(seed);
            if (!pastTheEnd) {
                throw e;
            }
            // a numbered result page past the last one answers 404 on many portals: an empty page, not a failure
            ListingCursor next = following(c, seed, bindings.size(), true, null, null, false);
            return new ListingPage(List.of(), List.of(), next == null ? null : next.format(), false, url);
        }
        Document doc = page.document();
        List<ListedItem> items = listed(page);
        List<URI> removed = spec.removed() == null ? List.of() : links(doc, spec.removed(), spec.itemAttribute(), true);
        boolean stop = spec.paging().stopWhen() != null && !spec.paging().stopWhen().select(doc).isEmpty();
        URI nextLink = null;
        String postback = null;
        if (spec.next() != null && !stop) {
            Postback p = PostbackPager.next(session, page, spec.next(), spec.paging().postbackForm());
            if (p != null) {
                postback = postbacks.token(p);
            } else {
                List<URI> n = links(doc, spec.next(), "href", false);
                if (!n.isEmpty() && !n.get(0).equals(url) && !n.get(0).equals(page.url())
                        && n.get(0).getScheme() != null && n.get(0).getScheme().startsWith("http")) {
                    nextLink = n.get(0);
                }
            }
        }
        boolean firstPageOfSeed = c.url() == null && c.postback() == null && c.page() == SeedPaging.firstPage(seed);
        boolean expected = !stop && (c.url() != null || c.postback() != null || firstPageOfSeed
                && (seed.expectItems() != null ? seed.expectItems()
                : seed.window() == null && (seed.range() == null || seed.range().open())));
        ListingCursor next = following(c, seed, bindings.size(), items.isEmpty() && removed.isEmpty(), nextLink,
                postback, stop);
        return ListingPage.of(items, removed, next == null ? null : next.format(), expected, page.url());
    }

    /**
     * The items of a fetched listing page: its rows with their fields when the spec reads rows, else the item links.
     *
     * @throws ExtractionException when too many rows lack a required field (the sanity gate)
     */
    List<ListedItem> listed(Page page) {
        if (spec.rows() != null) {
            return ListingRows.items(spec, page, this::allowed);
        }
        return links(page.document(), spec.item(), spec.itemAttribute(), true).stream().map(ListedItem::new).toList();
    }

    /** The spec this crawler follows. */
    CrawlerSpec spec() {
        return spec;
    }

    /**
     * The seed and item selector of the listing page at {@code cursorText} (redesign detection); null for a seed that
     * says {@code expect-items: false} (it may list nothing any day).
     */
    @Override
    public @Nullable ListingSeed listingSeed(@Nullable String cursorText) {
        int index = ListingCursor.parse(cursorText).map(ListingCursor::seed).filter(i -> i < spec.seeds().size())
                .orElse(0);
        SeedSpec seed = spec.seeds().get(index);
        return Boolean.FALSE.equals(seed.expectItems()) ? null
                : new ListingSeed("seeds[" + index + "] " + seed.template(),
                        spec.rows() != null ? spec.rows().row().toString() : spec.item().toString());
    }

    /** The seed's own page for a binding: fetched, or, for a search seed, the result of submitting its form. */
    private Page seedPage(SeedSpec seed, Map<String, String> binding, URI url, CrawlSession session) {
        Page page = session.get(url);
        return seed.search() == null ? page : seed.search().submit(session, page, seed.search().values(binding));
    }

    private ListingCursor first(int seedIndex) {
        return new ListingCursor(seedIndex, 0, SeedPaging.firstPage(spec.seeds().get(seedIndex)), 0, null);
    }

    /**
     * The cursor after the page at {@code c}: the post-back or next link, the next result page or offset, binding or
     * seed; null at the end. A page the stop marker matches ends its binding's paging.
     */
    private @Nullable ListingCursor following(ListingCursor c, SeedSpec seed, int bindings, boolean empty,
                                              @Nullable URI nextLink, @Nullable String postback, boolean stop) {
        if (postback != null && !empty) {
            return new ListingCursor(c.seed(), c.binding(), c.page() + 1, 0, null, postback);
        }
        if (nextLink != null && !empty) {
            return new ListingCursor(c.seed(), c.binding(), c.page() + 1, 0, nextLink);
        }
        if (seed.paged() && c.url() == null && c.postback() == null && !stop) {
            int empties = empty ? c.empties() + 1 : 0;
            boolean more = seed.pages() == null || seed.pages().to() == null ? empties < spec.stopAfterEmpty()
                    : c.page() < seed.pages().to() && empties < spec.stopAfterEmpty();
            if (more) {
                return new ListingCursor(c.seed(), c.binding(), c.page() + 1, empties, null);
            }
        }
        if (c.binding() + 1 < bindings) {
            return new ListingCursor(c.seed(), c.binding() + 1, SeedPaging.firstPage(seed), 0, null);
        }
        if (c.seed() + 1 < spec.seeds().size()) {
            return first(c.seed() + 1);
        }
        return null;
    }

    /**
     * Every binding of the seed's date-window and closed-range variables, windows outside, range values inside (an
     * open range pages instead: {@link SeedPaging}).
     */
    static List<Map<String, String>> bindings(SeedSpec seed) {
        List<Map<String, String>> windows = new ArrayList<>();
        if (seed.window() == null) {
            windows.add(Map.of());
        } else {
            SeedSpec.Window w = seed.window();
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            LocalDate end = w.end() != null ? w.end() : today;
            LocalDate start = w.start() != null ? w.start() : today.minus(w.last());
            java.time.Period step = w.step() != null ? w.step() : java.time.Period.between(start, end).plusDays(1);
            for (LocalDate from = start; !from.isAfter(end); from = from.plus(step)) {
                LocalDate to = from.plus(step).minusDays(1);
                if (to.isAfter(end)) {
                    to = end;
                }
                windows.add(Map.of("from", w.format().format(from), "to", w.format().format(to)));
            }
        }
        if (seed.range() == null || seed.range().open()) {
            return windows;
        }
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> w : windows) {
            for (long n = seed.range().from(); n <= seed.range().to(); n += seed.range().step()) {
                Map<String, String> b = new LinkedHashMap<>(w);
                b.put(seed.range().name(), Long.toString(n));
                out.add(b);
            }
        }
        return out;
    }

    static String expand(String template, Map<String, String> binding, int page) {
        String s = template.replace("{page}", Integer.toString(page));
        for (Map.Entry<String, String> e : binding.entrySet()) {
            s = s.replace("{" + e.getKey() + "}", URLEncoder.encode(e.getValue(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return s;
    }

    /**
     * The absolute URLs in {@code attribute} (default {@code href}) of the elements {@code selector} matches (or of
     * the first link inside each), in order without repeats; with {@code filter}, only those the spec's include and
     * exclude patterns let through.
     */
    public List<URI> links(Element root, SelectorSpec selector, @Nullable String attribute, boolean filter) {
        String attr = attribute == null ? "href" : attribute;
        Set<URI> out = new LinkedHashSet<>();
        for (Element e : selector.select(root)) {
            Element holder = e.hasAttr(attr) ? e : e.selectFirst("[" + attr + "]");
            if (holder == null) {
                continue;
            }
            URI abs = Links.absolute(holder, attr);
            if (abs == null || filter && !allowed(abs.toString())) {
                continue; // javascript:, mailto: and what is no URI even percent-encoded are no items
            }
            out.add(abs);
        }
        return List.copyOf(out);
    }

    private boolean allowed(String url) {
        if (!spec.include().isEmpty() && spec.include().stream().noneMatch(p -> p.matcher(url).find())) {
            return false;
        }
        return spec.exclude().stream().noneMatch(p -> p.matcher(url).find());
    }

    @Override
    public DocumentGroup extract(Page detail) {
        Document doc = detail.document();
        Map<String, String> metadata = new LinkedHashMap<>();
        for (Map.Entry<String, FieldSpec> f : spec.fields().entrySet()) {
            FieldReader.Read r = FieldReader.read(detail.url(), doc, f.getValue(), metadata);
            if (r.found()) {
                metadata.put(f.getKey(), r.value());
            } else if (f.getValue().required()) {
                throw new ExtractionException(detail.url(), f.getKey(), r.problem());
            }
        }
        List<Attachment> attachments = new ArrayList<>();
        if (spec.attachments() != null) {
            CrawlerSpec.Attachments a = spec.attachments();
            for (URI u : links(doc, a.selector(), a.attribute(), false)) {
                if (a.include() == null || a.include().matcher(u.toString()).find()) {
                    attachments.add(new Attachment(u, fileName(u), extension(u)));
                }
            }
        }
        String id = metadata.getOrDefault("id", detail.url().toString());
        return DocumentGroup.of(id, detail.url(), metadata, metadata.get("title"), metadata.get("date"), attachments);
    }

    /**
     * One field of a detail page: the first selector (then the fallbacks, in order) that yields a value after the
     * attribute, the regular expression and the date format; null when none does and the field is optional.
     *
     * @throws ExtractionException when a required field has no value
     */
    public static @Nullable String field(Page page, Element root, String name, FieldSpec f) {
        FieldReader.Read r = FieldReader.read(page.url(), root, f, Map.of());
        if (!r.found() && f.required()) {
            throw new ExtractionException(page.url(), name, r.problem());
        }
        return r.value();
    }

    @Override
    public DocumentGroup extract(Page detail, List<ListedItem> listed) {
        return RowRecords.merge(extract(detail), listed,
                spec.rows() == null ? RowSpec.Merge.DETAIL_WINS : spec.rows().merge());
    }

    private static final Pattern EXTENSION = Pattern.compile("\\.([A-Za-z0-9]{1,5})$");

    static @Nullable String fileName(URI u) {
        String path = u.getPath() == null ? "" : u.getPath();
        int slash = path.lastIndexOf('/');
        String name = slash < 0 ? path : path.substring(slash + 1);
        return name.isEmpty() ? null : name;
    }

    static @Nullable String extension(URI u) {
        String name = fileName(u);
        if (name == null) {
            return null;
        }
        Matcher m = EXTENSION.matcher(name);
        return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : null;
    }
}
