package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * {@code lexsync sync eli} against documents real publishers get wrong: exit codes and messages as
 * docs/architecture.md, "Exit codes" states them (0 success, 1 item failures listed, 2 usage, 3 the source could not be
 * read at all), errors naming the document and the line/column or the entry, never a stack trace.
 */
class RealWorldEliCommandTest {
    static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

    @TempDir
    Path dir;

    FixturePublisher pub;
    String base;
    final Map<String, FixtureResponse> docs = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        base = pub.baseUri().toString();
        pub.route("/", (request, p) -> docs.get(request.path()));
        docs.put("/eli/eli-update-feed.atom", FixtureResponse.ok("application/atom+xml", feed()));
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private String feed(String... entries) {
        return "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title><link rel=\"self\" href=\"" + base
                + "eli/eli-update-feed.atom\"/><updated>2024-06-01T00:00:00Z</updated><author><name>a</name></author>"
                + "<id>urn:x:eli:eli-update-feed</id>" + String.join("", entries) + "</feed>";
    }

    private String page(String eli) {
        String e = eli + "/eng";
        String f = e + "/html";
        return String.format(Locale.ROOT, "<!DOCTYPE html><html prefix=\"eli: http://data.europa.eu/eli/ontology#\">"
                + "<head><meta about=\"%1$s\" typeof=\"eli:LegalResource\"><link about=\"%1$s\" rel=\"eli:is_realized_by\""
                + " href=\"%2$s\"><meta about=\"%2$s\" typeof=\"eli:LegalExpression\"><meta about=\"%2$s\""
                + " property=\"eli:title\" content=\"T\"><link about=\"%2$s\" rel=\"eli:is_embodied_by\" href=\"%3$s\">"
                + "<meta about=\"%3$s\" typeof=\"eli:Format\"></head><body></body></html>", eli, e, f);
    }

    private CliRun sync() {
        return CliRun.of("sync", "eli", "--sitemap", base + "eli/sitemap.xml", "--feed", base + "eli/eli-update-feed.atom",
                "--store", dir.toString(), "--delay", "0", "--tries", "1");
    }

    private void act(String path) {
        docs.put(path, FixtureResponse.ok("text/html", page(base + path.substring(1))));
    }

    @Test
    void malformedSitemapExitsThreeNamingTheDocumentLineAndColumn() {
        docs.put("/eli/sitemap.xml", FixtureResponse.ok("application/xml",
                "<?xml version=\"1.0\"?>\n<urlset xmlns=\"" + NS + "\">\n  <url><loc>" + base + "eli/act/1</loc>\n</urlset>"));

        CliRun r = sync();

        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.err()).startsWith("lexsync: ").contains(base + "eli/sitemap.xml").containsPattern("line \\d+, column \\d+")
                .doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    void malformedFeedExitsThreeNamingTheFeedLineAndColumn() {
        docs.put("/eli/sitemap.xml", FixtureResponse.ok("application/xml", "<urlset xmlns=\"" + NS + "\"/>"));
        docs.put("/eli/eli-update-feed.atom", FixtureResponse.ok("application/atom+xml",
                "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<entry><id>x</id>\n</feed>"));

        CliRun r = sync();

        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.err()).contains("eli-update-feed.atom").containsPattern("line \\d+, column \\d+")
                .doesNotContain("\tat ");
    }

    @Test
    void missingSitemapOfTheIndexExitsOneListingIt() {
        docs.put("/eli/sitemap.xml", FixtureResponse.ok("application/xml", "<sitemapindex xmlns=\"" + NS + "\">"
                + "<sitemap><loc>" + base + "eli/s1.xml</loc></sitemap><sitemap><loc>" + base + "eli/gone.xml</loc>"
                + "</sitemap></sitemapindex>"));
        docs.put("/eli/s1.xml", FixtureResponse.ok("application/xml", "<urlset xmlns=\"" + NS + "\"><url><loc>" + base
                + "eli/act/1</loc><lastmod>2024-01-01</lastmod></url></urlset>"));
        act("/eli/act/1");

        CliRun r = sync();

        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("created 1").contains("failed: " + base + "eli/gone.xml (sitemap-unreadable")
                .doesNotContain("checkpoint:");
        assertThat(r.err()).doesNotContain("\tat ");
    }

    @Test
    void redirectLoopOfAnEliExitsOneNamingTheEli() {
        docs.put("/eli/sitemap.xml", FixtureResponse.ok("application/xml", "<urlset xmlns=\"" + NS + "\"><url><loc>" + base
                + "eli/act/loop</loc><lastmod>2024-01-01</lastmod></url></urlset>"));
        docs.put("/eli/act/loop", FixtureResponse.status(302).withHeader("Location", base + "eli/act/loop2"));
        docs.put("/eli/act/loop2", FixtureResponse.status(302).withHeader("Location", base + "eli/act/loop"));

        CliRun r = sync();

        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains(base + "eli/act/loop").contains("redirect-loop");
        assertThat(r.err()).doesNotContain("\tat ");
    }

    @Test
    void feedEntriesWithoutAnEliAreFindingsNotFailures() {
        docs.put("/eli/sitemap.xml", FixtureResponse.ok("application/xml", "<urlset xmlns=\"" + NS + "\"/>"));
        docs.put("/eli/eli-update-feed.atom", FixtureResponse.ok("application/atom+xml", feed(
                "<entry><title>t</title><id>urn:x:1</id><updated>2024-01-01T00:00:00Z</updated></entry>",
                "<entry><title>t</title><link href=\"http://[broken\"/><id>urn:x:2</id>"
                        + "<updated>2024-01-01T00:00:00Z</updated></entry>")));

        CliRun r = sync();

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        // each named by its position in the feed
        assertThat(r.out()).contains("findings:").containsPattern("eli:3\\.3\\.2/entry-link at 1:\\d+");
        assertThat(r.err()).doesNotContain("\tat ");
    }

    @Test
    void relativeSitemapUrlIsAUsageError() {
        CliRun r = CliRun.of("sync", "eli", "--sitemap", "eli/sitemap.xml", "--feed", base + "eli/eli-update-feed.atom",
                "--store", dir.toString());

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--sitemap").doesNotContain("\tat ");
    }
}
