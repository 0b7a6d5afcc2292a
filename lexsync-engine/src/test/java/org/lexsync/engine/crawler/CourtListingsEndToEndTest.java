package org.lexsync.engine.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.portal.CourtListings;

/**
 * A listing-only crawl (issue 29): a court whose metadata is only in its listing rows, grouped under date headings,
 * linking PDFs by file names with spaces, two rows sharing one PDF; the YAML of docs/crawlers.md ("Fields from the
 * listing row") against the fixture court on loopback.
 */
class CourtListingsEndToEndTest {
    /** The crawler of docs/crawlers.md, "Fields from the listing row", also run on saved pages (SavedListingPagesTest). */
    static final Path YAML = SavedPagesTest.PORTALS.resolve("court-opinions").resolve("lexsync.yaml");

    @TempDir
    Path dir;

    private static final class Court implements AutoCloseable {
        final FixturePublisher publisher = FixturePublisher.builder().resources(0).start();
        final CourtListings court;
        final LexSync lexsync;

        Court(Path dir, int opinions, int pageSize) throws IOException {
            court = CourtListings.install(publisher, opinions, pageSize);
            Path file = dir.resolve("lexsync.yaml");
            Files.writeString(file, Files.readString(YAML, StandardCharsets.UTF_8).replace("https://court.example/",
                    publisher.uri(CourtListings.PREFIX + "/").toString()), StandardCharsets.UTF_8);
            lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(1, Duration.ZERO)).tries(1)
                    .timeout(Duration.ofSeconds(5)).build();
            for (Source s : LexSync.readConfig(file)) {
                lexsync.register(s);
            }
        }

        HarvestReport crawl() {
            return lexsync.harvest("court");
        }

        String pdf(int n) {
            return publisher.uri(CourtListings.PREFIX + "/files/Opinion%20" + n + ".pdf").toString();
        }

        String metadata(int n) throws IOException {
            ResourceState s = lexsync.store().resource("court", pdf(n)).orElseThrow();
            for (RepresentationState r : s.representations()) {
                if (r.role() == RepresentationRole.METADATA) {
                    try (InputStream in = lexsync.store().openBlob(r.blobKey())) {
                        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
            }
            throw new AssertionError("no metadata on " + pdf(n));
        }

        List<RecordedRequest> requests() {
            return publisher.requests().stream().filter(r -> r.path().startsWith(CourtListings.PREFIX)).toList();
        }

        @Override
        public void close() {
            lexsync.close();
            publisher.close();
        }
    }

    @Test
    void eachRowsPdfBecomesADocumentWithTheRowsMetadata() throws Exception {
        try (Court c = new Court(dir, 25, 10)) {
            HarvestReport r = c.crawl();
            // 25 rows, opinions 10 and 20 share the PDFs of 9 and 19: 23 documents
            assertThat(r.apply().counts()).isEqualTo(new RunCounts(23, 0, 0, 0, 0));
            assertThat(c.metadata(7)).isEqualTo("{\"group\":\"opinion-14-7\",\"page\":\"" + c.pdf(7) + "\","
                    + "\"metadata\":{\"date\":\"2014-01-07\",\"docket\":\"14-7\",\"id\":\"opinion-14-7\","
                    + "\"judge\":\"Doe, C.J.\",\"title\":\"Party 7 v. State\"},\"attachments\":[]}\n");
            assertThat(c.metadata(6)).contains("\"judge\":\"Smith, J.\"");
            assertThat(c.lexsync.store().resource("court", c.pdf(7)).orElseThrow().title()).isEqualTo("Party 7 v. State");
        }
    }

    /** Part 3: two rows linking one PDF keep both records, in a deterministic order. */
    @Test
    void twoRowsLinkingOnePdfKeepBothRecords() throws Exception {
        try (Court c = new Court(dir, 12, 10)) {
            c.crawl();
            String json = c.metadata(9);
            assertThat(json).contains("\"records\":[{\"date\":\"2014-01-07\",\"docket\":\"14-10\","
                    + "\"id\":\"opinion-14-10\",\"judge\":\"Doe, C.J.\",\"title\":\"Party 10 v. State\"},"
                    + "{\"date\":\"2014-01-07\",\"docket\":\"14-9\",\"id\":\"opinion-14-9\",\"judge\":\"Smith, J.\","
                    + "\"title\":\"Party 9 v. State\"}]");
            assertThat(c.lexsync.store().resource("court", c.pdf(10))).isEmpty();
        }
    }

    /** A second crawl asks for each listing page and, conditionally, each PDF: nothing more; Upd only for what changed. */
    @Test
    void aSecondCrawlMakesTheMinimumRequestsAndCountsExactly() throws Exception {
        try (Court c = new Court(dir, 25, 10)) {
            c.crawl();
            c.court.revise(7);                // a new PDF
            c.court.rename(12, "Doe v. Ohio"); // a new case name in the row, the same PDF
            c.publisher.clearRequests();

            HarvestReport r = c.crawl();

            assertThat(r.apply().counts()).isEqualTo(new RunCounts(0, 2, 0, 21, 0));
            List<RecordedRequest> requests = c.requests();
            assertThat(requests.stream().filter(q -> q.path().endsWith("/opinions"))).hasSize(3);
            assertThat(requests.stream().filter(q -> q.path().contains("/files/"))).hasSize(23);
            assertThat(requests.stream().filter(q -> q.status() == 304)).hasSize(22);
            assertThat(requests).hasSize(3 + 23);
            assertThat(requests.stream().filter(q -> q.status() == 200 && q.path().contains("/files/"))).hasSize(1);
            assertThat(c.metadata(12)).contains("\"title\":\"Doe v. Ohio\"");
        }
    }

    /**
     * A complete crawl asks again, conditionally and without reading the body, for each held document it no longer
     * listed: a PDF still served (304) stays, one answering 404 is deleted.
     */
    @Test
    void documentsNoLongerListedAreAskedForConditionallyAndDeletedOnlyOn404() throws Exception {
        try (Court c = new Court(dir, 25, 10)) {
            c.crawl();
            c.court.unlist(3, false);
            c.court.unlist(4, true);
            c.publisher.clearRequests();

            HarvestReport r = c.crawl();

            assertThat(r.apply().counts()).isEqualTo(new RunCounts(0, 0, 1, 21, 0));
            assertThat(c.requests().stream().filter(q -> q.path().contains("Opinion")).filter(q -> q.path().contains(" 3.")
                    || q.path().contains("%203.")).map(RecordedRequest::status)).containsExactly(304);
            assertThat(c.requests()).hasSize(3 + 21 + 2);
            assertThat(c.lexsync.store().resource("court", c.pdf(3)).orElseThrow().active()).isTrue();
            assertThat(c.lexsync.store().resource("court", c.pdf(4)).orElseThrow().active()).isFalse();
        }
    }

    /** A dry run of a listing-only crawl plans only the document that changed (the others answer 304). */
    @Test
    void aDryRunReportsOnlyWhatChanged() throws Exception {
        try (Court c = new Court(dir, 25, 10)) {
            c.crawl();
            c.court.revise(7);
            c.lexsync.close();
            try (LexSync dry = LexSync.builder(dir.resolve("data")).dryRun(true).tries(1)
                    .politeness(new Politeness(1, Duration.ZERO)).build()) {
                for (Source s : LexSync.readConfig(dir.resolve("lexsync.yaml"))) {
                    dry.register(s);
                }
                List<String> planned = new ArrayList<>();
                dry.plan("court", new HarvestListener() {
                    @Override
                    public void planned(PlannedChange change) {
                        planned.add(change.resourceUri());
                    }
                });
                assertThat(planned).containsExactly(c.pdf(7));
            }
        }
    }

    /** Issue 29 part 6: rows that lose a required field after a redesign fail the run, naming field and selector. */
    @Test
    void aRedesignThatEmptiesARequiredRowFieldFailsTheRunAndDeletesNothing() throws Exception {
        try (Court c = new Court(dir, 25, 10)) {
            c.crawl();
            c.court.redesign(true);

            HarvestReport r = c.crawl();

            assertThat(r.findings()).extracting(Finding::rule).contains("eucases-d2.1:3.3/required-field");
            assertThat(r.findings()).extracting(Finding::message).anyMatch(m -> m.contains("field 'docket'")
                    && m.contains("10 of 10 rows") && m.contains("css: td.docket"));
            assertThat(r.apply().counts().deleted()).isZero();
            assertThat(c.lexsync.store().runs("court", 1).get(0).status()).isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
            assertThat(c.lexsync.store().resource("court", c.pdf(7))).isPresent();
        }
    }

    /**
     * Issue 29's figure at a test's size: a listing-only re-crawl of 2,000 rows on 20 pages with 1 % changed asks for
     * the 20 listing pages and, conditionally, each of the 1,800 documents once — exactly the minimum.
     */
    @Test
    void aListingOnlyRecrawlOf2000RowsMakesExactlyTheMinimumRequests() throws Exception {
        try (Court c = new Court(dir, 2_000, 100)) {
            HarvestReport first = c.crawl();
            assertThat(first.apply().counts().created()).isEqualTo(1_800);
            for (int i = 0; i < 20; i++) {
                c.court.revise(1 + i * 100);
            }
            c.publisher.clearRequests();

            HarvestReport r = c.crawl();

            assertThat(r.apply().counts()).isEqualTo(new RunCounts(0, 20, 0, 1_780, 0));
            List<RecordedRequest> requests = c.requests();
            assertThat(requests).hasSize(20 + 1_800);
            assertThat(requests.stream().filter(q -> q.status() == 200)).hasSize(20 + 20);
            assertThat(requests.stream().filter(q -> q.status() == 304)).hasSize(1_780);
        }
    }
}
