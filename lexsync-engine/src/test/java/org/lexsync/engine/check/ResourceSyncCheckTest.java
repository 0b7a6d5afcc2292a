package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/** The ResourceSync walk (Z39.99-2014 §6.3 to §13) over the fixture source, one mutation per rule. */
class ResourceSyncCheckTest {
    private static final String XML = "application/xml";
    private static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
            + "xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";

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

    private CheckReport check(String root) {
        return h.check(CheckRequest.of(CheckProtocol.RESOURCESYNC, root).withSample(CheckRequest.SAMPLE_ALL));
    }

    @Test
    void theFixtureSourceConformsFromItsSourceDescriptionToItsDumpManifests() {
        h.pub.applyChanges(6, 0, 0);
        ResourceSyncSource source = ResourceSyncSource.install(h.pub);
        h.pub.applyChanges(2, 2, 1);

        CheckReport r = check(source.sourceDescriptionUri().toString());

        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.summary().documentsRead()).isGreaterThanOrEqualTo(6);
        assertThat(r.summary().resourcesSampled()).isPositive();
        assertThat(r.rule(ResourceSyncCheck.HASH_MATCH).passed()).isTrue();
        assertThat(r.rule(DumpPackageCheck.MANIFEST).passed()).isTrue();
    }

    @Test
    void aSitesHtmlPageLeadsByItsLinkToTheCapabilityListAsForTheHarvester() {   // §6.3.3
        h.pub.applyChanges(3, 0, 0);
        ResourceSyncSource source = ResourceSyncSource.install(h.pub);

        CheckReport r = check(source.aboutPageUri().toString());

        assertThat(r.rootUnreadable()).isFalse();
        assertThat(r.rule(ResourceSyncCheck.WELL_KNOWN)).as("found before the well-known URI is needed").isNull();
        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.summary().documentsRead()).isGreaterThan(3);
    }

    @Test
    void aSiteRootAnswering403IsDiscoveredThroughTheWellKnownUriAsTheHarvesterDoes() {   // §6.3, issue 28.4
        h.pub.applyChanges(3, 0, 0);
        ResourceSyncSource.install(h.pub);
        h.pub.faults().always("/", Fault.status(403)); // nginx without an index page

        CheckReport r = check(h.pub.baseUri().resolve("/").toString());

        assertThat(r.rootUnreadable()).isFalse();
        assertThat(r.rule(ResourceSyncCheck.WELL_KNOWN)).isNotNull();
        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.summary().documentsRead()).isGreaterThan(3);
    }

    @Test
    void aSiteWithNoResourceSyncAnywhereIsUnreadableNamingEveryPlaceTried() {   // §6.3
        h.pub.faults().always("/", Fault.status(403));

        CheckReport r = check(h.pub.baseUri().resolve("/").toString());

        assertThat(r.rootUnreadable()).isTrue();
        assertThat(r.broken(Severity.ERROR)).anySatisfy(rule -> assertThat(rule.examples()).anySatisfy(e ->
                assertThat(e.message()).contains("no ResourceSync document found").contains("HTTP 403")
                        .contains("/.well-known/resourcesync").contains("/robots.txt")));
    }

    @Test
    void aResourceServedWithOtherBytesBreaksTheHashRuleWithGivenAndComputed() {   // §7
        h.pub.applyChanges(4, 0, 0);
        ResourceSyncSource source = ResourceSyncSource.builder(h.pub).resourceDump(false).changeDump(false).install();
        FixtureResource target = h.pub.activeResources().get(1);
        h.pub.faults().always(target.path(), new Fault.CorruptBody());

        CheckReport r = check(source.resourceListUri().toString());

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly(ResourceSyncCheck.HASH_MATCH);
        CheckExample e = r.rule(ResourceSyncCheck.HASH_MATCH).examples().get(0);
        assertThat(e.entry()).isEqualTo(target.uri().toString());
        assertThat(e.given()).isNotEqualTo(e.computed());
    }

    @Test
    void aListWhoseCapabilityDiffersFromItsCapabilityListEntryIsReported() {   // §9
        h.files.put("cl.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"sd.xml\"/>"
                        + "<rs:md capability=\"capabilitylist\"/><url><loc>" + h.url("/s/list.xml") + "</loc>"
                        + "<rs:md capability=\"resourcelist\"/></url></urlset>")
                .put("list.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/>"
                        + "<rs:md capability=\"changelist\" from=\"2024-01-01T00:00:00Z\"/></urlset>");

        CheckReport r = check(h.url("/s/cl.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly(ResourceSyncCheck.CAPABILITY_MATCH);
        assertThat(r.rule(ResourceSyncCheck.CAPABILITY_MATCH).examples().get(0).computed()).isEqualTo("changelist");
    }

    @Test
    void anUpLinkNamingAnotherCapabilityListIsReported() {   // §10.1
        h.files.put("cl.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"sd.xml\"/>"
                        + "<rs:md capability=\"capabilitylist\"/><url><loc>" + h.url("/s/list.xml") + "</loc>"
                        + "<rs:md capability=\"resourcelist\"/></url></urlset>")
                .put("list.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"other.xml\"/>"
                        + "<rs:md capability=\"resourcelist\" at=\"2024-01-01T00:00:00Z\"/></urlset>");

        CheckReport r = check(h.url("/s/cl.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly(ResourceSyncCheck.UP_TARGET);
    }

    @Test
    void aChangeListOutOfForwardOrderIsReported() {   // §12.1
        h.files.put("changes.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/>"
                + "<rs:md capability=\"changelist\" from=\"2024-01-01T00:00:00Z\"/>"
                + "<url><loc>http://example.org/a</loc><lastmod>2024-01-03T00:00:00Z</lastmod>"
                + "<rs:md change=\"created\"/></url>"
                + "<url><loc>http://example.org/b</loc><lastmod>2024-01-02T00:00:00Z</lastmod>"
                + "<rs:md change=\"created\"/></url></urlset>");

        CheckReport r = check(h.url("/s/changes.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly("rs:12.1/forward-order");
    }

    @Test
    void aDumpPackageMissingABitstreamOfItsManifestIsReported() throws IOException {   // §11.2
        String manifest = "<urlset " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/>"
                + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>"
                + "<url><loc>http://example.org/a</loc><rs:md path=\"/res/a\"/></url>"
                + "<url><loc>http://example.org/b</loc><rs:md path=\"/res/b\"/></url></urlset>";
        h.files.put("dump.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"" + h.url("/s/cl.xml") + "\"/>"
                        + "<rs:md capability=\"resourcedump\" at=\"2024-01-01T00:00:00Z\"/><url><loc>"
                        + h.url("/s/p1.zip") + "</loc></url></urlset>")
                .put("p1.zip", FixtureResponse.ok("application/zip", zip("manifest.xml", manifest, "res/a", "A")));

        CheckReport r = check(h.url("/s/dump.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(DumpPackageCheck.PATH);
        assertThat(r.rule(DumpPackageCheck.PATH).examples().get(0).entry()).isEqualTo("http://example.org/b");
    }

    @Test
    void aDocumentBreakingOnlyTheSchemaIsReportedWithItsLine() {   // sitemaps.org schema: loc comes first
        h.files.put("list.xml", XML, "<urlset " + NS + ">\n<rs:ln rel=\"up\" href=\"cl.xml\"/>"
                + "<rs:md capability=\"resourcelist\" at=\"2024-01-01T00:00:00Z\"/>\n"
                + "<url><changefreq>daily</changefreq><loc>http://example.org/a</loc></url></urlset>");

        CheckReport r = check(h.url("/s/list.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly(org.lexsync.core.sitemap.SitemapSchemas.RULE);
        assertThat(r.rule(org.lexsync.core.sitemap.SitemapSchemas.RULE).examples().get(0).line()).isEqualTo(3);
    }

    @Test
    void aChangeListWhoseFromDiffersFromItsIndexEntryIsReported() {   // §12.2, Appendix A
        h.files.put("index.xml", XML, "<sitemapindex " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/>"
                        + "<rs:md capability=\"changelist\" from=\"2024-01-01T00:00:00Z\"/><sitemap><loc>"
                        + h.url("/s/changes.xml") + "</loc><rs:md from=\"2024-01-01T00:00:00Z\" "
                        + "until=\"2024-02-01T00:00:00Z\"/></sitemap></sitemapindex>")
                .put("changes.xml", XML, "<urlset " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/>"
                        + "<rs:md capability=\"changelist\" from=\"2024-01-05T00:00:00Z\" "
                        + "until=\"2024-02-01T00:00:00Z\"/></urlset>");

        CheckReport r = check(h.url("/s/index.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly(ResourceSyncCheck.INDEX_TIMES);
        assertThat(r.rule(ResourceSyncCheck.INDEX_TIMES).examples().get(0).given()).startsWith("2024-01-01");
    }

    private String list(String md) {
        return "<urlset " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/><rs:md capability=\"resourcelist\" "
                + "at=\"2024-01-01T00:00:00Z\"/><url><loc>" + h.url("/s/res/a") + "</loc>" + md + "</url></urlset>";
    }

    @Test
    void aResourceOfAnotherLengthBreaksTheLengthRuleOnly() {   // §7 length
        h.files.put("res/a", "text/plain", "four").put("list.xml", XML, list("<rs:md length=\"5\"/>"));

        CheckReport r = check(h.url("/s/list.xml"));

        assertThat(r.broken()).extracting(CheckRuleResult::rule).containsExactly(ResourceSyncCheck.LENGTH_MATCH);
        assertThat(r.rule(ResourceSyncCheck.LENGTH_MATCH).examples().get(0).computed()).isEqualTo("4");
    }

    @Test
    void aResourceServedAsAnotherTypeIsAWarning() {   // §7 type
        h.files.put("res/a", "text/plain", "four").put("list.xml", XML, list("<rs:md type=\"application/pdf\"/>"));

        CheckReport r = check(h.url("/s/list.xml"));

        assertThat(r.broken()).extracting(CheckRuleResult::rule).containsExactly(ResourceSyncCheck.TYPE_MATCH);
        assertThat(r.rule(ResourceSyncCheck.TYPE_MATCH).severity()).isEqualTo(Severity.WARNING);
    }

    private String dump() {
        return "<urlset " + NS + "><rs:ln rel=\"up\" href=\"" + h.url("/s/cl.xml") + "\"/>"
                + "<rs:md capability=\"resourcedump\" at=\"2024-01-01T00:00:00Z\"/><url><loc>" + h.url("/s/p1.zip")
                + "</loc></url></urlset>";
    }

    @Test
    void aDumpPackageWithoutManifestIsReported() throws IOException {   // §11.2
        h.files.put("dump.xml", XML, dump()).put("p1.zip", FixtureResponse.ok("application/zip", zip("res/a", "A")));

        CheckReport r = check(h.url("/s/dump.xml"));

        assertThat(r.broken()).extracting(CheckRuleResult::rule).containsExactly(DumpPackageCheck.MANIFEST);
    }

    @Test
    void aBitstreamWhoseHashDiffersFromItsManifestIsReported() throws IOException {   // §11.2, §7
        String manifest = "<urlset " + NS + "><rs:ln rel=\"up\" href=\"cl.xml\"/>"
                + "<rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>"
                + "<url><loc>http://example.org/a</loc><rs:md path=\"/res/a\" "
                + "hash=\"md5:7fc56270e7a70fa81a5935b72eacbe29\" length=\"1\"/></url></urlset>";   // md5 of "A"
        h.files.put("dump.xml", XML, dump())
                .put("p1.zip", FixtureResponse.ok("application/zip", zip("manifest.xml", manifest, "res/a", "B")));

        CheckReport r = check(h.url("/s/dump.xml"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly(ResourceSyncCheck.HASH_MATCH);
        assertThat(r.rule(ResourceSyncCheck.HASH_MATCH).examples().get(0).document()).endsWith("p1.zip!/manifest.xml");
    }

    static byte[] zip(String... namesAndBodies) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            for (int i = 0; i < namesAndBodies.length; i += 2) {
                z.putNextEntry(new ZipEntry(namesAndBodies[i]));
                z.write(namesAndBodies[i + 1].getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
