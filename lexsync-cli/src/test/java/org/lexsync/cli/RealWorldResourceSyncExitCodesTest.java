package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * {@code lexsync sync resourcesync URL} against documents written by other publishers (docs/architecture.md, "Exit
 * codes" exit codes): sloppy but recoverable documents end with 0, an unreadable document midway with 1 and the
 * document named, a site without ResourceSync with 3; never a stack trace.
 */
class RealWorldResourceSyncExitCodesTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    volatile String list;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/rs/", (req, p) -> switch (req.path()) {
            case "/rs/list.xml" -> FixtureResponse.ok("text/plain", list);
            default -> null;
        });
        pub.route("/res/", (req, p) -> FixtureResponse.ok("text/plain", "resource " + req.path()));
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private CliRun sync(String url) {
        return CliRun.of("sync", "resourcesync", url, "--store", dir.toString(), "--delay", "0", "--tries", "1");
    }

    @Test
    void aSloppyListWithOneUnusableDigestStoresTheRestAndEndsWithOne() {
        list = """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <rs:md capability="resourcelist" at="2013-01-03T09:00:00"/>
                  <url><loc> ../res/a b </loc><lastmod>2013-01-02</lastmod></url>
                  <url><loc>/res/c</loc><rs:md hash="SHA256:UNKNOWNLENGTH blake3:00"/></url>
                  <url><loc>/res/d</loc><lastmod>2013-01-02T10:00:00+01:00</lastmod></url>
                </urlset>
                """;

        CliRun r = sync(pub.uri("/rs/list.xml").toString());

        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.out() + r.err()).contains("created 2").contains("failed 1");
        assertThat(r.code()).isEqualTo(1);
    }

    @Test
    void aCleanSloppyListEndsWithZero() {
        list = """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <rs:md capability="resourcelist" at="2013-01-03T09:00:00"/>
                  <url><loc> ../res/a b </loc><lastmod>2013-01-02</lastmod></url>
                  <url><loc>/res/d</loc><lastmod>2013-01-02T10:00:00+01:00</lastmod></url>
                </urlset>
                """;

        CliRun r = sync(pub.uri("/rs/list.xml").toString());

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("created 2");
    }

    @Test
    void aListBrokenMidwayEndsWithOneAndNamesTheDocumentAndLine() {
        list = """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>
                  <url><loc>/res/a</loc></url>
                  <url><loc>/res/b</loc></url
                </urlset>
                """;

        CliRun r = sync(pub.uri("/rs/list.xml").toString());

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out() + r.err()).contains("/rs/list.xml").contains("line 6").doesNotContain("\tat ");
    }

    @Test
    void aSiteWithoutResourceSyncEndsWithThree() {
        CliRun r = sync(pub.uri("/nothing/").toString());

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("§6.3").doesNotContain("\tat ");
    }
}
