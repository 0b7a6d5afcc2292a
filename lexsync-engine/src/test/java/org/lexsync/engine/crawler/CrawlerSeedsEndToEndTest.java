package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.fixture.RecordedRequest;

/** Listing by date windows and by numbered pages, and a section served in windows-1251 (EUCases D2.1 §2). */
class CrawlerSeedsEndToEndTest {
    @TempDir
    Path dir;

    private static String source(PortalHarness h, String crawler) {
        return """
                sources:
                  - id: portal
                    protocol: crawler
                    url: %s
                    politeness: {delay: 0}
                    crawler:
                %s""".formatted(h.publisher.uri("/portal/"), crawler.indent(6));
    }

    @Test
    void dateWindowSearchesListEveryActOnce() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: search?from={from}&to={to}
                        window: {start: 2024-01-01, end: 2024-06-30, step: P1M}
                    listing: {item: 'ul.results a.act'}
                    detail:
                      fields: {title: {css: h1.title, required: true}}
                    """));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(25, 0, 0, 0, 0)); // no attachments configured: the pages alone
            assertThat(h.portalRequests().stream().filter(q -> q.path().equals("/portal/search"))
                    .map(RecordedRequest::query)).hasSize(6).contains("from=2024-01-01&to=2024-01-31",
                    "from=2024-06-01&to=2024-06-30");
        }
    }

    @Test
    void numberedPagesStopAfterTheConfiguredEmptyPages() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(source(h, """
                    seeds:
                      - url: acts?page={page}
                        pages: {from: 1}
                    listing: {item: 'ul.results a.act', stop-after-empty: 2}
                    """));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts().created()).isEqualTo(25);
            // pages 1-3 list acts, 4 and 5 are empty: two empty pages end the seed
            assertThat(h.portalRequests().stream().filter(q -> q.path().equals("/portal/acts"))
                    .map(RecordedRequest::query)).containsExactly("page=1", "page=2", "page=3", "page=4", "page=5");
        }
    }

    /** A section served in windows-1251 under a Content-Type without charset: the source's charset override reads it. */
    @Test
    void aWindows1251SectionIsReadWithTheCharsetOverride() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 0, 3, 10)) {
            h.open(source(h, """
                    charset: windows-1251
                    seeds: ['bg/acts?page=1']
                    listing: {item: 'ul.results a.act', next: a.next}
                    detail:
                      fields: {title: {css: h1.title, required: true}, id: {css: .number, required: true}}
                    """));
            h.crawl();
            Map<String, String> titles = new HashMap<>();
            h.lexsync.store().resources(PortalHarness.SOURCE, false, s -> titles.put(s.uri(), s.title()));
            assertThat(titles).containsEntry(h.publisher.uri("/portal/bg/act/1").toString(),
                    "Закон № 1 за държавния бюджет");
        }
    }
}
