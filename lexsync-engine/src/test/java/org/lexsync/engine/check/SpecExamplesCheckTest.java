package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;

/**
 * Every complete specification example the core test suite holds passes the checker (issue 19, "Tests"): the
 * ResourceSync examples the validator accepts, and the rinfo feed examples (not §3.3's entry fragment, which as an
 * entry document lacks the author RFC 4287 §4.1.2 requires). Served from loopback with their hosts
 * rewritten there (tests never touch the internet), so the documents they link to answer 404: a fetch finding is the
 * only error allowed.
 */
class SpecExamplesCheckTest {
    private static final Pattern HOST = Pattern.compile(
            "https?://(?!www\\.openarchives\\.org|www\\.sitemaps\\.org|purl\\.org|www\\.w3\\.org)[A-Za-z0-9.-]+/");

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

    private String serve(String resource, String name, String type) throws IOException {
        String text;
        try (InputStream in = getClass().getResourceAsStream("/org/lexsync/core/" + resource)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher m = HOST.matcher(text);
        String local = m.replaceAll(Matcher.quoteReplacement(h.url("/s/elsewhere/")));
        h.files.put(name, type, local);
        return h.url("/s/" + name);
    }

    private static void assertOnlyFetchErrors(CheckReport r) {
        assertThat(r.rootUnreadable()).isFalse();
        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).isSubsetOf(CheckRun.FETCH);
    }

    @ParameterizedTest
    @ValueSource(strings = {"06", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25",
            "26", "28", "29", "30", "32", "33"})
    void completeResourceSyncExamplesPass(String number) throws IOException {   // Z39.99-2014 examples
        String url = serve("sitemap/spec/rs-example-" + number + ".xml", "rs-" + number + ".xml", "application/xml");

        assertOnlyFetchErrors(h.check(CheckRequest.of(CheckProtocol.RESOURCESYNC, url).withSample(0)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"spec-3-feed.atom", "spec-3.3.6-le-md5.atom",
            "spec-3.3.7-enclosure.atom", "spec-4.2-deleted-entry.atom", "spec-5-complete.atom"})
    void rinfoFeedExamplesPass(String name) throws IOException {   // rinfo-atom-insamling §3–§5
        String url = serve("atom/rinfo/" + name, name, "application/atom+xml");

        assertOnlyFetchErrors(h.check(CheckRequest.of(CheckProtocol.ATOM, url).withSample(0)));
    }
}
