package org.lexsync.engine.eli;

import org.lexsync.engine.model.EliOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lexsync.engine.eli.RealWorldDocs.entry;
import static org.lexsync.engine.eli.RealWorldDocs.feed;
import static org.lexsync.engine.eli.RealWorldDocs.gzip;
import static org.lexsync.engine.eli.RealWorldDocs.index;
import static org.lexsync.engine.eli.RealWorldDocs.page;
import static org.lexsync.engine.eli.RealWorldDocs.url;
import static org.lexsync.engine.eli.RealWorldDocs.urlset;
import static org.lexsync.engine.eli.RealWorldDocs.utf8;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.uri.LenientUris;
import org.lexsync.engine.apply.Applier;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.HarvestContext;
import org.lexsync.engine.harvest.HarvestJob;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.rdf.QueryResult;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureRequest;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.fixture.RecordedRequest;

/**
 * ELI Pillar IV harvesting against documents written the way real publishers write them (EUR-Lex,
 * Légifrance, the Irish, Luxembourg, Danish, Finnish and Portuguese implementations): each test serves one
 * oddity from a loopback server and runs a real sync into a real SQLite + TDB2 store, then checks what a
 * demanding user expects: recovered where a human would recover, every repair a finding, a typed failure
 * naming the document when nothing can be done, never an ELI lost or applied twice.
 */
class RealWorldEliTest {
    static final String SOURCE = "eli-real";
    static final String SITEMAP = "/eli/sitemap.xml";
    static final String FEED = "/eli/eli-update-feed.atom";

    @TempDir
    Path dir;

    FixturePublisher pub;
    String base;
    Store store;
    Fetcher fetcher;
    final Map<String, Function<FixtureRequest, FixtureResponse>> docs = new ConcurrentHashMap<>();
    final List<String> notes = new ArrayList<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        base = pub.baseUri().toString();
        pub.route("/", (request, p) -> {
            Function<FixtureRequest, FixtureResponse> d = docs.get(request.path()
                    + (request.query() == null ? "" : "?" + request.query()));
            if (d == null) {
                d = docs.get(request.path());
            }
            if (d != null) {
                return d.apply(request);
            }
            if (request.path().startsWith("/eli/act/")) {
                String eli = base + LenientUris.encode(request.path().substring(1))
                        + (request.query() == null ? "" : "?" + request.query());
                return FixtureResponse.ok("text/html; charset=utf-8", page(eli, "Act " + request.path()));
            }
            return null;
        });
        docs.put(FEED, r -> FixtureResponse.ok("application/atom+xml", feed(base)));
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(1, Duration.ZERO)).tries(1).maxRedirects(5)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO).robotsErrorTtl(Duration.ZERO)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        store.close();
        pub.close();
    }

    // ---------------------------------------------------------------- helpers

    String eli(String path) {
        return base + "eli/act/" + path;
    }

    void serve(String path, String contentType, String body) {
        docs.put(path, r -> FixtureResponse.ok(contentType, body));
    }

    void serve(String path, String contentType, byte[] body) {
        docs.put(path, r -> FixtureResponse.ok(contentType, body));
    }

    void sitemap(String body) {
        serve(SITEMAP, "application/xml", body);
    }

    void feedOf(String... entries) {
        serve(FEED, "application/atom+xml", feed(base, entries));
    }

    HarvestReport sync() {
        return sync(false);
    }

    HarvestReport sync(boolean resync) {
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).attempts(1).build();
        HarvestListener listener = new HarvestListener() {
            @Override
            public void note(String message) {
                notes.add(message);
            }
        };
        return new EliHarvester().harvest(new HarvestJob(SOURCE, List.of(pub.uri(SITEMAP), pub.uri(FEED)),
                EliOptions.fromText(Map.of(EliOptions.KEY_RESYNC, Boolean.toString(resync))), false),
                new HarvestContext(store, fetcher, applier, listener));
    }

    /** Active resources with their source timestamp. */
    Map<String, String> active() {
        Map<String, String> out = new TreeMap<>();
        store.resources().forEach(SOURCE, false, r -> out.put(r.uri(), String.valueOf(r.sourceTimestamp())));
        return out;
    }

    List<JournalEntry> journal() {
        List<JournalEntry> out = new ArrayList<>();
        store.journal().forEachSince(0, SOURCE, 0, out::add);
        return out;
    }

    String checkpoint() {
        return store.sources().checkpoint(SOURCE).orElse(null);
    }

    static List<String> rules(HarvestReport report) {
        return report.findings().list().stream().map(Finding::rule).toList();
    }

    static List<Finding> findings(HarvestReport report, String rule) {
        return report.findings().list().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    List<RecordedRequest> requests(String path) {
        return pub.requests().stream().filter(r -> r.path().equals(path)).toList();
    }

    boolean ask(String sparql) {
        try (RdfStore rdf = RdfStore.open(dir.resolve("data"))) {
            return ((QueryResult.Ask) rdf.query(sparql)).value();
        }
    }

    String literal(String graph, String predicate) {
        try (RdfStore rdf = RdfStore.open(dir.resolve("data"))) {
            QueryResult.Select s = (QueryResult.Select) rdf.query("SELECT ?o WHERE { GRAPH <" + graph + "> { ?s <"
                    + predicate + "> ?o } }");
            return s.rows().isEmpty() ? null : s.rows().get(0).get("o").toString();
        }
    }

    boolean isLegalResource(String eli) {
        return ask("ASK { GRAPH <" + eli + "> { <" + eli + "> a <" + RealWorldDocs.ELI + "LegalResource> } }");
    }

    // ======================================================= 1. Sitemaps (§3.2, sitemaps.org, annex §4.1 step 2a)

    @Test
    void sitemapIndexOfGzipFilesIsReadLikePlainSitemaps() {
        // sitemaps.org "Sitemap index files": listed Sitemaps may be gzipped; EUR-Lex serves sitemap-N.xml.gz
        sitemap(index(base + "eli/s1.xml.gz", base + "eli/s2.xml.gz"));
        serve("/eli/s1.xml.gz", "application/x-gzip", gzip(utf8(urlset(url(eli("2024/1"), "2024-01-01")))));
        serve("/eli/s2.xml.gz", "application/gzip", gzip(utf8(urlset(url(eli("2024/2"), "2024-01-02")))));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("2024/1"), eli("2024/2"));
    }

    @Test
    void sitemapSentWithContentEncodingGzipIsDecoded() {
        // RFC 9110 §8.4: the coding is undone by the client before the media type applies
        docs.put(SITEMAP, r -> FixtureResponse.ok("application/xml",
                gzip(utf8(urlset(url(eli("2024/1"), "2024-01-01"))))).withHeader("Content-Encoding", "gzip"));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("2024/1"));
    }

    @Test
    void gzipFileSentWithContentEncodingGzipTooIsDecodedTwice() {
        // a .xml.gz served by a server that gzips again on the fly: both layers are undone
        sitemap(index(base + "eli/s1.xml.gz"));
        docs.put("/eli/s1.xml.gz", r -> FixtureResponse.ok("application/x-gzip",
                gzip(gzip(utf8(urlset(url(eli("2024/1"), "2024-01-01")))))).withHeader("Content-Encoding", "gzip"));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("2024/1"));
    }

    @Test
    void nestedSitemapIndexIsFollowedWithAFinding() {
        // sitemaps.org: an index lists Sitemaps, not indexes; publishers nest anyway: followed, reported
        sitemap(index(base + "eli/index-2024.xml", base + "eli/s0.xml"));
        serve("/eli/index-2024.xml", "application/xml", index(base + "eli/s1.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("2024/1"), "2024-01-01")));
        serve("/eli/s0.xml", "application/xml", urlset(url(eli("2023/1"), "2023-01-01")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("2024/1"), eli("2023/1"));
        assertThat(rules(report)).contains(SitemapWalk.NESTED_INDEX_RULE);
    }

    @Test
    void sitemapIndexListingItselfIsReadOnce() {
        // an index that lists itself (or a cycle of indexes) must not loop; each document is read once
        sitemap(index(base + "eli/sitemap.xml", base + "eli/s1.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("2024/1"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("2024/1"));
        assertThat(requests(SITEMAP)).hasSize(1);
        assertThat(rules(report)).contains(SitemapWalk.REPEATED_SITEMAP_RULE);
    }

    @Test
    void sitemapIndexesNestedDeeperThanTheBoundAreNotFollowed() {
        for (int i = 0; i < 10; i++) {
            serve("/eli/deep" + i + ".xml", "application/xml", index(base + "eli/deep" + (i + 1) + ".xml"));
        }
        sitemap(index(base + "eli/deep0.xml", base + "eli/s1.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("2024/1"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(active()).containsOnlyKeys(eli("2024/1"));
        assertThat(rules(report)).contains(SitemapWalk.INDEX_DEPTH_RULE);
        // what lies deeper was not read: the baseline is not claimed complete
        assertThat(report.complete()).isFalse();
        assertThat(checkpoint()).isNull();
    }

    @Test
    void lastmodInEveryFormPublishersWriteIsKept() {
        // §3.2.2 "Provide 'loc' and 'lastmod'": W3C Datetime, "YYYY-MM-DD" allowed; the rest read with findings
        sitemap(urlset(
                url(eli("d/1"), "2024-03-08"),
                url(eli("d/2"), "2024-03-08T16:20:00+01:00"),
                url(eli("d/3"), "2024-03-08T16:20:00"),
                url(eli("d/4"), "2024-03-08T16:20:00.123456Z"),
                url(eli("d/5"), "")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        Map<String, String> a = active();
        assertThat(a.get(eli("d/1"))).isEqualTo("2024-03-08");
        assertThat(a.get(eli("d/2"))).isEqualTo("2024-03-08T16:20:00+01:00");
        assertThat(a.get(eli("d/3"))).startsWith("2024-03-08T16:20:00");
        assertThat(a.get(eli("d/4"))).isEqualTo("2024-03-08T16:20:00.123456Z");
        // an empty <lastmod> is no date: the ELI is still harvested, the MUST is reported
        assertThat(a).containsKey(eli("d/5"));
        assertThat(findings(report, SitemapWalk.LASTMOD_RULE)).hasSize(1);
        assertThat(rules(report)).contains("sitemaps:lastmod/w3c-datetime");
    }

    @Test
    void locWithWhitespaceCdataAndEscapedAmpersandIsTheEli() {
        sitemap(urlset(
                "<url><loc>\n   " + eli("ws/1") + "  \n</loc><lastmod>2024-01-01</lastmod></url>",
                "<url><loc><![CDATA[" + eli("cdata/1") + "]]></loc><lastmod>2024-01-01</lastmod></url>",
                "<url><loc>" + eli("q/1?lang=fr&amp;v=2") + "</loc><lastmod>2024-01-01</lastmod></url>"));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("ws/1"), eli("cdata/1"), eli("q/1?lang=fr&v=2"));
    }

    @Test
    void bareAmpersandInLocIsEscapedAndTheSitemapReadAgainWithoutRepeats() {
        // XML 1.0 §2.4 / sitemaps.org "Entity escaping": '&' must be &amp;; publishers write it bare
        sitemap(urlset(url(eli("amp/1"), "2024-01-01"), url(eli("amp/2?lang=fr&v=2"), "2024-01-01"),
                url(eli("amp/3?a=1&amp;b=2&c"), "2024-01-01"), url(eli("amp/4"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("amp/1"), eli("amp/2?lang=fr&v=2"), eli("amp/3?a=1&b=2&c"),
                eli("amp/4"));
        assertThat(journal()).hasSize(4);
        assertThat(requests("/eli/act/amp/1")).hasSize(1);
        assertThat(findings(report, SitemapWalk.AMPERSAND_RULE)).singleElement()
                .satisfies(f -> assertThat(f.line()).isEqualTo(4));
    }

    @Test
    void bareAmpersandInASitemapOfAnIndexIsRepairedToo() {
        sitemap(index(base + "eli/s1.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("amp/5?x=1&y=2"), "2024-01-01")));

        assertThat(sync().complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("amp/5?x=1&y=2"));
    }

    @Test
    void relativeLocIsResolvedAgainstTheSitemapWithAFinding() {
        // sitemaps.org: loc MUST be a full URL; a relative one is resolved as a browser would (RFC 3986 §5)
        sitemap(urlset(url("/eli/act/rel/1", "2024-01-01"), url("act/rel/2", "2024-01-01")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("rel/1"), eli("rel/2"));
        assertThat(findings(report, SitemapWalk.RELATIVE_LOC_RULE)).hasSize(2);
    }

    @Test
    void locOnAnotherHostIsHarvestedWithAFinding() {
        // §3.2.2 allows cross-submission (EUR-Lex lists data.europa.eu ELIs): kept, reported as sitemaps.org asks
        String foreign = "http://localhost:" + pub.baseUri().getPort() + "/eli/act/x/1";
        sitemap(urlset(url(foreign, "2024-01-01"), url(eli("x/2"), "2024-01-01")));
        docs.put("/eli/act/x/1", r -> FixtureResponse.ok("text/html", page(foreign, "Foreign")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(foreign, eli("x/2"));
        assertThat(rules(report)).contains("sitemaps:location/host");
    }

    @Test
    void sitemapRedirectedToAnotherHostJudgesLocsByWhereItIsServed() {
        // sitemaps.org "Sitemap file location": a Sitemap moved (e.g. http -> https, new host) lists its new host's URLs
        String other = "http://localhost:" + pub.baseUri().getPort() + "/eli/old-sitemap.xml";
        docs.put("/eli/old-sitemap.xml", r -> FixtureResponse.status(301).withHeader("Location", base + "eli/sitemap.xml"));
        sitemap(urlset(url(eli("mv/1"), "2024-01-01")));
        Applier applier = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).attempts(1).build();

        HarvestReport report = new EliHarvester().harvest(new HarvestJob(SOURCE, List.of(java.net.URI.create(other),
                pub.uri(FEED)), EliOptions.DEFAULT, false), new HarvestContext(store, fetcher, applier, HarvestListener.NONE));

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("mv/1"));
        assertThat(rules(report)).doesNotContain("sitemaps:location/host");
    }

    @Test
    void locWithNonAsciiAndSpacesIsPercentEncodedOnce() {
        // RFC 3987 §3.1: an IRI becomes a URI by percent-encoding its UTF-8; existing escapes stay
        sitemap(urlset(url(base + "eli/act/loi/été 2024", "2024-01-01"), url(eli("loi/%C3%A9t%C3%A9"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("loi/%C3%A9t%C3%A9%202024"), eli("loi/%C3%A9t%C3%A9"));
        assertThat(rules(report)).contains(SitemapWalk.LOC_ENCODING_RULE);
    }

    @Test
    void eliListedTwiceIsHarvestedOnce() {
        // never duplicate: one legal resource, one page fetch, one journal row; each repeat is reported
        sitemap(index(base + "eli/s1.xml", base + "eli/s2.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("two/1"), "2024-01-05"), url(eli("two/1"), "2024-01-05")));
        serve("/eli/s2.xml", "application/xml", urlset(url(eli("two/1"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("two/1"));
        assertThat(active().get(eli("two/1"))).isEqualTo("2024-01-05");
        assertThat(journal()).hasSize(1);
        assertThat(requests("/eli/act/two/1")).hasSize(1);
        assertThat(findings(report, SitemapWalk.REPEATED_ELI_RULE)).hasSize(2);
    }

    @Test
    void sitemapWithUtf8ByteOrderMarkIsRead() {
        byte[] body = utf8(urlset(url(eli("bom/1"), "2024-01-01")));
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        serve(SITEMAP, "application/xml", withBom);

        assertThat(sync().complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("bom/1"));
    }

    @Test
    void sitemapInIso88591IsDecodedByItsDeclaration() {
        String xml = urlset(url(base + "eli/act/décret/1", "2024-01-01")).replace("UTF-8", "ISO-8859-1");
        serve(SITEMAP, "application/xml", xml.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(sync().complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("d%C3%A9cret/1"));
    }

    @Test
    void alternatesImagesAndNewsInsideUrlAreIgnored() {
        sitemap("""
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"
                        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"
                        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
                  <url>
                    <loc>%1$s</loc>
                    <xhtml:link rel="alternate" hreflang="fr" href="%1$s/fra"/>
                    <image:image><image:loc>%2$slogo.png</image:loc></image:image>
                    <news:news><news:publication><news:name>OJ</news:name><news:language>en</news:language>
                      </news:publication><news:title>An act</news:title></news:news>
                    <lastmod>2024-01-01</lastmod>
                    <changefreq>never</changefreq><priority>0.5</priority>
                  </url>
                </urlset>
                """.formatted(eli("ext/1"), base));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("ext/1"));
        assertThat(active().get(eli("ext/1"))).isEqualTo("2024-01-01");
    }

    @Test
    void sitemapWithoutUrlsIsAnEmptyCompleteBaseline() {
        sitemap(urlset());

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).isEmpty();
        assertThat(checkpoint()).isNotNull();
    }

    @Test
    void missingSitemapOfAnIndexLeavesTheOthersReadAndNoBaselineClaimed() {
        sitemap(index(base + "eli/s1.xml", base + "eli/gone.xml", base + "eli/s3.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("a/1"), "2024-01-01")));
        serve("/eli/s3.xml", "application/xml", urlset(url(eli("a/3"), "2024-01-03")));

        HarvestReport first = sync();

        // the other Sitemaps are still read and applied ...
        assertThat(active()).containsOnlyKeys(eli("a/1"), eli("a/3"));
        // ... but the baseline is not complete: a failure names the Sitemap, and no checkpoint is stored
        assertThat(first.complete()).isFalse();
        assertThat(first.apply().failures()).anySatisfy(f -> assertThat(f.url()).endsWith("/eli/gone.xml"));
        assertThat(checkpoint()).isNull();
        assertThat(rules(first)).contains(SitemapWalk.SITEMAP_UNREADABLE_RULE);

        // once the Sitemap is back, the next run completes the baseline without fetching the others again
        serve("/eli/gone.xml", "application/xml", urlset(url(eli("a/2"), "2024-01-02")));
        pub.clearRequests();
        HarvestReport second = sync();
        assertThat(second.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("a/1"), eli("a/2"), eli("a/3"));
        assertThat(requests("/eli/act/a/1")).isEmpty();
        assertThat(journal()).hasSize(3);
        assertThat(checkpoint()).isNotNull();
    }

    @Test
    void listedSitemapAnsweringAnHtmlPageOrBrokenXmlFailsAloneWithItsPosition() {
        // a "soft 404" (an HTML page with status 200) and a Sitemap cut short: each a failure naming the document
        sitemap(index(base + "eli/soft404.xml", base + "eli/cut.xml", base + "eli/s3.xml"));
        serve("/eli/soft404.xml", "text/html", "<!DOCTYPE html><html><body>Page not found</body></html>");
        serve("/eli/cut.xml", "application/xml", urlset(url(eli("c/1"), "2024-01-01")).substring(0, 150));
        serve("/eli/s3.xml", "application/xml", urlset(url(eli("c/3"), "2024-01-03")));

        HarvestReport report = sync();

        assertThat(active()).containsKey(eli("c/3"));
        assertThat(report.complete()).isFalse();
        assertThat(report.apply().failures()).extracting(f -> f.url().replace(base, ""))
                .containsExactlyInAnyOrder("eli/soft404.xml", "eli/cut.xml");
        assertThat(report.findings().list()).anySatisfy(f -> {
            assertThat(f.rule()).isEqualTo("eli:3.2.2/sitemap-readable");
            assertThat(f.line()).isPositive();
        });
        assertThat(checkpoint()).isNull();
    }

    @Test
    void resyncWithAMissingSitemapMarksNothingGone() {
        sitemap(index(base + "eli/s1.xml", base + "eli/s2.xml"));
        serve("/eli/s1.xml", "application/xml", urlset(url(eli("b/1"), "2024-01-01")));
        serve("/eli/s2.xml", "application/xml", urlset(url(eli("b/2"), "2024-01-02"), url(eli("b/3"), "2024-01-02")));
        assertThat(sync().complete()).isTrue();

        docs.remove("/eli/s2.xml");
        HarvestReport resync = sync(true);

        // §4.1 step 5: ELIs of an unread Sitemap are not "gone from the Sitemap"
        assertThat(resync.complete()).isFalse();
        assertThat(active()).containsOnlyKeys(eli("b/1"), eli("b/2"), eli("b/3"));
    }

    @Test
    void elisDisallowedByRobotsTxtAreNotFetchedAndReported() {
        // docs/architecture.md, invariant 4: robots.txt obeyed; a disallowed ELI is reported, the rest of the baseline completes
        pub.robotsTxt("User-agent: *\nDisallow: /eli/act/private/\n");
        docs.put("/robots.txt", r -> FixtureResponse.ok("text/plain", "User-agent: *\nDisallow: /eli/act/private/\n"));
        sitemap(urlset(url(eli("private/1"), "2024-01-01"), url(eli("public/1"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(requests("/eli/act/private/1")).isEmpty();
        assertThat(active()).containsOnlyKeys(eli("public/1"));
        assertThat(report.complete()).isTrue();
        assertThat(findings(report, PagePlanner.ROBOTS_RULE)).hasSize(1);
    }

    @Test
    void robotsTxtThatCannotBeReadIsAFailureToRetryNotAnEliLeftOut() {
        // RFC 9309 §2.3.1.4: an unreachable robots.txt means "disallow all" for now; the ELIs are not given up
        String foreign = "http://localhost:" + pub.baseUri().getPort() + "/eli/act/rb/1";
        docs.put("/robots.txt", r -> r.header("Host") != null && r.header("Host").startsWith("localhost")
                ? FixtureResponse.status(503) : FixtureResponse.status(404));
        sitemap(urlset(url(foreign, "2024-01-01"), url(eli("rb/2"), "2024-01-01")));

        HarvestReport report = sync();

        assertThat(requests("/eli/act/rb/1")).isEmpty();
        assertThat(active()).containsOnlyKeys(eli("rb/2"));
        assertThat(report.complete()).isFalse();
        assertThat(report.apply().failures()).singleElement().satisfies(f -> assertThat(f.resourceUri()).isEqualTo(foreign));
        assertThat(findings(report, PagePlanner.ROBOTS_RULE)).isEmpty();
        assertThat(checkpoint()).isNull();
    }

    // ======================================================= 2. The update feed (§3.3.2, annex §4.1 steps 3, 4)

    void baseline(String... elis) {
        List<String> urls = new ArrayList<>();
        for (String e : elis) {
            urls.add(url(e, "2024-01-01"));
        }
        sitemap(urlset(urls.toArray(String[]::new)));
        feedOf();
        assertThat(sync().complete()).isTrue();
    }

    @Test
    void feedEntryWithUrnIdTakesTheEliFromItsAlternateLink() {
        baseline(eli("f/1"));
        feedOf("<entry><title>New act</title><link rel=\"alternate\" type=\"text/html\" href=\"" + eli("f/2")
                + "\"/><id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id><updated>2024-02-01T10:00:00Z</updated></entry>");

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("f/1"), eli("f/2"));
    }

    @Test
    void feedEntryWithTheEliOnlyInItsIdIsRead() {
        baseline(eli("f/1"));
        feedOf("<entry><title>t</title><id>" + eli("f/3") + "</id><updated>2024-02-01T10:00:00Z</updated></entry>");

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsKey(eli("f/3"));
    }

    @Test
    void feedEntryWhoseHttpIdIsNotTheEliIsTakenByItsLink() {
        // a CMS entry URL as id, the ELI as link (§3.3.2 wants both to be the ELI): the link is what §4.1 fetches
        baseline(eli("f/1"));
        feedOf("<entry><title>t</title><link rel=\"alternate\" href=\"" + eli("f/5") + "\"/><id>" + base
                + "cms/entry?id=5</id><updated>2024-02-01T10:00:00Z</updated></entry>",
                "<entry><title>t</title><link rel=\"alternate\" hreflang=\"en\" href=\"" + eli("f/6") + "/eng\"/>"
                        + "<id>" + eli("f/6") + "</id><updated>2024-02-01T10:00:00Z</updated></entry>");

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        // an expression link under the id's ELI agrees with it: the id is the ELI
        assertThat(active()).containsOnlyKeys(eli("f/1"), eli("f/5"), eli("f/6"));
        assertThat(rules(report)).contains("eli:3.3.2/entry-eli");
    }

    @Test
    void relativeFeedLinksResolveAgainstXmlBase() {
        // RFC 4287 §2 / XML Base: relative IRIs resolve against xml:base of the element or an ancestor
        baseline(eli("f/1"));
        serve(FEED, "application/atom+xml", feed(base,
                "<entry xml:base=\"" + base + "eli/act/\"><title>t</title><link href=\"f/4\"/>"
                        + "<id>urn:x:4</id><updated>2024-02-01T10:00:00Z</updated></entry>"));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsKey(eli("f/4"));
    }

    @Test
    void feedUpdatedInOddFormatsIsReadWithFindings() {
        baseline(eli("f/1"));
        feedOf(entry(eli("u/1"), "2024-02-01 10:00:00"), entry(eli("u/2"), "2024-02-02T10:00:00+0100"),
                entry(eli("u/3"), "2024-02-03"), entry(eli("u/4"), "Sun, 04 Feb 2024 10:00:00 GMT"));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsKeys(eli("u/1"), eli("u/2"), eli("u/3"), eli("u/4"));
        assertThat(active().get(eli("u/2"))).isEqualTo("2024-02-02T10:00:00+01:00");
    }

    @Test
    void feedEntryWithoutUpdatedTakesPublishedElseIsFetchedUndated() {
        // §3.3.2 "updated: MUST"; a feed reader falls back to published, and an undated update is still an update
        baseline(eli("f/1"));
        String cp = checkpoint();
        feedOf("<entry><title>t</title><link href=\"" + eli("nd/1") + "\"/><id>" + eli("nd/1") + "</id>"
                        + "<published>2024-02-01T00:00:00Z</published></entry>",
                "<entry><title>t</title><link href=\"" + eli("nd/2") + "\"/><id>" + eli("nd/2") + "</id>"
                        + "<updated>yesterday</updated></entry>");

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsEntry(eli("nd/1"), "2024-02-01T00:00:00Z").containsEntry(eli("nd/2"), "null");
        assertThat(findings(report, "eli:3.3.2/entry-updated")).hasSize(2);
        assertThat(checkpoint()).isEqualTo("eli:synced=2024-02-01T00:00:00Z").isNotEqualTo(cp);
    }

    @Test
    void lastmodInTheFutureIsKeptButNeverBecomesTheCheckpoint() {
        // a placeholder date would put the cursor where no feed reaches back: the §4.1 step 4 fallback must still work
        sitemap(urlset(url(eli("fu/1"), "9999-12-31"), url(eli("fu/2"), "2024-01-01")));
        feedOf();

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(active()).containsEntry(eli("fu/1"), "9999-12-31");
        assertThat(checkpoint()).isEqualTo("eli:synced=2024-01-01");
        assertThat(rules(report)).contains(SitemapWalk.FUTURE_LASTMOD_RULE);
    }

    @Test
    void pagedFeedIsFollowedBackToTheCheckpoint() {
        // RFC 5005 §3: a paged feed's older entries are behind rel="next"; §3.3.2 asks for 60 days in the feed
        baseline(eli("f/1"));
        String cp = checkpoint();
        serve(FEED, "application/atom+xml", RealWorldDocs.feedWithLinks(base,
                "  <link rel=\"next\" href=\"" + base + "eli/feed-page-2.atom\"/>\n",
                entry(eli("p/1"), "2024-03-02T00:00:00Z")));
        serve("/eli/feed-page-2.atom", "application/atom+xml", RealWorldDocs.feedWithLinks(base,
                "  <link rel=\"next\" href=\"" + base + "eli/feed-page-3.atom\"/>\n",
                entry(eli("p/2"), "2024-03-01T00:00:00Z"), entry(eli("f/1"), "2023-12-01T00:00:00Z")));
        serve("/eli/feed-page-3.atom", "application/atom+xml", feed(base, entry(eli("p/3"), "2020-01-01T00:00:00Z")));

        HarvestReport report = sync();

        assertThat(cp).isNotNull();
        assertThat(report.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("f/1"), eli("p/1"), eli("p/2"));
        // the page reaching back before the checkpoint ends the walk: page 3 is not read, no resync needed
        assertThat(requests("/eli/feed-page-3.atom")).isEmpty();
        assertThat(requests(SITEMAP)).hasSize(1);
    }

    @Test
    void emptyFeedKeepsTheBaseline() {
        baseline(eli("f/1"));
        String cp = checkpoint();
        feedOf();

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(checkpoint()).isEqualTo(cp);
        assertThat(journal()).hasSize(1);
    }

    @Test
    void feedNotReachingBackToTheCheckpointFallsBackToASitemapResync() {
        sitemap(urlset(url(eli("r/1"), "2024-01-01")));
        feedOf(entry(eli("r/1"), "2024-01-01T00:00:00Z"));
        assertThat(sync().complete()).isTrue();
        sitemap(urlset(url(eli("r/1"), "2024-01-01"), url(eli("r/2"), "2024-02-01")));
        feedOf(entry(eli("r/3"), "2024-06-01T00:00:00Z"));
        pub.clearRequests();

        HarvestReport report = sync();

        // r/2 was only in the Sitemap: updates fell out of the feed, so the Sitemap is walked again
        assertThat(report.complete()).isTrue();
        assertThat(requests(SITEMAP)).hasSize(1);
        assertThat(active()).containsOnlyKeys(eli("r/1"), eli("r/2"), eli("r/3"));
        assertThat(rules(report)).contains("eli:4.1/feed-history");
        assertThat(requests("/eli/act/r/1")).isEmpty();
    }

    @Test
    void duplicateFeedEntriesForOneEliApplyTheLatestOnce() {
        baseline(eli("f/1"));
        pub.clearRequests();
        feedOf(entry(eli("dup/1"), "2024-02-03T00:00:00Z"), entry(eli("dup/1"), "2024-02-01T00:00:00Z"),
                entry(eli("dup/1"), "2024-02-02T00:00:00Z"));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(requests("/eli/act/dup/1")).hasSize(1);
        assertThat(active().get(eli("dup/1"))).isEqualTo("2024-02-03T00:00:00Z");
        assertThat(journal().stream().filter(j -> j.resourceUri().equals(eli("dup/1")))).hasSize(1);
    }

    // ======================================================= 3. ELI pages (Pillar III: RDFa 1.1, JSON-LD)

    void onePage(String path, Function<FixtureRequest, FixtureResponse> page) {
        sitemap(urlset(url(eli(path), "2024-01-01")));
        docs.put("/eli/act/" + path, page);
    }

    String html(String head, String bodyAttrs) {
        return "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n" + head + "</head>\n<body" + bodyAttrs
                + "><p>Text</p></body>\n</html>\n";
    }

    @Test
    void rdfaWithoutPrefixDeclarationReadsEliTermsWithAFinding() {
        String e = eli("pg/1");
        onePage("pg/1", r -> FixtureResponse.ok("text/html", html(RealWorldDocs.rdfa(e, "No prefix"), "")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
        assertThat(rules(report)).contains("rdfa:core-1.1-5/eli-prefix-undeclared");
    }

    @Test
    void rdfaWithUpperCaseAttributeNamesIsRead() {
        String e = eli("pg/2");
        String upper = RealWorldDocs.rdfa(e, "Upper").replace("about=", "ABOUT=").replace("typeof=", "TYPEOF=")
                .replace("property=", "PROPERTY=").replace("rel=", "REL=").replace("href=", "HREF=");
        onePage("pg/2", r -> FixtureResponse.ok("text/html", "<!DOCTYPE html>\n<HTML PREFIX=\"eli: " + RealWorldDocs.ELI
                + "\"><HEAD>" + upper + "</HEAD><BODY></BODY></HTML>"));

        assertThat(sync().complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
    }

    @Test
    void languageIsInheritedFromLangAndXmlLangOnAncestors() {
        String e = eli("pg/3");
        String ex = e + "/fra";
        onePage("pg/3", r -> FixtureResponse.ok("text/html", "<!DOCTYPE html>\n<html lang=\"fr\" prefix=\"eli: "
                + RealWorldDocs.ELI + "\"><head>" + RealWorldDocs.rdfa(e, "x").replace(" lang=\"en\"", "")
                + "</head><body><div xml:lang=\"fr-LU\"><span about=\"" + ex
                + "\" property=\"eli:title_short\">Loi</span></div></body></html>"));

        assertThat(sync().complete()).isTrue();
        assertThat(literal(e, RealWorldDocs.ELI + "title")).isEqualTo("\"x\"@fr");
        assertThat(literal(e, RealWorldDocs.ELI + "title_short")).isEqualToIgnoringCase("\"Loi\"@fr-LU");
    }

    @Test
    void vocabAttributeExpandsBareTerms() {
        String e = eli("pg/4");
        String body = "<div vocab=\"" + RealWorldDocs.ELI + "\" about=\"" + e + "\" typeof=\"LegalResource\">"
                + "<span property=\"title_alternative\">Vocab title</span></div>";
        onePage("pg/4", r -> FixtureResponse.ok("text/html", "<!DOCTYPE html>\n<html prefix=\"eli: "
                + RealWorldDocs.ELI + "\"><head>" + RealWorldDocs.rdfa(e, "t") + "</head><body>" + body
                + "</body></html>"));

        assertThat(sync().complete()).isTrue();
        assertThat(literal(e, RealWorldDocs.ELI + "title_alternative")).contains("Vocab title");
    }

    @Test
    void typeofWithoutAboutOnTheRootTypesThePageItself() {
        // RDFa Core 1.1 §7.5 step 5: on the root element with no about, the subject is the document (the ELI)
        String e = eli("pg/5");
        onePage("pg/5", r -> FixtureResponse.ok("text/html", "<!DOCTYPE html>\n<html prefix=\"eli: "
                + RealWorldDocs.ELI + "\" typeof=\"eli:LegalResource\"><head>"
                + RealWorldDocs.rdfa(e, "t").replace("<meta about=\"" + e + "\" typeof=\"eli:LegalResource\">", "")
                + "</head><body></body></html>"));

        assertThat(sync().complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
    }

    @Test
    void malformedJsonLdScriptFailsThePageUntilTheSameBytesComeAgainThenItIsKeptWithAFinding() {
        String e = eli("pg/6");
        onePage("pg/6", r -> FixtureResponse.ok("text/html", html(
                "<script type=\"application/ld+json\">{\"@context\": {\"eli\": \"" + RealWorldDocs.ELI
                        + "\"}, \"@id\": \"" + e + "\", \"eli:title\": </script>\n"
                        + "<script type=\"application/ld+json\">{\"@context\": {\"eli\": \"" + RealWorldDocs.ELI
                        + "\"}, \"@graph\": [" + RealWorldDocs.jsonLdNodes(e, "JSON") + "]}</script>\n", "")));

        // issue 13.2: a page whose JSON-LD cannot be parsed may be a copy cut short: the change fails, nothing is kept
        HarvestReport first = sync();

        assertThat(first.complete()).isFalse();
        assertThat(first.apply().failures()).singleElement()
                .satisfies(f -> assertThat(f.reason()).isEqualTo(PagePlanner.METADATA_UNPARSABLE));
        assertThat(findings(first, "jsonld:1.1-7.3/syntax")).hasSize(1);
        assertThat(isLegalResource(e)).isFalse();

        // the next run gets the very same bytes: the publisher serves it so; kept with the finding, the other read
        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
        assertThat(findings(report, "jsonld:1.1-7.3/syntax")).hasSize(1);
    }

    @Test
    void jsonLdWithARemoteContextIsNeverFetchedAndReported() {
        String e = eli("pg/7");
        String remote = base + "contexts/eli.jsonld";
        docs.put("/contexts/eli.jsonld", r -> FixtureResponse.ok("application/ld+json", "{\"@context\": {}}"));
        onePage("pg/7", r -> FixtureResponse.ok("text/html", html(
                "<script type=\"application/ld+json\">{\"@context\": \"" + remote + "\", \"@graph\": ["
                        + RealWorldDocs.jsonLdNodes(e, "R") + "]}</script>\n"
                        + "<script type=\"application/ld+json\">{\"@context\": {\"eli\": \"" + RealWorldDocs.ELI
                        + "\"}, \"@graph\": [" + RealWorldDocs.jsonLdNodes(e, "JSON") + "]}</script>\n", "")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(requests("/contexts/eli.jsonld")).isEmpty();
        assertThat(rules(report)).contains("jsonld:1.1-4.1/remote-context-not-fetched");
        assertThat(isLegalResource(e)).isTrue();
    }

    @Test
    void pageServedAsXhtmlIsRead() {
        String e = eli("pg/8");
        onePage("pg/8", r -> FixtureResponse.ok("application/xhtml+xml; charset=utf-8",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
                        + "xmlns:eli=\"" + RealWorldDocs.ELI + "\"><head><title>x</title>"
                        + RealWorldDocs.rdfa(e, "XHTML").replace("\">", "\"/>") + "</head><body/></html>"));

        assertThat(sync().complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
    }

    @Test
    void pageInWindows1252DeclaredByMetaCharsetOnlyIsDecodedByIt() {
        String e = eli("pg/9");
        String title = "Loi n° 2024 – « été » €";
        String page = "<!DOCTYPE html>\n<html prefix=\"eli: " + RealWorldDocs.ELI + "\"><head>"
                + "<meta charset=\"windows-1252\"><title>t</title>" + RealWorldDocs.rdfa(e, title)
                + "</head><body></body></html>";
        onePage("pg/9", r -> FixtureResponse.ok("text/html", page.getBytes(Charset.forName("windows-1252"))));

        assertThat(sync().complete()).isTrue();
        assertThat(literal(e, RealWorldDocs.ELI + "title")).isEqualTo("\"" + title + "\"@en");
    }

    @Test
    void seeOtherRedirectFromTheEliToItsPageStoresTheGraphUnderTheEli() {
        // §3.2.2 "Provide dereferenceable ELI URIs ... possibly using an HTML redirect"
        String e = eli("pg/10");
        onePage("pg/10", r -> FixtureResponse.status(303).withHeader("Location", base + "pages/10.html"));
        serve("/pages/10.html", "text/html", page(e, "Redirected"));

        assertThat(sync().complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
        assertThat(active()).containsOnlyKeys(e);
    }

    @Test
    void htmlMetaRefreshFromTheEliToItsPageIsFollowed() {
        // §3.2.2 "... MUST return ... the HTML page ..., possibly using an HTML redirect"
        String e = eli("pg/13");
        onePage("pg/13", r -> FixtureResponse.ok("text/html", "<!DOCTYPE html><html><head><title>Redirect</title>"
                + "<META HTTP-EQUIV=\"Refresh\" CONTENT=\"0; URL='/pages/13.html?lang=en&amp;v=1'\"></head>"
                + "<body><a href=\"/pages/13.html\">here</a></body></html>"));
        docs.put("/pages/13.html?lang=en&v=1", r -> FixtureResponse.ok("text/html", page(e, "Meta refresh")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
        assertThat(rules(report)).contains(PagePlanner.HTML_REDIRECT_RULE);
    }

    @Test
    void metaRefreshTargetCutShortFailsTheChangeInsteadOfKeepingThePageWithoutMetadata() {
        // issue 13.2: the page the ELI refreshes to holds its metadata; cut short, nothing of the ELI becomes current
        String e = eli("pg/14");
        onePage("pg/14", r -> FixtureResponse.ok("text/html", "<!DOCTYPE html><html><head><title>Redirect</title>"
                + "<meta http-equiv=\"refresh\" content=\"0; url=/pages/14.html\"></head><body></body></html>"));
        serve("/pages/14.html", "text/html", page(e, "Meta refresh"));
        pub.faults().always("/pages/14.html", Fault.truncatedBody());

        HarvestReport report = sync();

        assertThat(report.complete()).isFalse();
        assertThat(report.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo(e);
            assertThat(f.reason()).isEqualTo("truncated");
        });
        assertThat(active()).isEmpty();

        pub.faults().clear();
        assertThat(sync().complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
    }

    @Test
    void redirectLoopIsATypedFailureNamingTheEli() {
        String e = eli("pg/11");
        onePage("pg/11", r -> FixtureResponse.status(302).withHeader("Location", base + "pages/loop"));
        docs.put("/pages/loop", r -> FixtureResponse.status(301).withHeader("Location", e));

        HarvestReport report = sync();

        assertThat(report.complete()).isFalse();
        assertThat(report.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo(e);
            assertThat(f.reason()).isEqualTo("redirect-loop");
        });
        assertThat(checkpoint()).isNull();
    }

    @Test
    void brokenPageDoesNotHoldTheRestOfTheBaselineButWithholdsItsCheckpoint() {
        // §3.2: the Sitemap is a set; one ELI answering 404 must not stop a baseline of thousands (docs/architecture.md, invariant 5)
        sitemap(urlset(url(eli("bp/1"), "2024-01-01"), url(eli("bp/2"), "2024-01-02"), url(eli("bp/3"), "2024-01-03")));
        docs.put("/eli/act/bp/1", r -> FixtureResponse.status(404));

        HarvestReport first = sync();

        assertThat(active()).containsOnlyKeys(eli("bp/2"), eli("bp/3"));
        assertThat(first.complete()).isFalse();
        assertThat(first.apply().gap()).isNull();
        assertThat(first.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo(eli("bp/1"));
            assertThat(f.status()).isEqualTo(404);
        });
        assertThat(checkpoint()).isNull();

        docs.remove("/eli/act/bp/1");
        pub.clearRequests();
        HarvestReport second = sync();

        assertThat(second.complete()).isTrue();
        assertThat(active()).containsOnlyKeys(eli("bp/1"), eli("bp/2"), eli("bp/3"));
        assertThat(requests("/eli/act/bp/2")).isEmpty();
        assertThat(journal()).hasSize(3);
        assertThat(checkpoint()).isNotNull();
    }

    @Test
    void feedUpdatesDoNotWaitForADeadLinkOfTheSitemap() {
        // a Sitemap listing a dead ELI must not keep the daily updates (§4.1 steps 3, 4) away forever
        sitemap(urlset(url(eli("dl/1"), "2024-01-01"), url(eli("dl/2"), "2024-01-02")));
        docs.put("/eli/act/dl/1", r -> FixtureResponse.status(410));
        feedOf(entry(eli("dl/3"), "2024-02-01T00:00:00Z"));

        HarvestReport first = sync();

        assertThat(first.complete()).isFalse();
        assertThat(active()).containsOnlyKeys(eli("dl/2"), eli("dl/3"));
        assertThat(checkpoint()).isNull();

        feedOf(entry(eli("dl/3"), "2024-02-01T00:00:00Z"), entry(eli("dl/4"), "2024-02-02T00:00:00Z"));
        pub.clearRequests();
        HarvestReport second = sync();

        // the dead ELI is tried again, the rest is not fetched twice, and new updates keep coming
        assertThat(second.complete()).isFalse();
        // (a failed page is asked for by the planner and once more by the applier, which records the failure)
        assertThat(requests("/eli/act/dl/1")).isNotEmpty();
        assertThat(requests("/eli/act/dl/2")).isEmpty();
        assertThat(requests("/eli/act/dl/3")).isEmpty();
        assertThat(active()).containsOnlyKeys(eli("dl/2"), eli("dl/3"), eli("dl/4"));
        assertThat(journal()).hasSize(3);
    }

    @Test
    void notAcceptableForTextHtmlIsAskedAgainWithABroaderAccept() {
        // §3.2.2: the ELI MUST answer Accept: text/html; a server that refuses it gets one broader request
        String e = eli("pg/12");
        onePage("pg/12", r -> "text/html".equals(r.header("Accept"))
                ? FixtureResponse.status(406)
                : FixtureResponse.ok("application/xhtml+xml", page(e, "406")));

        HarvestReport report = sync();

        assertThat(report.complete()).isTrue();
        assertThat(isLegalResource(e)).isTrue();
        assertThat(rules(report)).contains(PagePlanner.NOT_ACCEPTABLE_RULE);
    }

    // ======================================================= 4. unreadable documents: typed, located

    @Test
    void malformedSitemapIsUnreadableNamingTheDocumentAndPosition() {
        sitemap("<?xml version=\"1.0\"?>\n<urlset xmlns=\"" + RealWorldDocs.SITEMAP_NS + "\">\n  <url><loc>x</loc>\n</urlset>");

        assertThatThrownBy(this::sync).isInstanceOf(SourceUnreadableException.class)
                .hasMessageContaining("/eli/sitemap.xml").hasMessageMatching("(?s).*(line|:)\\s*\\d+.*");
    }

    @Test
    void rssInsteadOfTheAtomFeedIsUnreadableNamingTheFeedAndWhatWasFound() {
        // §3.3.2 "Conform to the Atom format": an RSS 2.0 feed is another format; said plainly, exit 3 on the CLI
        sitemap(urlset(url(eli("z/1"), "2024-01-01")));
        serve(FEED, "application/rss+xml", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title>"
                + "<item><link>" + eli("z/1") + "</link></item></channel></rss>");

        assertThatThrownBy(this::sync).isInstanceOf(SourceUnreadableException.class)
                .hasMessageContaining("eli-update-feed.atom").hasMessageContaining("rss");
        // the baseline taken before the feed was read is kept, and no checkpoint claims the feed was applied
        assertThat(active()).containsOnlyKeys(eli("z/1"));
        assertThat(checkpoint()).isNull();
    }

    @Test
    void htmlErrorPageInsteadOfTheFeedIsUnreadableNamingTheFeed() {
        sitemap(urlset(url(eli("z/1"), "2024-01-01")));
        serve(FEED, "text/html", "<html><body>Maintenance</body></html>");

        assertThatThrownBy(this::sync).isInstanceOf(SourceUnreadableException.class)
                .hasMessageContaining("eli-update-feed.atom");
    }
}
