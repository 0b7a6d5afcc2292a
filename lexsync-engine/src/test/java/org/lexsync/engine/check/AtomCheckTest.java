package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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
import org.lexsync.fixture.atom.AtomSource;

/** The Atom walk over the fixture's rinfo source (rinfo-atom-insamling §3–§7, RFC 5005 §4), one mutation per rule. */
class AtomCheckTest {
    @TempDir
    Path temp;
    CheckHarness h;
    AtomSource source;

    @BeforeEach
    void start() {
        h = new CheckHarness(temp);
        source = AtomSource.register(h.pub, "/atom", 3, 200);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private CheckReport check() {
        return h.check(CheckRequest.of(CheckProtocol.ATOM, source.subscriptionUri().toString())
                .withAtomProfile(CheckRequest.AtomProfile.RINFO).withSample(CheckRequest.SAMPLE_ALL));
    }

    @Test
    void theFixtureChainConformsToTheRinfoProfile() {
        source.publishNew(10).publish(AtomSource.id(11), true);
        source.update(AtomSource.id(2));
        source.delete(AtomSource.id(3));

        CheckReport r = check();

        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.rootUnreadable()).isFalse();
        assertThat(r.summary().documentsRead()).isEqualTo(5);
        assertThat(r.summary().entries()).isEqualTo(13);
        assertThat(r.summary().resourcesSampled()).isPositive();
        assertThat(r.rule(AtomCheck.MD5_MATCH).passed()).isTrue();
    }

    @Test
    void anArchivedPdfWithTheWrongMd5IsExactlyThatEntry() {   // rinfo §3.3.6, §7.1 item 5
        source.publishNew(10);
        source.corrupt(AtomSource.id(2));   // in the oldest archive

        CheckReport r = check();

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(AtomCheck.MD5_MATCH);
        CheckRuleResult md5 = r.rule(AtomCheck.MD5_MATCH);
        assertThat(md5.count()).isEqualTo(1);
        CheckExample e = md5.examples().get(0);
        assertThat(e.entry()).isEqualTo(AtomSource.id(2));
        assertThat(e.document()).contains("/archive/1.atom");
        assertThat(e.given()).isNotEqualTo(e.computed()).hasSize(32);
        assertThat(e.computed()).hasSize(32);
    }

    @Test
    void aSupersededVersionIsNotSampled() {   // rinfo §8.1: only the youngest entry of an id is collected
        source.stableDocumentUrls(true);
        source.publishNew(5);
        source.update(AtomSource.id(1));   // the old entry's md5 no longer matches what its URL serves

        assertThat(check().broken(Severity.ERROR)).isEmpty();
    }

    @Test
    void aMissingArchiveIsOneFetchFindingNamingTheLinkingDocument() {   // RFC 5005 §4
        source.publishNew(10);
        source.missingArchive(1, true);

        CheckReport r = check();

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(CheckRun.FETCH);
        assertThat(r.rule(CheckRun.FETCH).examples().get(0).message()).contains("404").contains("/archive/2.atom");
        assertThat(r.rootUnreadable()).isFalse();
    }

    @Test
    void aCycleInTheArchiveChainIsReportedOnce() {   // RFC 5005 §4
        source.publishNew(10);
        source.cycle(true);

        CheckReport r = check();

        assertThat(r.rule(AtomCheck.CYCLE).count()).isEqualTo(1);
    }

    @Test
    void theArchiveLimitStopsTheWalkAndSaysSo() {
        source.publishNew(10);

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ATOM, source.subscriptionUri().toString())
                .withMaxArchives(1).withSample(0));

        assertThat(r.truncated()).isTrue();
        assertThat(r.summary().documentsRead()).isEqualTo(2);
        assertThat(r.rule(AtomCheck.ARCHIVE_LIMIT).count()).isEqualTo(1);
    }

    @Test
    void archivesWithAnotherFeedIdBreakTheOneFeedIdRule() {   // rinfo §3.1, §7.1 item 1
        h.files.put("feed.atom", "application/atom+xml", feed("tag:a,2024:x", "archive.atom", "2024-02-01T00:00:00Z"))
                .put("archive.atom", "application/atom+xml", feed("tag:a,2024:y", null, "2024-01-01T00:00:00Z"));

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ATOM, h.url("/s/feed.atom")).withSample(0));

        CheckRuleResult id = r.rule(AtomCheck.FEED_ID);
        assertThat(id.count()).isEqualTo(1);
        assertThat(id.examples().get(0).given()).isEqualTo("tag:a,2024:x");
        assertThat(id.examples().get(0).computed()).isEqualTo("tag:a,2024:y");
    }

    @Test
    void anArchiveNewerThanTheDocumentLinkingToItBreaksChainOrder() {   // rinfo §3.2, §7.1 item 6
        h.files.put("feed.atom", "application/atom+xml", feed("tag:a,2024:x", "archive.atom", "2024-01-01T00:00:00Z"))
                .put("archive.atom", "application/atom+xml", feed("tag:a,2024:x", null, "2024-02-01T00:00:00Z"));

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ATOM, h.url("/s/feed.atom")).withSample(0));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule).containsExactly(AtomCheck.CHAIN_ORDER);
    }

    @Test
    void aLinkedDocumentOfAnotherLengthOrTypeBreaksThoseRulesOnly() {   // rinfo §3.3.6; RFC 4287 §4.2.7.3, §4.2.7.6
        h.files.put("doc.pdf", "application/pdf", "four")
                .put("feed.atom", "application/atom+xml", feed("tag:a,2024:x", null, "2024-02-01T00:00:00Z")
                        .replace("<link rel=\"alternate\" href=\"http://example.org/e\"/>",
                                "<link rel=\"alternate\" href=\"doc.pdf\" type=\"text/html\" length=\"5\"/>"));

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.ATOM, h.url("/s/feed.atom")));

        assertThat(r.broken()).extracting(CheckRuleResult::rule)
                .containsExactly(AtomCheck.LENGTH_MATCH, AtomCheck.TYPE_MATCH);
        assertThat(r.rule(AtomCheck.LENGTH_MATCH).examples().get(0).given()).isEqualTo("5");
        assertThat(r.rule(AtomCheck.TYPE_MATCH).examples().get(0).computed()).startsWith("application/pdf");
    }

    static String feed(String id, String prevArchive, String updated) {
        return "<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:fh=\"http://purl.org/syndication/history/1.0\">"
                + "<id>" + id + "</id><title>t</title><updated>" + updated + "</updated>"
                + "<author><name>a</name><email>a@example.org</email></author>"
                + (prevArchive == null ? "" : "<link rel=\"prev-archive\" href=\"" + prevArchive + "\"/>")
                + "<entry><id>http://example.org/e/" + updated.substring(0, 10) + "</id><title>e</title>"
                + "<updated>" + updated + "</updated><published>" + updated + "</published>"
                + "<summary>s</summary><link rel=\"alternate\" href=\"http://example.org/e\"/></entry></feed>";
    }
}
