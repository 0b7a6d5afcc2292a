package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.fixture.RecordedRequest;

/** The Java crawler of the portal's POST search form, configured by name in lexsync.yaml (options: {java: …}). */
class FixtureSearchCrawlerTest {
    @TempDir
    Path dir;

    private static String yaml(PortalHarness h) {
        return """
                sources:
                  - id: portal
                    protocol: crawler
                    url: %s
                    politeness: {delay: 0}
                    options: {java: fixture-search}
                """.formatted(h.publisher.uri("/portal/"));
    }

    @Test
    void postsTheSearchFormEchoingItsViewStateInsideTheSession() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 25, 0, 10)) {
            h.open(yaml(h));
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(25 * 4, 0, 0, 0, 0));
            List<RecordedRequest> form = h.portalRequests().stream().filter(q -> q.path().startsWith("/portal/form"))
                    .toList();
            // one form page, then three result pages, each a POST inside the session (the portal answers 403 or 400
            // to a POST without the cookie or with a stale __VIEWSTATE)
            assertThat(form).extracting(RecordedRequest::method).containsExactly("GET", "POST", "POST", "POST");
            assertThat(form).extracting(RecordedRequest::status).containsOnly(200);
            assertThat(form.subList(1, 4)).allSatisfy(q -> assertThat(q.header("cookie")).startsWith("PORTALSESSION="));
        }
    }

    @Test
    void aSecondCrawlFindsEverythingUnchanged() throws Exception {
        try (PortalHarness h = new PortalHarness(dir, 12, 0, 10)) {
            h.open(yaml(h));
            h.crawl();
            HarvestReport r = h.crawl();
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(0, 0, 0, 12 * 4, 0));
        }
    }
}
