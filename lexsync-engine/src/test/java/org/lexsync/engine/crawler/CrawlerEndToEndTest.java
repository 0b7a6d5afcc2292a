package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ResourceStatus;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.Faults;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.portal.LegalPortal;

/**
 * A configured pure-YAML crawler against the fixture portal, through the facade (EUCases D2.1 §2 change detection,
 * §3.3 the weaknesses to beat: no Del, unthrottled requests, restart from zero, silent breakage).
 */
class CrawlerEndToEndTest {
    /** 25 acts in the main section, 10 a page: three listing pages; each act is a page and three attachments. */
    private static final int ACTS = 25;

    @TempDir
    Path dir;

    @Test
    void firstCrawlAddsEveryDocumentOfEveryGroup() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, ACTS, 5, 10)) {
            h.open(h.yaml(0));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(ACTS * 4, 0, 0, 0, 0));
            assertThat(h.active()).isEqualTo(ACTS * 4);
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .startsWith("crawler/1 complete"));
        }
    }

    /** §2: Add, Upd, None and Del counted exactly; unchanged detail pages and files answered 304, never re-sent. */
    @Test
    void secondCrawlCountsAddUpdNoneDelExactlyAndAsksConditionally() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, ACTS, 5, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.portal.update(3);          // page, HTML and PDF change; the DOC stays
            h.portal.remove(5, 404);
            h.portal.remove(6, 410);
            int added = h.portal.add(false).id();
            h.publisher.clearRequests();

            HarvestReport r = h.crawl();

            // Add: the new act's 4 documents; Upd: act 3's page, HTML, PDF; Del: acts 5 and 6, 4 documents each;
            // None: the other 22 acts' 4 documents and act 3's DOC
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(4, 3, 8, 22 * 4 + 1, 0));
            List<RecordedRequest> requests = h.portalRequests();
            // 3 listing pages + 24 listed detail pages + 2 removed ones asked again + 23 × 3 held files + 3 new files
            assertThat(requests).hasSize(3 + 24 + 2 + 69 + 3);
            assertThat(requests.stream().filter(q -> q.status() == 200 && q.path().startsWith("/portal/act/"))
                    .map(RecordedRequest::path)).containsExactlyInAnyOrder("/portal/act/3", "/portal/act/" + added);
            assertThat(requests.stream().filter(q -> q.path().startsWith("/portal/act/") && q.status() == 304))
                    .hasSize(22);
            assertThat(h.resources()).containsEntry(h.publisher.uri("/portal/act/5").toString(), ResourceStatus.DELETED)
                    .containsEntry(h.publisher.uri("/portal/files/6/text.pdf").toString(), ResourceStatus.DELETED);
        }
    }

    /** §3.3 Del only from an explicit signal: an act the portal lists as removed is deleted, page still served or not. */
    @Test
    void theRemovalListDeletesWhatItNames() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 12, 0, 10)) {
            String yaml = h.yaml(0).replace("        - url: acts?page=1\n", "        - url: acts?page=1\n        - {url: removed, expect-items: false}\n")
                    .replace("next: {css: 'a.next'}", "next: {css: 'a.next'}\n        removed: {css: 'ul.removed a'}");
            h.open(yaml);
            h.crawl();
            h.portal.withdraw(4);

            HarvestReport r = h.crawl();

            assertThat(r.apply().counts()).isEqualTo(new RunCounts(0, 0, 4, 11 * 4, 0));
            assertThat(h.resources()).containsEntry(h.publisher.uri("/portal/act/4").toString(), ResourceStatus.DELETED);
        }
    }

    /** §3.3 never "not seen": an act that leaves the lists but is still served is kept (and no removal list names it). */
    @Test
    void anActNoLongerListedButStillServedIsKept() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 12, 0, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.portal.withdraw(4);

            HarvestReport r = h.crawl();

            assertThat(r.apply().counts().deleted()).isZero();
            assertThat(h.active()).isEqualTo(12 * 4);
            assertThat(h.publisher.requests("/portal/act/4")).extracting(RecordedRequest::status).containsExactly(200, 304);
        }
    }

    /** §3.3, invariant 4: a page robots.txt now disallows fails alone and is never deleted. */
    @Test
    void aRobotsBlockNeverDeletes() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 5, 0, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.lexsync.close();
            h.lexsync = null; // a new facade reads robots.txt afresh
            h.publisher.robotsTxt("User-agent: *\nDisallow: /portal/act/2\n");
            h.open(h.yaml(0));

            HarvestReport r = h.crawl();

            assertThat(r.apply().counts().deleted()).isZero();
            assertThat(r.apply().failures()).extracting(f -> f.reason()).containsExactly("robots-disallowed");
            assertThat(h.active()).isEqualTo(5 * 4);
            assertThat(h.publisher.requests("/portal/act/2")).hasSize(1);
        }
    }

    /** An attachment its page no longer links is asked for again; its 404 deletes it, and only it. */
    @Test
    void anAttachmentTakenOffItsPageIsDeletedOnlyWhenItIsGone() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 3, 0, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.portal.removeAttachment(2, "text.doc");

            HarvestReport r = h.crawl();

            // the page and its HTML and PDF have a new version; the DOC is gone
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(0, 3, 1, 8, 0));
            assertThat(h.resources()).containsEntry(h.publisher.uri("/portal/files/2/text.doc").toString(),
                    ResourceStatus.DELETED);
        }
    }

    /** §3.3: a 503 or a timeout on re-fetch never deletes; the item fails alone and stays as held. */
    @Test
    void serviceUnavailableAndTimeoutsNeverDelete() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, ACTS, 0, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.portal.remove(9, 404); // not listed any more: re-fetched after the listing, but the portal is down
            h.publisher.faults().always("/portal/act/7", new Fault.Status(503, null));
            h.publisher.faults().always("/portal/act/8", new Fault.Latency(Duration.ofSeconds(4)));
            h.publisher.faults().always("/portal/act/9", new Fault.Status(503, null));

            HarvestReport r = h.crawl();

            assertThat(r.apply().counts().deleted()).isZero();
            assertThat(r.apply().counts().failed()).isEqualTo(2);
            assertThat(h.active()).isEqualTo(ACTS * 4);
            assertThat(h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0).status()).isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
        }
    }

    /** §3.3 silent breakage: a listing that suddenly lists nothing fails the run with a finding and deletes nothing. */
    @Test
    void aListingThatSuddenlyListsNothingFailsTheRunAndDeletesNothing() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, ACTS, 0, 10)) {
            h.open(h.yaml(0));
            h.crawl();
            h.portal.remove(2, 410);
            h.portal.breakListing(true);

            HarvestReport r = h.crawl();

            assertThat(r.apply().counts().deleted()).isZero();
            assertThat(h.active()).isEqualTo(ACTS * 4);
            assertThat(r.findings()).extracting(Finding::rule).contains("eucases-d2.1:3.3/empty-listing");
            RunRecord run = h.lexsync.store().runs(PortalHarness.SOURCE, 1).get(0);
            assertThat(run.status()).isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
        }
    }

    /** The sanity gate: a detail page without a required field fails the run and deletes nothing. */
    @Test
    void aDetailPageWithoutARequiredFieldFailsTheRun() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 3, 0, 10)) {
            h.open(h.yaml(0).replace("id: {css: .number, required: true}", "id: {css: .act-number, required: true}"));
            HarvestReport r = h.crawl();
            assertThat(r.findings()).extracting(Finding::rule).contains("eucases-d2.1:3.3/required-field");
            assertThat(r.apply().gap().message()).contains("field 'id'");
            assertThat(h.active()).isZero();
        }
    }

    /**
     * §3.3 "a crash restarted from zero": a crawl stopped on its third listing page (here: the portal fails it, an
     * in-process stand-in for a killed process) resumes there and does not ask for the two finished pages again.
     */
    @Test
    void aStoppedCrawlResumesWithoutRefetchingFinishedListingPages() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, ACTS, 0, 10)) {
            AtomicInteger listings = new AtomicInteger();
            h.publisher.onArrival(path -> {
                if (path.equals("/portal/acts") && listings.incrementAndGet() == 3) {
                    h.publisher.faults().always("/portal/acts", new Fault.Status(503, null));
                }
            });
            h.open(h.yaml(0));
            HarvestReport first = h.crawl();
            assertThat(first.apply().counts().created()).isEqualTo(20 * 4);
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .startsWith("crawler/1 next ").contains("page=3"));
            h.publisher.onArrival(null);
            h.publisher.faults().clear();
            h.publisher.clearRequests();

            HarvestReport second = h.crawl();

            assertThat(h.portalRequests().stream().filter(q -> q.path().equals("/portal/acts")).map(RecordedRequest::query))
                    .containsExactly("page=3");
            assertThat(second.apply().counts()).isEqualTo(new RunCounts(5 * 4, 0, 0, 0, 0));
            assertThat(h.lexsync.store().checkpoint(PortalHarness.SOURCE)).hasValueSatisfying(c -> assertThat(c)
                    .startsWith("crawler/1 complete"));
        }
    }

    /** Invariant 4: the source's delay holds between any two requests to the portal, measured at the portal. */
    @Test
    void theSourcesDelayIsKeptBetweenRequestsAsTheServerSeesThem() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 3, 0, 10)) {
            h.open(h.yaml(0.2));
            h.crawl();
            List<RecordedRequest> requests = h.publisher.requests();
            assertThat(requests).hasSizeGreaterThan(10);
            for (int i = 1; i < requests.size(); i++) {
                long gapMs = (requests.get(i).nanoTime() - requests.get(i - 1).nanoTime()) / 1_000_000;
                assertThat(gapMs).as("gap before request %d (%s)", i, requests.get(i).path()).isGreaterThanOrEqualTo(190);
            }
        }
    }

    /** Invariant 4: a 429 with Retry-After is waited out, then the page is asked again and the crawl completes. */
    @Test
    void retryAfterIsHonoured() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 3, 0, 10)) {
            h.publisher.faults().add("/portal/act/2", new Fault.Status(429, "1"), 1);
            h.open(h.yaml(0));
            h.lexsync.close();
            h.lexsync = org.lexsync.engine.LexSync.builder(dir.resolve("data")).tries(2).build();
            h.open(h.yaml(0));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts().created()).isEqualTo(3 * 4);
            List<RecordedRequest> asked = h.publisher.requests("/portal/act/2");
            assertThat(asked).extracting(RecordedRequest::status).containsExactly(429, 200);
            assertThat(Duration.ofNanos(asked.get(1).nanoTime() - asked.get(0).nanoTime())).isGreaterThanOrEqualTo(
                    Duration.ofMillis(950));
        }
    }
}
