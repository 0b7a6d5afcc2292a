package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RunStatus;

/**
 * Issue 29 part 6: a listing seed that listed items in the previous complete crawl and lists none now (the fixture
 * portal's "sudden redesign of the lists") fails the run with a finding naming the seed and the selector that matched
 * nothing, and deletes nothing — also for a seed whose pages may be empty one by one (date windows).
 */
class RedesignDetectionTest {
    private static final String WINDOWS = """
            seeds:
              - url: search?from={from}&to={to}
                window: {start: 2024-01-01, end: 2024-06-30, step: P1M}%s
            listing: {item: 'ul.results a.act'}
            detail:
              fields: {title: {css: h1.title, required: true}}
            """;

    @TempDir
    Path dir;

    @Test
    void dateWindowsThatListedItemsAndNowListNoneFailTheRunNamingTheSelector() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(CrawlerPagingEndToEndTest.source(h, WINDOWS.formatted("")));
            assertThat(h.crawl().apply().counts().created()).isEqualTo(25);
            h.portal.remove(3, 410);
            h.portal.breakListing(true);

            HarvestReport r = h.crawl();

            assertThat(r.findings()).filteredOn(f -> f.rule().equals("eucases-d2.1:3.3/redesign")).singleElement()
                    .extracting(Finding::message).asString()
                    .contains("seed seeds[0] search?from={from}&to={to} listed 25 items in the previous complete crawl")
                    .contains("its item selector css: ul.results a.act matched nothing");
            assertThat(r.apply().counts().deleted()).isZero();
            assertThat(h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0).status())
                    .isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
        }
    }

    @Test
    void aSeedThatMayListNothingIsNotChecked() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 5, 0, 10)) {
            h.open(CrawlerPagingEndToEndTest.source(h, WINDOWS.formatted("\n    expect-items: false")));
            h.crawl();
            h.portal.breakListing(true);

            HarvestReport r = h.crawl();

            assertThat(r.findings()).isEmpty();
            assertThat(h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0).status()).isEqualTo(RunStatus.SUCCEEDED);
        }
    }

    /** The gate on a seed's first page names the seed and the selector too (no longer only "empty listing"). */
    @Test
    void anEmptyFirstPageNamesTheSeedAndTheSelector() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 12, 0, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.portal.breakListing(true);

            HarvestReport r = h.crawl();

            assertThat(r.findings()).filteredOn(f -> f.rule().equals("eucases-d2.1:3.3/empty-listing"))
                    .singleElement().extracting(Finding::message).asString()
                    .contains("seed seeds[0] acts?page=1, its item selector css: ul.results a.act matched nothing");
        }
    }

    /**
     * A crawl stopped mid-way (here in its first seed) keeps the previous complete crawl's counts in its checkpoint:
     * the resumed crawl still tells that the second seed, which listed items before, lists none now.
     */
    @Test
    void thePreviousCountsSurviveAStoppedCrawl() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(CrawlerPagingEndToEndTest.source(h, """
                    seeds:
                      - url: search?from={from}&to={to}
                        window: {start: 2024-01-01, end: 2024-03-31, step: P1M}
                      - url: search?from={from}&to={to}&part=2
                        window: {start: 2024-04-01, end: 2024-06-30, step: P1M}
                    listing: {item: 'ul.results a.act'}
                    """));
            h.crawl();
            java.util.concurrent.atomic.AtomicInteger searches = new java.util.concurrent.atomic.AtomicInteger();
            h.publisher.onArrival(path -> {
                if (path.equals("/portal/search") && searches.incrementAndGet() == 2) {
                    h.publisher.faults().always("/portal/search", new org.lexsync.fixture.Fault.Status(503, null));
                }
            });
            h.crawl(); // stops on its second window, its checkpoint after the first
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .startsWith("crawler/1 next 0 1 "));
            h.publisher.onArrival(null);
            h.publisher.faults().clear();
            h.portal.breakListing(true);

            HarvestReport r = h.crawl();

            assertThat(r.findings()).filteredOn(f -> f.rule().equals("eucases-d2.1:3.3/redesign")).singleElement()
                    .extracting(Finding::message).asString().contains("seed seeds[1] ");
        }
    }
}
