package org.lexsync.server.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.TestServer;

/** {@code POST /api/check}: the checker of {@code lexsync check} run by the server (docs/api.md, "Check"). */
class CheckRoutesTest {
    @TempDir
    Path dir;
    private FixturePublisher pub;
    private AtomSource atom;
    private TestServer server;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        atom = AtomSource.register(pub, "/atom", 3, 200);
        atom.publishNew(7);
        server = TestServer.start(dir, TestServer.SERVER_SECTION);
    }

    @AfterEach
    void stop() {
        server.close();
        pub.close();
    }

    private HttpResponse<String> check(String json) {
        return server.post("/api/check", TestServer.ADMIN, "application/json", json);
    }

    private String feed() {
        return atom.subscriptionUri().toString();
    }

    @Test
    void aConformingFeedGivesAJsonReportWithoutErrors() {
        HttpResponse<String> r = check("{\"protocol\":\"atom\",\"url\":\"" + feed()
                + "\",\"profile\":\"rinfo\",\"sample\":\"all\",\"delay\":0}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(r.body()).contains("\"errors\": 0");
        assertThat(r.headers().firstValue("Location")).hasValue("/api/check/1");
    }

    @Test
    void aWrongMd5IsReportedForThatEntry() {   // rinfo §3.3.6
        atom.corrupt(AtomSource.id(1));
        HttpResponse<String> r = check("{\"protocol\":\"atom\",\"url\":\"" + feed()
                + "\",\"profile\":\"rinfo\",\"sample\":\"all\",\"delay\":0}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("rinfo:3.3.6/md5-match").contains(AtomSource.id(1));
    }

    @Test
    void aKeptReportIsServedAgainAsHtmlAndListedOnTheDashboard() {
        check("{\"protocol\":\"atom\",\"url\":\"" + feed() + "\",\"delay\":0}");
        HttpResponse<String> html = server.get("/api/check/1?format=html");
        assertThat(html.statusCode()).isEqualTo(200);
        assertThat(html.body()).startsWith("<!DOCTYPE html>");
        assertThat(html.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp -> assertThat(csp)
                .contains("style-src 'unsafe-inline'").contains("default-src 'none'").doesNotContain("script"));
        assertThat(server.get("/api/check/99").statusCode()).isEqualTo(404);
    }

    @Test
    void aCheckNeedsAnAdminToken() {
        HttpResponse<String> r = server.post("/api/check", null, "application/json",
                "{\"protocol\":\"atom\",\"url\":\"" + feed() + "\"}");
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(server.post("/api/check", TestServer.INGEST, "application/json",
                "{\"protocol\":\"atom\",\"url\":\"" + feed() + "\"}").statusCode()).isEqualTo(403);
    }

    @Test
    void badRequestsAreNamedWithoutStackTraces() {
        assertThat(check("{\"url\":\"" + feed() + "\"}").body()).contains("field 'protocol' is missing");
        assertThat(check("{\"protocol\":\"gopher\",\"url\":\"x\"}").body()).contains("protocol must be eli, resourcesync or atom");
        assertThat(check("{\"protocol\":\"atom\",\"url\":\"x\",\"colour\":1}").body()).contains("unknown field 'colour'");
        assertThat(check("{\"protocol\":\"documentgroup\",\"url\":\"x\"}").statusCode()).isEqualTo(400);
        assertThat(check("not json").body()).contains("the body is not JSON").doesNotContain("at com.");
    }

    @Test
    void aMalformedUrlIsAReportWithOneFindingNotAnError() {
        HttpResponse<String> r = check("{\"protocol\":\"atom\",\"url\":\"htp:/nowhere\",\"delay\":0}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"rootUnreadable\": true");
    }

    @Test
    void formFieldsWorkToo() {
        HttpResponse<String> r = server.post("/api/check?format=text", TestServer.ADMIN,
                "application/x-www-form-urlencoded", "protocol=atom&url=" + java.net.URLEncoder.encode(feed(),
                        java.nio.charset.StandardCharsets.UTF_8) + "&delay=0");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("check atom " + feed());
    }
}
