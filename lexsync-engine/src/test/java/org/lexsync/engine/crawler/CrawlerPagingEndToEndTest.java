package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.RecordedRequest;

/**
 * Paging and search in YAML against the fixture portal's court section (issue 29, part 4): an ASP.NET post-back
 * pager, a search form with a date window, offset paging with a stop marker, and a post-back crawl stopped mid-way
 * that resumes at the unfinished page from the state in its checkpoint.
 */
class CrawlerPagingEndToEndTest {
    private static final String POSTBACK = """
            seeds: [court/decisions%s]
            include: ['/portal/act/']
            listing:
              item: {css: 'table#ctl00_grid a.case'}
              next: {css: 'tr.pager a.next'}
            detail:
              fields: {title: {css: h1.title, required: true}}
            """;

    @TempDir
    Path dir;

    static String source(PortalHarness h, String crawler) {
        return """
                sources:
                  - id: portal
                    protocol: crawler
                    url: %s
                    politeness: {delay: 0}
                    crawler:
                %s""".formatted(h.publisher.uri("/portal/"), crawler.indent(6));
    }

    private static List<RecordedRequest> decisions(PortalHarness h) {
        return h.portalRequests().stream().filter(q -> q.path().equals("/portal/court/decisions")).toList();
    }

    @Test
    void aPostBackPagerIsFollowedWithItsStateEchoed() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(source(h, POSTBACK.formatted("")));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(25, 0, 0, 0, 0));
            // page 1 by GET, pages 2 and 3 by post-backs the portal accepted (it answers 500 to a state not echoed)
            assertThat(decisions(h)).extracting(q -> q.method() + " " + q.status())
                    .containsExactly("GET 200", "POST 200", "POST 200");
        }
    }

    /** A crawl stopped on page 3 (its post-back fails) resumes, in a new facade, with that post-back alone. */
    @Test
    void aStoppedPostBackCrawlResumesAtTheUnfinishedPage() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            stopOnThirdPage(h);
            h.open(source(h, POSTBACK.formatted("")));
            HarvestReport first = h.crawl();
            assertThat(first.apply().counts().created()).isEqualTo(20);
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .startsWith("crawler/1 next 0 0 2 0 postback:"));
            restart(h);

            HarvestReport second = h.crawl();

            assertThat(decisions(h)).extracting(q -> q.method() + " " + q.status()).containsExactly("POST 200");
            assertThat(second.apply().counts()).isEqualTo(new RunCounts(5, 0, 0, 0, 0));
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .startsWith("crawler/1 complete"));
        }
    }

    /**
     * A view state too large for a bounded checkpoint is named, not stored: a crawl resumed in a new facade re-walks
     * the post-backs from the first page to the unfinished one, listing none of the pages on the way.
     */
    @Test
    void aViewStateTooLargeForTheCheckpointIsReWalked() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            stopOnThirdPage(h);
            h.open(source(h, POSTBACK.formatted("?pad=200000")));
            assertThat(h.crawl().apply().counts().created()).isEqualTo(20);
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .contains("rewalk:").hasSizeLessThan(1000));
            restart(h);

            HarvestReport second = h.crawl();

            assertThat(decisions(h)).extracting(q -> q.method() + " " + q.status())
                    .containsExactly("GET 200", "POST 200", "POST 200");
            assertThat(second.apply().counts()).isEqualTo(new RunCounts(5, 0, 0, 0, 0));
        }
    }

    private static void stopOnThirdPage(PortalHarness h) {
        AtomicInteger pages = new AtomicInteger();
        h.publisher.onArrival(path -> {
            if (path.equals("/portal/court/decisions") && pages.incrementAndGet() == 3) {
                h.publisher.faults().always("/portal/court/decisions", new Fault.Status(503, null));
            }
        });
    }

    /** Clears the faults and opens a new facade (a new crawler and session: nothing kept in memory). */
    private static void restart(PortalHarness h) throws Exception {
        h.publisher.onArrival(null);
        h.publisher.faults().clear();
        h.publisher.clearRequests();
        String yaml = java.nio.file.Files.readString(h.dir.resolve("lexsync.yaml"));
        h.lexsync.close();
        h.lexsync = null;
        h.open(yaml);
    }

    @Test
    void aSearchFormIsFilledWithEachDateWindowAndASelectValue() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: court/search
                        search:
                          form: 'form#search'
                          fields: {dateFrom: '{from}', dateTo: '{to}', chamber: civil}
                        window: {start: 2024-01-01, end: 2024-02-29, step: P1M, format: dd/MM/yyyy}
                    include: ['/portal/act/']
                    listing: {item: 'ul.results a.act', stop-when: {css: .no-results}}
                    """));
            HarvestReport r = h.crawl();
            // acts 1-8 are adopted in January and February (2024-01-08 + 7 days each); the civil ones are even
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(4, 0, 0, 0, 0));
            assertThat(h.resources()).containsOnlyKeys(List.of(2, 4, 6, 8).stream()
                    .map(i -> h.publisher.uri("/portal/act/" + i).toString()).toList());
            assertThat(h.portalRequests()).extracting(q -> q.method() + " " + q.path()).startsWith(
                    "GET /portal/court/search", "POST /portal/court/search/results");
        }
    }

    /** A form that says GET is submitted as a query; a window of the last 30 days ends today. */
    @Test
    void aGetFormWithTheLastDaysWindowAsksForTheDaysUpToToday() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 5, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: court/find
                        search: {fields: {dateFrom: '{from}', dateTo: '{to}'}}
                        window: {last: P30D, format: dd/MM/yyyy}
                    listing: {item: 'ul.results a.act', stop-when: {css: .no-results}}
                    """));
            HarvestReport r = h.crawl();
            DateTimeFormatter f = DateTimeFormatter.ofPattern("dd'%2F'MM'%2F'yyyy", Locale.ROOT);
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            assertThat(h.portalRequests()).filteredOn(q -> q.path().equals("/portal/court/search/results"))
                    .singleElement().satisfies(q -> assertThat(q.method()).isEqualTo("GET"))
                    .satisfies(q -> assertThat(q.query()).contains("dateFrom=" + f.format(today.minusDays(30)))
                            .contains("dateTo=" + f.format(today)));
            assertThat(h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0).status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(r.apply().counts().created()).isZero();
        }
    }

    @Test
    void anOpenOffsetRangePagesUntilTheStopMarker() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: court/list?begin={begin}
                        range: {name: begin, from: 0, step: 10}
                    listing: {item: 'ul.results a.act', stop-when: {css: .no-results}}
                    """));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts().created()).isEqualTo(25);
            assertThat(h.portalRequests().stream().filter(q -> q.path().equals("/portal/court/list"))
                    .map(RecordedRequest::query)).containsExactly("begin=0", "begin=10", "begin=20", "begin=30");
            assertThat(h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0).status()).isEqualTo(RunStatus.SUCCEEDED);
        }
    }

    /** A search page without the configured form stops the run with what is missing (the portal changed). */
    @Test
    void aSearchPageWithoutItsFormStopsTheRun() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 5, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: court/search
                        search: {form: 'form#advanced', fields: {chamber: civil}}
                    listing: {item: 'ul.results a.act'}
                    """));
            HarvestReport r = h.crawl();
            assertThat(r.apply().gap().reason()).isEqualTo("form-missing");
            assertThat(r.apply().gap().message()).contains("no form form#advanced");
            assertThat(h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0).status())
                    .isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
        }
    }

    /** Without a stop marker an open range ends after stop-after-empty pages without items. */
    @Test
    void anOpenOffsetRangeEndsAfterTheConfiguredEmptyPages() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: court/list?begin={begin}
                        range: {name: begin, from: 0, step: 10}
                    listing: {item: 'ul.results a.act', stop-after-empty: 2}
                    """));
            assertThat(h.crawl().apply().counts().created()).isEqualTo(25);
            assertThat(h.portalRequests().stream().filter(q -> q.path().equals("/portal/court/list"))
                    .map(RecordedRequest::query)).containsExactly("begin=0", "begin=10", "begin=20", "begin=30",
                    "begin=40");
        }
    }
}
