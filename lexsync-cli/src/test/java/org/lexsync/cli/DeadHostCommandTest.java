package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.UnreachableHost;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * Issue 13.5: a Sitemap of thousands of ELIs on a host that does not answer ends quickly, with one finding for the
 * host and every ELI an item failure (retried next run, exit 1). The host is a loopback port bound and closed.
 */
class DeadHostCommandTest {
    // 60,000 as in the issue took 149 s here (5,000: 21 s), nearly all of it the applier's one store transaction
    // per item failure (ItemFailures.record); the fetches themselves end at once. 1,000 keep the test short.
    private static final int ELIS = 1_000;

    @TempDir
    Path dir;
    FixturePublisher pub;
    int deadPort;

    @BeforeEach
    void start() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        pub = FixturePublisher.builder().resources(0).start();
        String base = pub.baseUri().toString().replaceAll("/$", "");
        pub.route("/dead/sitemap.xml", (request, p) -> FixtureResponse.streaming("application/xml", out -> {
            out.write(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n").getBytes());
            for (int i = 1; i <= ELIS; i++) {
                out.write(("<url><loc>http://127.0.0.1:" + deadPort + "/eli/act/2020/" + i
                        + "/oj</loc><lastmod>2020-01-01</lastmod></url>\n").getBytes());
            }
            out.write("</urlset>\n".getBytes());
        }));
        pub.route("/dead/feed.atom", (request, p) -> FixtureResponse.ok("application/atom+xml",
                "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"
                        + "<title>feed</title><link rel=\"self\" href=\"" + base + "/dead/feed.atom\"/>"
                        + "<updated>" + Instant.parse("2020-01-02T00:00:00Z") + "</updated>"
                        + "<author><name>x</name></author><id>urn:x:feed</id></feed>\n"));
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    @Test
    void aSitemapOfManyElisOnADeadHostEndsWithOneFindingForTheHost() {
        long start = System.nanoTime();
        CliRun r = CliRun.of("sync", "eli", "--sitemap", pub.uri("/dead/sitemap.xml").toString(), "--feed",
                pub.uri("/dead/feed.atom").toString(), "--store", dir.toString(), "--ignore-robots", "--delay", "0");
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf(java.util.Locale.ROOT, "%,d ELIs on a dead host: %d ms%n%s%n", ELIS, millis, r.out());

        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("failed " + ELIS);
        // the requests that opened the breaker (5 in a row, some ELIs fetched side by side) failed on their own
        java.util.regex.Matcher notTried = java.util.regex.Pattern.compile("failed: (\\d+) items not tried")
                .matcher(r.out());
        assertThat(notTried.find()).as(r.out()).isTrue();
        assertThat(Integer.parseInt(notTried.group(1))).isBetween(ELIS - 5, ELIS);
        assertThat(r.out().split("failed: http://", -1).length - 1).isLessThanOrEqualTo(5);
        assertThat(r.out().split(UnreachableHost.RULE, -1)).as(r.out()).hasSize(2);
        assertThat(r.out()).contains("host 127.0.0.1:" + deadPort + " unreachable");
    }
}
