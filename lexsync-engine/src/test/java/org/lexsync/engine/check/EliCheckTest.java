package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.rdf.EliConformance;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.eli.EliProvider;

/** The ELI walk (eli-pillar-iv-protocol §3.2.2, §3.3.2) over the fixture provider, one mutation per rule. */
class EliCheckTest {
    private static final String URLSET = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";

    @TempDir
    Path temp;
    CheckHarness h;

    @BeforeEach
    void start() {
        h = new CheckHarness(temp);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private EliProvider provider(EliProvider.Builder b) {
        return b.build().register(h.pub);
    }

    private CheckReport check(EliProvider p, long sample) {
        return h.check(CheckRequest.of(CheckProtocol.ELI, p.sitemapUrl().toString()).withSample(sample),
                Clock.fixed(p.now(), ZoneOffset.UTC));
    }

    @Test
    void theFixtureProviderConformsWithEveryPageSampled() {   // acts 1-7: RDFa, JSON-LD, 303 redirect, no prefix
        EliProvider p = provider(EliProvider.builder().acts(7).perSitemap(3));

        CheckReport r = check(p, CheckRequest.SAMPLE_ALL);

        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.summary().resourcesSampled()).isEqualTo(7);
        assertThat(r.summary().documentsRead()).isEqualTo(5);   // index, 3 Sitemaps, feed
        assertThat(r.rule(EliCheck.HISTORY).passed()).isTrue();
        assertThat(r.rule(EliConformance.DESCRIBES_REQUESTED_URI).passed()).isTrue();
        assertThat(r.rules()).filteredOn(x -> x.rule().startsWith(EliShapes.RULE_PREFIX)).hasSize(9)
                .allMatch(CheckRuleResult::passed);
    }

    @Test
    void theFixtureActWithoutAFormatIsExactlyTheFormatFinding() {   // §3.2.2: an expression and a format
        EliProvider p = provider(EliProvider.builder().acts(12).perSitemap(5));

        CheckReport r = check(p, CheckRequest.SAMPLE_ALL);

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(EliConformance.FORMAT);
        assertThat(r.rule(EliConformance.FORMAT).examples()).extracting(e -> e.document()).containsExactly(p.eli(8));
    }

    @Test
    void aSitemapOf60000UrlsWithoutAnIndexIsAnError() {   // §3.2.2, sitemaps.org: at most 50,000 per Sitemap
        h.files.put("sitemap.xml", FixtureResponse.streaming("application/xml", out -> write(out, 60_000)));

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, h.url("/s/sitemap.xml")).withSample(0));

        assertThat(r.summary().entries()).isEqualTo(60_000);
        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly("sitemaps:limits/entries");
        assertThat(r.rule("sitemaps:limits/entries").count()).isEqualTo(1);
    }

    private static void write(OutputStream out, int n) throws IOException {
        StringBuilder b = new StringBuilder(URLSET);
        for (int i = 1; i <= n; i++) {
            b.append("<url><loc>http://127.0.0.1/eli/act/2024/").append(i).append("/oj</loc>")
                    .append("<lastmod>2024-01-01</lastmod></url>\n");
        }
        out.write(b.append("</urlset>").toString().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anEntryWithoutLastmodIsReported() {   // §3.2.2: loc and lastmod on each entry
        h.files.put("sitemap.xml", "application/xml", URLSET + "<url><loc>" + h.url("/s/eli/1") + "</loc></url>"
                + "</urlset>");

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, h.url("/s/sitemap.xml")).withSample(0));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(EliCheck.LASTMOD);
        assertThat(r.rule(EliCheck.RELATION).count()).isEqualTo(2);   // no dct:relation, so no feed was checked
    }

    @Test
    void aFeedWithLessThan60DaysOfHistoryMissesSitemapChanges() {   // §3.3.2
        EliProvider p = provider(EliProvider.builder().acts(6).perSitemap(5).feedHistory(Duration.ofDays(1)));
        p.advance(Duration.ofDays(3));
        p.update(1);

        CheckReport r = check(p, 0);

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(EliCheck.HISTORY);
        assertThat(r.rule(EliCheck.HISTORY).count()).isEqualTo(5);
    }

    @Test
    void aFeedNotUpdatedForTwoDaysIsReported() {   // §3.3.2 "Update daily"
        EliProvider p = provider(EliProvider.builder().acts(3).perSitemap(5));

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, p.sitemapUrl().toString()).withSample(0),
                Clock.fixed(p.now().plus(Duration.ofDays(2)), ZoneOffset.UTC));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(EliCheck.DAILY);
    }

    @Test
    void aPageThatDoesNotDescribeItsEliIsReportedByTheHarvestersRule() {   // §3.2.2
        String eli = h.url("/s/eli/act/1");
        h.files.put("sitemap.xml", "application/xml", URLSET.replace(">", " xmlns:dct=\"http://purl.org/dc/terms/\" "
                        + "dct:relation=\"" + h.url("/s/missing-feed.atom") + "\">")
                        + "<url><loc>" + eli + "</loc><lastmod>2020-01-01</lastmod></url></urlset>")
                .put("eli/act/1", "text/html; charset=utf-8", "<html><head><title>x</title></head><body>no RDFa"
                        + "</body></html>");

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, h.url("/s/sitemap.xml")));

        assertThat(r.rule(EliConformance.DESCRIBES_REQUESTED_URI).count()).isEqualTo(1);
        assertThat(r.rule(EliConformance.DESCRIBES_REQUESTED_URI).examples().get(0).document()).isEqualTo(eli);
        assertThat(r.rule(CheckRun.FETCH).count()).isEqualTo(1);   // the missing feed
    }

    @Test
    void aPageBreakingTheOntologysRangesGetsTheShapesWarnings() {   // §3.2.2, ELI ontology, eli-page-shapes.ttl
        String eli = h.url("/s/eli/act/2");
        h.files.put("sitemap.xml", "application/xml", URLSET + "<url><loc>" + eli + "</loc><lastmod>2020-01-01"
                        + "</lastmod></url></urlset>")
                .put("eli/act/2", "text/html; charset=utf-8", "<html prefix=\"eli: http://data.europa.eu/eli/ontology#\">"
                        + "<head><meta about=\"" + eli + "\" typeof=\"eli:LegalResource\"/>"
                        + "<meta about=\"" + eli + "\" property=\"eli:date_document\" content=\"1 March 2020\"/>"
                        + "<link about=\"" + eli + "\" rel=\"eli:is_realized_by\" href=\"" + eli + "/eng\"/>"
                        + "<meta about=\"" + eli + "/eng\" typeof=\"eli:LegalExpression\"/>"
                        + "<link about=\"" + eli + "/eng\" rel=\"eli:is_embodied_by\" href=\"" + eli + "/eng/pdf\"/>"
                        + "<meta about=\"" + eli + "/eng/pdf\" typeof=\"eli:Format\"/>"
                        + "<meta about=\"" + eli + "/eng/pdf\" property=\"eli:media_type\" content=\"application/pdf\"/>"
                        + "</head><body></body></html>");

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, h.url("/s/sitemap.xml")).withSample(1));

        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.broken(Severity.WARNING)).extracting(CheckRuleResult::rule).contains(
                EliShapes.RULE_PREFIX + "legal-resource-date-document", EliShapes.RULE_PREFIX + "legal-expression-title",
                EliShapes.RULE_PREFIX + "legal-expression-language", EliShapes.RULE_PREFIX + "format-media-type");
        assertThat(r.rule(EliShapes.RULE_PREFIX + "legal-resource-date-document").examples().get(0).entry())
                .isEqualTo(eli);
    }

    @Test
    void aSitemapListingAnExpressionBreaksTheLegalResourcesOnlyRule() {   // §3.2.2
        String expression = h.url("/s/eli/act/3/eng");
        h.files.put("sitemap.xml", "application/xml", URLSET + "<url><loc>" + expression + "</loc><lastmod>2020-01-01"
                        + "</lastmod></url></urlset>")
                .put("eli/act/3/eng", "text/html; charset=utf-8", "<html prefix=\"eli: http://data.europa.eu/eli/"
                        + "ontology#\"><head><meta about=\"" + expression + "\" typeof=\"eli:LegalExpression\"/>"
                        + "<meta about=\"" + expression + "\" property=\"eli:title\" content=\"Act 3\"/></head></html>");

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, h.url("/s/sitemap.xml")));

        assertThat(r.rule(EliCheck.RESOURCES_ONLY).count()).isEqualTo(1);
        assertThat(r.rule(EliCheck.RESOURCES_ONLY).examples().get(0).entry()).isEqualTo(expression);
    }

    @Test
    void anEliThatDoesNotDereferenceIsReported() {   // §3.2.2 "Provide dereferenceable ELI URIs"
        h.files.put("sitemap.xml", "application/xml", URLSET + "<url><loc>" + h.url("/s/eli/gone") + "</loc>"
                + "<lastmod>2020-01-01</lastmod></url></urlset>");

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ELI, h.url("/s/sitemap.xml")));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(EliCheck.PAGE);
        assertThat(r.rule(EliCheck.PAGE).examples().get(0).message()).contains("404");
    }
}
