package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.jsoup.nodes.Element;

/**
 * A Java crawler of the fixture portal's POST search form (an ASP.NET-style portal: the results come only to a POST
 * that echoes the hidden {@code __VIEWSTATE} of the page before, inside the session its cookie names). The cursor is
 * the results page number; within a run the next page is asked for through the pager form of the page before (its
 * hidden fields carried over by {@link CrawlSession#fill}), and a resumed run opens a fresh session at the search form.
 * The extract step reuses the generic crawler's field reading. Registered as {@value #NAME}.
 */
public final class FixtureSearchCrawler implements PortalCrawler {
    public static final String NAME = "fixture-search";
    private static final Pattern PAGE = Pattern.compile("page=(\\d+)");
    private static final FieldSpec ID = FieldSpec.text(SelectorSpec.css(".number"), true);
    private static final FieldSpec TITLE = new FieldSpec(List.of(SelectorSpec.css("h1.title"),
            SelectorSpec.xpath("//title")), null, null, null, true);
    private static final SelectorSpec ITEMS = SelectorSpec.css("ul.results a.act");
    private static final SelectorSpec FILES = SelectorSpec.css("a.file");

    private final URI home;
    /** The results page read last in this run and its page number (the pager form lives on it). */
    private @Nullable Page last;
    private int lastNumber;

    public FixtureSearchCrawler(URI home) {
        this.home = home;
    }

    @Override
    public synchronized ListingPage list(@Nullable String cursor, CrawlSession session) {
        int number = 1;
        if (cursor != null) {
            Matcher m = PAGE.matcher(cursor);
            if (m.matches()) {
                number = Integer.parseInt(m.group(1));
            }
        }
        CrawlSession.Submission submit;
        if (last != null && lastNumber == number - 1 && last.document().selectFirst("form#pager") != null) {
            submit = session.fill(last, "form#pager", Map.of());
        } else {
            Page form = session.get(home.resolve("form"));
            submit = session.fill(form, "form#search", Map.of("q", "", "page", Integer.toString(number)));
        }
        Page results = session.post(submit.action(), submit.body());
        last = results;
        lastNumber = number;
        List<URI> items = ITEMS.select(results.document()).stream().map(a -> URI.create(a.absUrl("href"))).toList();
        boolean more = results.document().selectFirst("form#pager") != null;
        return new ListingPage(items, List.of(), more ? "page=" + (number + 1) : null, true, results.url());
    }

    @Override
    public DocumentGroup extract(Page detail) {
        Element doc = detail.document();
        String id = GenericCrawler.field(detail, doc, "id", ID);
        String title = GenericCrawler.field(detail, doc, "title", TITLE);
        List<Attachment> files = FILES.select(doc).stream()
                .map(a -> new Attachment(URI.create(a.absUrl("href")), null, null)).toList();
        return DocumentGroup.of(id, detail.url(), Map.of("id", id, "title", title), title, null, files);
    }

    /** The factory {@link java.util.ServiceLoader} finds. */
    public static final class Factory implements PortalCrawlerFactory {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public PortalCrawler create(URI home) {
            return new FixtureSearchCrawler(home);
        }
    }
}
