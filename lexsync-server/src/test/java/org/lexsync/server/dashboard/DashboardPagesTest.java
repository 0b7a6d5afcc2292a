package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.server.LexSyncServer;

/**
 * The dashboard's pages as HTTP answers, without a browser (docs/architecture.md, "Dashboard and metrics"): the
 * content is in the HTML itself (readable without JavaScript), nothing from a source reaches the page unescaped,
 * nothing is loaded from elsewhere, and an unknown run is an HTML 404.
 */
class DashboardPagesTest {
    private static final String EVIL = "<script>alert(1)</script>";

    @TempDir
    Path dir;
    private LexSync lexsync;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        lexsync = LexSync.builder(dir.resolve("data")).build();
        List<Source> sources = List.of(Source.builder(EVIL, AtomOptions.DEFAULT)
                .url("http://127.0.0.1:9/feed.atom?a=1&b=2").schedule("PT1H").build());
        sources.forEach(lexsync::register);
        server = start(ServerSettings.DEFAULTS.withPort(0), sources);
    }

    private LexSyncServer start(ServerSettings settings, List<Source> sources) {
        return LexSyncServer.builder(lexsync).configuration(new Configuration(dir.resolve("lexsync.yaml"), sources,
                settings)).settings(settings).feature(DashboardFeature::new).build().start();
    }

    @AfterEach
    void stop() {
        server.close();
        lexsync.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(server.uri().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theOverviewIsHtmlWithTheSourcesInIt() throws Exception {
        HttpResponse<String> r = get("/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(r.body()).contains("<table id=\"sources\">").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    @Test
    void nothingFromASourceReachesThePageUnescaped() throws Exception {
        for (String path : List.of("/", "/sources/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/failures", "/store",
                "/hosts", "/uploads", "/checks")) {
            HttpResponse<String> r = get(path);
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            assertThat(r.body()).as(path).doesNotContain(EVIL);
        }
    }

    @Test
    void aRefusedReloadIsABannerWithFileLineAndKeyOnEveryPage() throws Exception {
        server.context().reloadStatus().refused(new org.lexsync.engine.model.ConfigException("lexsync.yaml",
                "sources[3].schedule", 12, "hour field '25': 25 is out of range 0-23"), java.time.Instant.now());

        for (String path : List.of("/", "/sources/%3Cscript%3Ealert(1)%3C%2Fscript%3E", "/failures", "/store",
                "/hosts", "/uploads", "/checks")) {
            assertThat(get(path).body()).as(path).contains("<div class=\"banner\" id=\"reload-refused\" role=\"alert\">")
                    .contains("lexsync.yaml:12: sources[3].schedule: hour field &#39;25&#39;: 25 is out of range 0-23");
        }
    }

    @Test
    void linksToASourcePercentEncodeItsId() throws Exception {
        assertThat(get("/").body()).contains("href=\"/sources/%3Cscript%3Ealert%281%29%3C%2Fscript%3E\"");
    }

    @Test
    void thePagesLoadNothingFromElsewhere() throws Exception {
        String body = get("/").body();
        assertThat(body).doesNotContain("https://").doesNotContain("http://127.0.0.1:9/\"");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<(?:script|link)[^>]*(?:src|href)=\"([^\"]*)\"")
                .matcher(body);
        int loaded = 0;
        while (m.find()) {
            assertThat(m.group(1)).startsWith("/static/");
            loaded++;
        }
        assertThat(loaded).isEqualTo(2);
    }

    @Test
    void thePagesHaveNoInlineScriptOrStyleAndAStrictPolicy() throws Exception {   // issue 28
        for (String path : List.of("/", "/failures", "/store", "/hosts", "/uploads", "/checks", "/runs/999",
                "/documents", "/documents?q=x")) {
            HttpResponse<String> r = get(path);
            assertThat(r.body()).as(path).doesNotContain("<script>").doesNotContain("<style")
                    .doesNotContain(" style=").doesNotContain(" onclick=");
            assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(csp ->
                    assertThat(csp).contains("script-src 'self'").contains("frame-ancestors 'none'")
                            .doesNotContain("unsafe-inline"));
            assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
            assertThat(r.headers().firstValue("Referrer-Policy")).as(path).hasValue("no-referrer");
        }
    }

    @Test
    void theScriptAndStyleSheetAreCachedForEverUnderTheirETag() throws Exception {
        for (String path : List.of("/static/dashboard.js", "/static/dashboard.css")) {
            HttpResponse<String> r = get(path);
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            assertThat(r.headers().firstValue("Cache-Control")).as(path).hasValue("public, max-age=31536000, immutable");
            String etag = r.headers().firstValue("ETag").orElseThrow();
            HttpResponse<String> again = http.send(HttpRequest.newBuilder(server.uri().resolve(path))
                    .header("If-None-Match", etag).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(again.statusCode()).as(path).isEqualTo(304);
        }
        assertThat(get("/static/dashboard.js").headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/javascript"));
    }

    @Test
    void theChartSpansTheHoursTheStoreHasDataForNotThreeDays() throws Exception {
        var group = org.lexsync.fixture.documentgroup.GroupFixture.decision();
        Path uploads = java.nio.file.Files.createDirectories(dir.resolve("chart"));
        lexsync.ingestion().ingest(org.lexsync.engine.model.GroupUpload.of(group.writeMetaInfo(uploads), group.writeZip(uploads),
                org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER, "127.0.0.1"));

        assertThat(get("/").body()).contains("Changes collected per hour, last " + ChangesChart.MIN_HOURS + " hours");
    }

    @Test
    void anIngestionSourceHasNoHarvestButtons() throws Exception {   // they could only ever answer 404
        var group = org.lexsync.fixture.documentgroup.GroupFixture.decision();
        Path uploads = java.nio.file.Files.createDirectories(dir.resolve("buttons"));
        lexsync.ingestion().ingest(org.lexsync.engine.model.GroupUpload.of(group.writeMetaInfo(uploads), group.writeZip(uploads),
                org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER, "127.0.0.1"));

        String page = get("/").body();
        String row = page.substring(page.indexOf("data-source=\"" + org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER));
        row = row.substring(0, row.indexOf("</tr>"));
        assertThat(row).contains("documentgroup").contains("ingested by crawlers").doesNotContain("<button");
        assertThat(page).contains("data-action=\"run\"");   // the harvested source keeps its buttons
    }

    @Test
    void anUnknownRunIsAnHtmlNotFound() throws Exception {
        HttpResponse<String> r = get("/runs/999");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("<h1>Not found</h1>");
        assertThat(get("/runs/abc").statusCode()).isEqualTo(404);
    }

    @Test
    void crawlerUploadsAreCountedPerCrawlerWithTheirRejectionReasons() throws Exception {   // EUCases D2.1 §3.2
        var group = org.lexsync.fixture.documentgroup.GroupFixture.decision();
        Path uploads = java.nio.file.Files.createDirectories(dir.resolve("uploads"));
        lexsync.ingestion().ingest(org.lexsync.engine.model.GroupUpload.of(group.writeMetaInfo(uploads), group.writeZip(uploads),
                org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER, "127.0.0.1"));
        var unknown = org.lexsync.fixture.documentgroup.GroupFixture.empty(
                org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER, "5c0ffee0-0000-4000-8000-000000000001").op("Del");
        lexsync.ingestion().ingest(org.lexsync.engine.model.GroupUpload.of(unknown.writeMetaInfo(
                java.nio.file.Files.createDirectories(uploads.resolve("del"))), null,
                org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER, "127.0.0.1"));   // Del of an unknown group

        HttpResponse<String> r = get("/uploads");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("<table id=\"uploads-per-crawler\">")
                .contains(org.lexsync.fixture.documentgroup.GroupFixture.CRAWLER)
                .contains("<table id=\"upload-rejections\">").contains("<table id=\"upload-log\">");
    }

    @Test
    void closedReadsNeedAToken() throws Exception {
        server.close();
        ServerSettings closed = ServerSettings.DEFAULTS.withPort(0).withOpenReads(false);
        server = start(closed, List.of());
        assertThat(get("/").statusCode()).isEqualTo(401);
    }

    @Test
    void closedReadsGiveABrowserTheSignInPageAndThePageToItsToken() throws Exception {
        server.close();
        ServerSettings closed = ServerSettings.DEFAULTS.withPort(0).withOpenReads(false).withTokens(List.of(
                AccessToken.ofSecret("reader", "reader-secret", java.util.Set.of(AccessToken.Role.ADMIN))));
        server = start(closed, List.of());

        HttpResponse<String> signIn = get("/hosts");
        assertThat(signIn.statusCode()).isEqualTo(401);
        assertThat(signIn.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("text/html"));
        assertThat(signIn.body()).contains("<form id=\"login\"").contains("/static/dashboard.js");
        assertThat(get("/static/dashboard.js").statusCode()).isEqualTo(200);   // the sign-in page's script is open
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(server.uri().resolve("/hosts"))
                .header("Authorization", "Bearer reader-secret").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<h1>Hosts</h1>");
    }
}
