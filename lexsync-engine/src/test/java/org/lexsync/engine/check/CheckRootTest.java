package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.fixture.FixtureResponse;

/** A root that cannot be read gives a report with one finding, never an exception (issue 19, "Report"). */
class CheckRootTest {
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

    private static void assertOneFinding(CheckReport r, String rule) {
        assertThat(r.rootUnreadable()).isTrue();
        assertThat(r.broken()).extracting(CheckRuleResult::rule).containsExactly(rule);
        assertThat(r.rule(rule).count()).isEqualTo(1);
    }

    @Test
    void aMalformedUrlIsOneFinding() {   // RFC 3986 §3
        for (CheckProtocol p : new CheckProtocol[] {CheckProtocol.ATOM, CheckProtocol.ELI, CheckProtocol.RESOURCESYNC}) {
            assertOneFinding(h.check(CheckRequest.of(p, "http://exa mple.org/feed")), CheckRun.ROOT_URL);
        }
    }

    @Test
    void aUrlWithoutSchemeIsOneFinding() {   // the Swedish checker answered this with a server error
        assertOneFinding(h.check(CheckRequest.of(CheckProtocol.ATOM, "example.org/feed.atom")), CheckRun.ROOT_URL);
    }

    @Test
    void anUnreachableHostIsOneFinding() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();   // closed again: nothing listens there
        }
        assertOneFinding(h.check(CheckRequest.of(CheckProtocol.ATOM, "http://127.0.0.1:" + port + "/feed.atom")),
                CheckRun.FETCH);
    }

    @Test
    void aTlsFailureIsOneFinding() {   // the plain-HTTP fixture answers a TLS handshake with garbage
        String https = h.url("/s/feed.atom").replace("http://", "https://");
        assertOneFinding(h.check(CheckRequest.of(CheckProtocol.RESOURCESYNC, https)), CheckRun.FETCH);
    }

    @Test
    void aTenMegabyteBodyThatIsNotXmlIsOneFinding() {
        byte[] body = new byte[10 * 1024 * 1024];
        java.util.Arrays.fill(body, (byte) 'x');
        h.files.put("big", FixtureResponse.ok("text/plain", body));

        for (CheckProtocol p : new CheckProtocol[] {CheckProtocol.ATOM, CheckProtocol.ELI, CheckProtocol.RESOURCESYNC}) {
            CheckReport r = h.check(CheckRequest.of(p, h.url("/s/big")));
            assertOneFinding(r, CheckRun.XML);
            assertThat(r.rule(CheckRun.XML).severity()).isEqualTo(Severity.ERROR);
        }
    }

    @Test
    void aNotFoundRootIsOneFindingWithTheStatus() {
        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ATOM, h.url("/s/nothing.atom")));
        assertOneFinding(r, CheckRun.FETCH);
        assertThat(r.rule(CheckRun.FETCH).examples().get(0).message()).contains("404");
    }

    @Test
    void anHtmlPageAsRootIsOneFinding() {
        h.files.put("page.html", "text/html", "<html><body><p>hello</body></html>");
        assertOneFinding(h.check(CheckRequest.of(CheckProtocol.ATOM, h.url("/s/page.html"))), CheckRun.XML);
    }
}
