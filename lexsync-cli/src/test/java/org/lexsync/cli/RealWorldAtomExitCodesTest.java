package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * {@code lexsync sync atom URL} against feeds written by other publishers (docs/architecture.md, "Exit codes" exit
 * codes, invariant 5: typed rejections): a subscription document that cannot be read ends with 3 and names the document and
 * line/column; a broken archive or entry midway ends with 1 and names it; never a stack trace.
 */
class RealWorldAtomExitCodesTest {
    static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:fh=\"http://purl.org/syndication/history/1.0\">\n"
            + "<id>tag:example.se,2024:x</id><title>t</title><updated>2024-06-01T09:00:00Z</updated>\n"
            + "<author><name>Agency</name><email>rinfo@example.se</email></author>\n";

    @TempDir
    Path dir;

    FixturePublisher pub;
    final Map<String, String> docs = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/a/", (req, p) -> {
            String body = docs.get(req.path());
            return body == null ? null : FixtureResponse.ok("application/atom+xml", body.getBytes(StandardCharsets.UTF_8));
        });
        pub.route("/docs/", (req, p) -> FixtureResponse.ok("application/pdf", "document " + req.path()));
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private CliRun sync(String path) {
        return CliRun.of("sync", "atom", pub.uri(path).toString(), "--store", dir.toString(), "--delay", "0",
                "--ignore-robots", "--tries", "1");
    }

    private static String entry(int n, String updated) {
        return "<entry><id>http://example.se/publ/" + n + "</id><title>" + n + "</title><updated>" + updated
                + "</updated><published>" + updated + "</published><summary/>"
                + "<content type=\"application/pdf\" src=\"/docs/" + n + ".pdf\"/></entry>\n";
    }

    private static void noStackTrace(CliRun r) {
        assertThat(r.out() + r.err()).doesNotContain("\tat ").doesNotContain("Exception:");
    }

    @Test
    void malformedSubscriptionIsExitThreeNamingDocumentLineAndColumn() {   // docs/architecture.md, "Exit codes", invariant 5
        docs.put("/a/feed.atom", HEAD + entry(1, "2024-06-01T09:00:00Z") + "<entry><id>x</id>\n</feed>");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("/a/feed.atom").containsPattern("line \\d+, column \\d+");
        noStackTrace(r);
    }

    @Test
    void subscriptionWithADoctypeIsRefusedWithExitThree() {   // docs/architecture.md, invariant 5 (no DTDs)
        docs.put("/a/feed.atom", "<?xml version=\"1.0\"?>\n<!DOCTYPE feed [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                + "<feed xmlns=\"http://www.w3.org/2005/Atom\"><id>&x;</id></feed>");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("/a/feed.atom").contains("line 2");
        noStackTrace(r);
    }

    @Test
    void htmlPageInsteadOfAFeedIsExitThreeNamingWhatWasFound() {   // docs/architecture.md, "Exit codes" (source not readable)
        docs.put("/a/feed.atom", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>Not found</body></html>");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("/a/feed.atom").contains("html");
        noStackTrace(r);
    }

    @Test
    void emptyBodyIsExitThree() {   // docs/architecture.md, "Exit codes"
        docs.put("/a/feed.atom", "");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("/a/feed.atom");
        noStackTrace(r);
    }

    @Test
    void malformedArchiveIsExitOneNamingTheArchiveLineAndColumn() {   // docs/architecture.md, "Exit codes", rinfo §8.3
        docs.put("/a/feed.atom", HEAD + "<link rel=\"prev-archive\" href=\"a1.atom\"/>\n" + entry(2, "2024-06-01T09:00:00Z")
                + "</feed>");
        docs.put("/a/a1.atom", HEAD + "<fh:archive/>\n" + entry(1, "2024-05-01T09:00:00Z") + "<entry><id>oops</entry>\n</feed>");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out() + r.err()).contains("/a/a1.atom").contains("archive-unreadable")
                .containsPattern("line \\d+, column \\d+");
        noStackTrace(r);
    }

    @Test
    void missingArchiveIsExitOneNamingItAndItsStatus() {   // docs/architecture.md, "Exit codes", rinfo §6
        docs.put("/a/feed.atom", HEAD + "<link rel=\"prev-archive\" href=\"gone.atom\"/>\n" + entry(2, "2024-06-01T09:00:00Z")
                + "</feed>");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out() + r.err()).contains("/a/gone.atom").contains("archive-missing").contains("404");
        noStackTrace(r);
    }

    @Test
    void archiveOutOfOrderIsExitOneNamingIt() {   // rinfo §3.2, §8.3
        docs.put("/a/feed.atom", HEAD + "<link rel=\"prev-archive\" href=\"a1.atom\"/>\n" + entry(2, "2024-05-01T09:00:00Z")
                + "</feed>");
        docs.put("/a/a1.atom", HEAD + "<fh:archive/>\n" + entry(1, "2024-06-01T09:00:00Z") + "</feed>");

        CliRun r = sync("/a/feed.atom");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out() + r.err()).contains("/a/a1.atom").contains("archive-out-of-order");
        noStackTrace(r);
    }

    @Test
    void entryWithUnparsableUpdatedIsSkippedWithAFindingNamingItsLine() {   // RFC 4287 §3.3, rinfo §3.2
        docs.put("/a/feed.atom", HEAD + entry(1, "2024-06-01T09:00:00Z") + entry(2, "igår") + "</feed>");

        CliRun r = sync("/a/feed.atom");
        CliRun runs = CliRun.of("runs", "--store", dir.toString());

        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("created 1");
        assertThat(runs.out()).contains("atom:rfc4287-3.3/date").contains("/a/feed.atom");
        noStackTrace(r);
    }

    @Test
    void nonHttpFeedUrlIsAUsageError() {   // docs/architecture.md, invariant 5 (only http/https), §8
        CliRun r = CliRun.of("sync", "atom", "ftp://example.se/feed.atom", "--store", dir.toString());

        assertThat(r.code()).isIn(2, 3);
        assertThat(r.err()).contains("ftp://example.se/feed.atom");
        noStackTrace(r);
    }
}
