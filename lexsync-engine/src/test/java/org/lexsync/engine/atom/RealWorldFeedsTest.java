package org.lexsync.engine.atom;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * The collector against feeds written the way real rinfo-style publishers write them (digest
 * rinfo-atom-collection-en.md, RFC 4287, RFC 5005, RFC 6721): each test one behaviour, each a real sync
 * from a loopback publisher into a real SQLite store. Documents are built in the test ({@link MemoryRoute}).
 */
class RealWorldFeedsTest {
    static final String ID = "http://rinfo.example.se/publ/sfs/2024:";
    static final String NS = "xmlns=\"http://www.w3.org/2005/Atom\" xmlns:at=\"http://purl.org/atompub/tombstones/1.0\""
            + " xmlns:fh=\"http://purl.org/syndication/history/1.0\""
            + " xmlns:le=\"http://purl.org/atompub/link-extensions/1.0\" xmlns:dct=\"http://purl.org/dc/terms/\"";

    @TempDir
    Path dir;

    FixturePublisher pub;
    MemoryRoute m;
    AtomHarness h;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        m = MemoryRoute.on(pub);
        h = new AtomHarness(dir);
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    // ---------------------------------------------------------------- builders

    URI uri(String path) {
        return pub.uri(MemoryRoute.PREFIX + "/" + path);
    }

    static String feed(String headerExtra, String... items) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed " + NS + ">\n"
                + "  <id>tag:rinfo.example.se,2024:real</id>\n  <title>Real</title>\n"
                + "  <updated>2024-06-01T09:00:00Z</updated>\n"
                + "  <author><name>Agency</name><email>rinfo@example.se</email></author>\n");
        b.append(headerExtra).append('\n');
        for (String i : items) {
            b.append(i).append('\n');
        }
        return b.append("</feed>\n").toString();
    }

    /** A complete rinfo entry: content (pdf) and an RDF alternate, both with md5, paths below /m/docs. */
    static String entry(int n, String updated) {
        return entry(n, updated, updated);
    }

    static String entry(int n, String updated, String published) {
        return "<entry><id>" + ID + n + "</id><title>SFS 2024:" + n + "</title><updated>" + updated + "</updated>"
                + (published == null ? "" : "<published>" + published + "</published>") + "<summary/>"
                + content("docs/" + n + ".pdf", "/m/docs/" + n + ".pdf")
                + rdf("docs/" + n + ".rdf", "/m/docs/" + n + ".rdf") + "</entry>";
    }

    static String content(String doc, String src) {
        return "<content type=\"application/pdf\" src=\"" + src + "\" hash=\"md5:" + MemoryRoute.md5(doc) + "\"/>";
    }

    static String rdf(String doc, String href) {
        return "<link rel=\"alternate\" type=\"application/rdf+xml\" href=\"" + href + "\" length=\""
                + MemoryRoute.doc(doc).length + "\" hash=\"md5:" + MemoryRoute.md5(doc) + "\"/>";
    }

    static String tomb(int n, String when) {
        return "<at:deleted-entry ref=\"" + ID + n + "\" when=\"" + when + "\"/>";
    }

    static String prev(String href) {
        return "<link rel=\"prev-archive\" href=\"" + href + "\"/>";
    }

    static final String ARCHIVE = "<fh:archive/>";

    HarvestReport collect(String path) {
        return h.collect(uri(path));
    }

    List<String> rules(HarvestReport r) {
        List<String> out = new ArrayList<>();
        for (Finding f : r.findings()) {
            out.add(f.rule());
        }
        return out;
    }

    List<String> messages(HarvestReport r) {
        List<String> out = new ArrayList<>();
        for (Finding f : r.findings()) {
            out.add(f.rule() + " " + f.message() + " @" + f.line() + ":" + f.column());
        }
        return out;
    }

    RepresentationState rep(String uri, RepresentationRole role) {
        return h.resource(uri).representations().stream().filter(x -> x.role() == role).findFirst().orElseThrow();
    }

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    // ---------------------------------------------------------------- 1. feeds as publishers write them

    @Test
    void xmlBaseOnFeedAndEntryResolvesContentSrcAndLinkHref() {   // RFC 4287 §2, XML Base §4.2
        String e = "<entry xml:base=\"../docs/\"><id>" + ID + 1 + "</id><title>t</title>"
                + "<updated>2024-06-01T09:00:00Z</updated><published>2024-06-01T09:00:00Z</published><summary/>"
                + content("docs/1.pdf", "1.pdf") + rdf("docs/1.rdf", "1.rdf") + "</entry>";
        String xml = feed("", e).replace("<feed ", "<feed xml:base=\"" + uri("x/y/") + "\" ");
        m.atom("feed.atom", xml);
        m.put("x/docs/1.pdf", FixtureResponse.ok("application/pdf", MemoryRoute.doc("docs/1.pdf")));
        m.put("x/docs/1.rdf", FixtureResponse.ok("application/rdf+xml", MemoryRoute.doc("docs/1.rdf")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(rep(ID + 1, RepresentationRole.PRIMARY).url()).isEqualTo(uri("x/docs/1.pdf"));
        assertThat(rep(ID + 1, RepresentationRole.METADATA).url()).isEqualTo(uri("x/docs/1.rdf"));
    }

    @Test
    void relativeArchiveLinksAreResolvedAgainstTheirDocument() {   // RFC 5005 §4, RFC 4287 §2
        m.atom("rel/feed.atom", feed(prev("arch/2024-05.atom") + "<link rel=\"current\" href=\"feed.atom\"/>",
                entry(2, "2024-06-01T09:00:00Z")));
        m.atom("rel/arch/2024-05.atom", feed(ARCHIVE + prev("../arch/2024-04.atom")
                + "<link rel=\"next-archive\" href=\"../feed.atom\"/><link rel=\"current\" href=\"../feed.atom\"/>",
                entry(1, "2024-05-01T09:00:00Z")));
        m.atom("rel/arch/2024-04.atom", feed(ARCHIVE + "<link rel=\"next-archive\" href=\"2024-05.atom\"/>",
                entry(0, "2024-04-01T09:00:00Z")));

        HarvestReport r = collect("rel/feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(r.documentsRead()).isEqualTo(3);
        assertThat(h.active()).containsOnlyKeys(ID + 0, ID + 1, ID + 2);
    }

    @Test
    void archiveWithoutFhArchiveMarkerIsCollectedWithAFinding() {   // RFC 5005 §4 (fh:archive SHOULD), rinfo §6
        m.atom("feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.atom("a1.atom", feed("", entry(1, "2024-05-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2);
        assertThat(rules(r)).anyMatch(x -> x.endsWith("fh-archive"));
    }

    @Test
    void emptySubscriptionDocumentIsASuccessfulRunWithNothingToDo() {   // rinfo §3.1, RFC 4287 §4.1.1
        m.atom("feed.atom", feed(""));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(r.planned()).isZero();
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void subscriptionWithOnlyTombstonesDeletesWhatWasHeld() {   // rinfo §4.2, RFC 6721 §2
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("", tomb(1, "2024-06-02T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).isEmpty();
        assertThat(h.journal()).extracting(JournalEntry::kind).containsExactly(ChangeKind.CREATED, ChangeKind.DELETED);
    }

    @Test
    void md5InUpperOrLowerHexAndObsoleteLeMd5AreAllVerified() {   // rinfo §3.3.6, Atom Link Extensions
        String up = "<entry><id>" + ID + 1 + "</id><title>t</title><updated>2024-06-01T09:00:00Z</updated>"
                + "<published>2024-06-01T09:00:00Z</published><summary/>"
                + "<content type=\"application/pdf\" src=\"/m/docs/1.pdf\" hash=\"MD5:"
                + MemoryRoute.md5("docs/1.pdf").toUpperCase(Locale.ROOT) + "\"/>"
                + "<link rel=\"alternate\" type=\"application/rdf+xml\" href=\"/m/docs/1.rdf\" le:md5=\""
                + MemoryRoute.md5("docs/1.rdf").toUpperCase(Locale.ROOT) + "\"/></entry>";
        String low = "<entry><id>" + ID + 2 + "</id><title>t</title><updated>2024-06-01T10:00:00Z</updated>"
                + "<published>2024-06-01T10:00:00Z</published><summary/>"
                + "<content type=\"application/pdf\" src=\"/m/docs/2.pdf\" le:md5=\"" + MemoryRoute.md5("docs/2.pdf")
                + "\"/>" + rdf("docs/2.rdf", "/m/docs/2.rdf") + "</entry>";
        m.atom("feed.atom", feed("", up, low));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(rep(ID + 1, RepresentationRole.PRIMARY).md5()).isEqualTo(MemoryRoute.md5("docs/1.pdf"));
        assertThat(rep(ID + 1, RepresentationRole.METADATA).md5()).isEqualTo(MemoryRoute.md5("docs/1.rdf"));
        assertThat(rep(ID + 2, RepresentationRole.PRIMARY).md5()).isEqualTo(MemoryRoute.md5("docs/2.pdf"));
    }

    @Test
    void wrongMd5FailsTheEntryAndHoldsTheCheckpoint() {   // docs/architecture.md, invariant 1, rinfo §3.3.6, §8.1
        String bad = entry(1, "2024-06-01T09:00:00Z").replace(MemoryRoute.md5("docs/1.pdf"),
                "00000000000000000000000000000000");
        m.atom("feed.atom", feed("", bad, entry(2, "2024-06-02T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isFalse();
        assertThat(h.store.resources().get(AtomHarness.SOURCE, ID + 1)).isEmpty();
        assertThat(h.store.resources().get(AtomHarness.SOURCE, ID + 2)).isEmpty();
    }

    @Test
    void missingLengthIsFineAndTheFetchedLengthIsStored() {   // rinfo §3.3.6 (length recommended)
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z").replaceAll(" length=\"\\d+\"", "")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(rep(ID + 1, RepresentationRole.METADATA).length()).isEqualTo(MemoryRoute.doc("docs/1.rdf").length);
    }

    @Test
    void wrongLengthFailsTheEntryEvenWithACorrectMd5() {   // docs/architecture.md, invariant 1 (a stated length must match), rinfo §3.3.6
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z").replaceAll(" length=\"\\d+\"", " length=\"7\"")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isFalse();
        assertThat(r.apply().gap().resourceUri()).isEqualTo(ID + 1);
        assertThat(h.store.resources().get(AtomHarness.SOURCE, ID + 1)).isEmpty();
    }

    @Test
    void inlineContentWithoutSrcKeepsTheMetadataAndIsReported() {   // rinfo §3.3.4, RFC 4287 §4.1.3
        String e = "<entry><id>" + ID + 1 + "</id><title>t</title><updated>2024-06-01T09:00:00Z</updated>"
                + "<published>2024-06-01T09:00:00Z</published><summary/>"
                + "<content type=\"text\">Lagen träder i kraft den 1 juli.</content>"
                + rdf("docs/1.rdf", "/m/docs/1.rdf") + "</entry>";
        m.atom("feed.atom", feed("", e));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        ResourceState s = h.resource(ID + 1);
        assertThat(s.representations()).extracting(RepresentationState::role).containsExactly(RepresentationRole.METADATA);
        assertThat(rules(r)).contains("rinfo:3.3.4/content-inline");
    }

    @Test
    void severalAlternatesInDifferentLanguagesAreAllKept() {   // RFC 4287 §4.2.7.2 (alternate per type+hreflang)
        String e = entry(1, "2024-06-01T09:00:00Z").replace("</entry>",
                "<link rel=\"alternate\" type=\"application/pdf\" hreflang=\"en\" href=\"/m/docs/1-en.pdf\" hash=\"md5:"
                        + MemoryRoute.md5("docs/1-en.pdf") + "\"/>"
                        + "<link rel=\"alternate\" type=\"application/pdf\" hreflang=\"fi\" href=\"/m/docs/1-fi.pdf\" hash=\"md5:"
                        + MemoryRoute.md5("docs/1-fi.pdf") + "\"/></entry>");
        m.atom("feed.atom", feed("", e));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.resource(ID + 1).representations()).extracting(x -> x.url().getPath())
                .contains("/m/docs/1-en.pdf", "/m/docs/1-fi.pdf", "/m/docs/1.rdf", "/m/docs/1.pdf");
    }

    @Test
    void enclosuresAreStoredWithTheirIsFormatOf() {   // rinfo §3.3.7
        String e = entry(1, "2024-06-01T09:00:00Z").replace("</entry>",
                "<link rel=\"enclosure\" type=\"application/pdf\" href=\"/m/docs/1-bilaga.pdf\" length=\""
                        + MemoryRoute.doc("docs/1-bilaga.pdf").length + "\" hash=\"md5:" + MemoryRoute.md5("docs/1-bilaga.pdf")
                        + "\" dct:isFormatOf=\"" + ID + "1/bilaga/1\"/></entry>");
        m.atom("feed.atom", feed("", e));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        RepresentationState enc = rep(ID + 1, RepresentationRole.ENCLOSURE);
        assertThat(enc.url().getPath()).isEqualTo("/m/docs/1-bilaga.pdf");
        assertThat(enc.links()).anyMatch(l -> l.href().equals(ID + "1/bilaga/1"));
    }

    @Test
    void entryWithoutPublishedIsCollectedAsCreatedWithAFinding() {   // rinfo §3.3 (published required), RFC 4287 §4.2.9
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z", null)));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.journal()).extracting(JournalEntry::kind).containsExactly(ChangeKind.CREATED);
        assertThat(rules(r)).contains("rinfo:4.1/published");
    }

    @Test
    void updatedInEveryOffsetAndPrecisionPublishersWriteIsOrderedByInstant() {   // RFC 3339 §5.6, W3C-DTF, rinfo §3.2
        m.atom("feed.atom", feed("",
                entry(1, "2024-06-01T10:00:00+0100"),            // 09:00Z, no colon in offset (the rinfo example's form)
                entry(2, "2024-06-01T10:30:00+01:00"),           // 09:30Z
                entry(3, "2024-06-01t09:45:00.1z"),              // lower-case t and z, 1 fraction digit
                entry(4, "2024-06-01T09:50:00.123456789Z"),      // 9 fraction digits
                entry(5, "2024-06-02"),                          // date only
                entry(6, "2024-06-01T09:55:00.12+00:00"),        // 2 digits
                entry(7, "2024-06-01T09:55:00.1234-00:00"),      // 4 digits, "unknown local offset" (RFC 3339 §4.3)
                entry(8, "2024-06-01T11:55:00.12345678+0200")));  // 8 digits, no colon
        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2, ID + 3, ID + 4, ID + 5, ID + 6, ID + 7, ID + 8);
        assertThat(h.journal()).extracting(JournalEntry::resourceUri)
                .containsExactly(ID + 1, ID + 2, ID + 3, ID + 4, ID + 6, ID + 7, ID + 8, ID + 5);
        assertThat(h.resource(ID + 1).sourceTimestamp().toInstant().toString()).isEqualTo("2024-06-01T09:00:00Z");
        assertThat(h.resource(ID + 4).sourceTimestamp().toInstant().toString()).isEqualTo("2024-06-01T09:50:00.123456789Z");
        assertThat(rules(r)).anyMatch(x -> x.startsWith("atom:rfc4287-3.3/date"));
    }

    @Test
    void updatedWithoutTimeZoneIsReadAsUtcWithAFinding() {   // RFC 3339 §5.6 (offset required), W3C-DTF
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.resource(ID + 1).sourceTimestamp().toInstant().toString()).isEqualTo("2024-06-01T09:00:00Z");
        assertThat(rules(r)).anyMatch(x -> x.startsWith("atom:rfc4287-3.3/date"));
    }

    @Test
    void aSecondRunAfterOffsetTimestampsCollectsNothingAgain() {   // rinfo §8.3 stop on id+updated
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T10:00:00+0100"), entry(2, "2024-06-01t09:45:00.1z"),
                entry(3, "2024-06-02")));
        collect("feed.atom");

        HarvestReport r = collect("feed.atom");

        assertThat(r.planned()).isZero();
        assertThat(h.journal()).hasSize(3);
    }

    @Test
    void feedServedAsApplicationXmlWithCharsetIsRead() {   // RFC 4287 §7 (media type), RFC 7303
        m.put("feed.atom", FixtureResponse.ok("application/xml; charset=UTF-8",
                feed("", entry(1, "2024-06-01T09:00:00Z")).getBytes(StandardCharsets.UTF_8)));

        assertThat(collect("feed.atom").complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1);
    }

    @Test
    void feedServedAsTextXmlIsRead() {   // RFC 7303 §3
        m.put("feed.atom", FixtureResponse.ok("text/xml", feed("", entry(1, "2024-06-01T09:00:00Z"))
                .getBytes(StandardCharsets.UTF_8)));

        assertThat(collect("feed.atom").complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1);
    }

    @Test
    void windows1252DeclaredFeedKeepsItsSwedishTitle() {   // XML 1.0 §4.3.3
        assertEncodedFeedKeepsTitle("windows-1252");
    }

    @Test
    void iso88591DeclaredFeedKeepsItsSwedishTitle() {   // XML 1.0 §4.3.3
        assertEncodedFeedKeepsTitle("ISO-8859-1");
    }

    private void assertEncodedFeedKeepsTitle(String charset) {
        String xml = feed("", entry(1, "2024-06-01T09:00:00Z").replace("<title>SFS 2024:1</title>",
                "<title>Förordning om ändring, åtgärd</title>")).replace("encoding=\"UTF-8\"", "encoding=\"" + charset + "\"");
        m.put("feed.atom", FixtureResponse.ok("application/atom+xml; charset=UTF-8", xml.getBytes(Charset.forName(charset))));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.resource(ID + 1).title()).isEqualTo("Förordning om ändring, åtgärd");
    }

    @Test
    void utf8ByteOrderMarkIsSkipped() {   // XML 1.0 §4.3.3, Appendix F
        byte[] xml = feed("", entry(1, "2024-06-01T09:00:00Z").replace("<title>SFS 2024:1</title>", "<title>Lag å</title>"))
                .getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[xml.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(xml, 0, bom, 3, xml.length);
        m.put("feed.atom", FixtureResponse.ok("application/atom+xml", bom));

        assertThat(collect("feed.atom").complete()).isTrue();
        assertThat(h.resource(ID + 1).title()).isEqualTo("Lag å");
    }

    @Test
    void gzipContentEncodingIsUndone() throws IOException {   // RFC 9110 §8.4
        byte[] xml = feed("", entry(1, "2024-06-01T09:00:00Z")).getBytes(StandardCharsets.UTF_8);
        m.put("feed.atom", FixtureResponse.ok("application/atom+xml", gzip(xml)).withHeader("Content-Encoding", "gzip"));

        assertThat(collect("feed.atom").complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1);
    }

    @Test
    void redirectedArchiveResolvesItsRelativeLinksAgainstTheNewAddress() {   // RFC 9110 §15.4, RFC 3986 §5.1.3
        m.atom("feed.atom", feed(prev("old/a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.put("old/a1.atom", FixtureResponse.status(301).withHeader("Location", uri("new/a1.atom").toString()));
        m.atom("new/a1.atom", feed(ARCHIVE, "<entry><id>" + ID + 1 + "</id><title>t</title>"
                + "<updated>2024-05-01T09:00:00Z</updated><published>2024-05-01T09:00:00Z</published><summary/>"
                + content("new/1.pdf", "1.pdf") + "</entry>"));
        m.put("new/1.pdf", FixtureResponse.ok("application/pdf", MemoryRoute.doc("new/1.pdf")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(rep(ID + 1, RepresentationRole.PRIMARY).url()).isEqualTo(uri("new/1.pdf"));
    }

    @Test
    void unchangedSubscriptionAnswered304EndsTheRunAtOnce() {   // rinfo §6 (conditional GET), RFC 9110 §13.1
        m.put("feed.atom", FixtureResponse.ok("application/atom+xml",
                feed("", entry(1, "2024-06-01T09:00:00Z")).getBytes(StandardCharsets.UTF_8))
                .withValidators("\"v1\"", null));
        collect("feed.atom");
        pub.clearRequests();

        HarvestReport r = collect("feed.atom");

        assertThat(r.planned()).isZero();
        assertThat(pub.requests()).extracting(q -> q.path()).containsExactly("/m/feed.atom");
        assertThat(h.journal()).hasSize(1);
    }

    @Test
    void archiveWithValidatorsIsStillReadWholeWhenTheWalkNeedsIt() {   // RFC 5005 §4, rinfo §8.3
        m.atom("feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.put("a1.atom", FixtureResponse.ok("application/atom+xml",
                feed(ARCHIVE, entry(1, "2024-05-01T09:00:00Z")).getBytes(StandardCharsets.UTF_8))
                .withValidators("\"a1\"", null));
        collect("feed.atom");
        // a new entry older than nothing collected: the walk must go into a1 again to find the stop
        m.atom("feed.atom", feed(prev("a1.atom"), entry(3, "2024-06-02T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2, ID + 3);
        assertThat(h.duplicateJournalRows()).isEmpty();
    }

    @Test
    void contentSrcWithSpacesOrSwedishLettersIsPercentEncodedAndFetched() {   // RFC 3987 §3.1, RFC 3986 §2
        String rel = "<entry><id>" + ID + 1 + "</id><title>t</title><updated>2024-06-01T09:00:00Z</updated>"
                + "<published>2024-06-01T09:00:00Z</published><summary/>"
                + content("docs/lag 1.pdf", "docs/lag 1.pdf") + rdf("docs/förordning 1.rdf", "docs/förordning 1.rdf")
                + "</entry>";
        String abs = "<entry><id>" + ID + 2 + "</id><title>t</title><updated>2024-06-01T10:00:00Z</updated>"
                + "<published>2024-06-01T10:00:00Z</published><summary/>"
                + content("docs/lag 2.pdf", uri("docs/").toString() + "lag 2.pdf") + rdf("docs/2.rdf", "/m/docs/2.rdf")
                + "</entry>";
        m.atom("feed.atom", feed("", rel, abs));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(String.valueOf(r.apply().gap())).isTrue();
        assertThat(rep(ID + 1, RepresentationRole.PRIMARY).url().toString()).endsWith("/m/docs/lag%201.pdf");
        assertThat(rep(ID + 1, RepresentationRole.METADATA).url().toString()).endsWith("/m/docs/f%C3%B6rordning%201.rdf");
        assertThat(rep(ID + 2, RepresentationRole.PRIMARY).url().toString()).endsWith("/m/docs/lag%202.pdf");
    }

    @Test
    void updatedWithSurroundingWhitespaceOrWithoutSecondsIsRead() {   // W3C-DTF (hh:mm), XML whitespace
        m.atom("feed.atom", feed("", entry(1, "\n      2024-06-01T09:00:00Z\n    "), entry(2, "2024-06-01T10:00+02:00")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.resource(ID + 1).sourceTimestamp().toInstant().toString()).isEqualTo("2024-06-01T09:00:00Z");
        assertThat(h.resource(ID + 2).sourceTimestamp().toInstant().toString()).isEqualTo("2024-06-01T08:00:00Z");
    }

    @Test
    void redirectedSubscriptionResolvesItsRelativeArchiveLinkAgainstTheNewAddress() {   // RFC 3986 §5.1.3
        m.put("feed.atom", FixtureResponse.status(302).withHeader("Location", uri("v2/feed.atom").toString()));
        m.atom("v2/feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.atom("v2/a1.atom", feed(ARCHIVE, entry(1, "2024-05-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2);
    }

    @Test
    void contentAlsoListedAsAlternateIsStoredOnce() {   // RFC 4287 §4.1.3, §4.2.7.2; docs/architecture.md, "Core model" (one representation per URL)
        String e = entry(1, "2024-06-01T09:00:00Z").replace("</entry>",
                "<link rel=\"alternate\" type=\"application/pdf\" href=\"/m/docs/1.pdf\" hash=\"md5:"
                        + MemoryRoute.md5("docs/1.pdf") + "\"/>" + rdf("docs/1.rdf", "/m/docs/1.rdf") + "</entry>");
        m.atom("feed.atom", feed("", e));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(String.valueOf(r.apply() == null ? null : r.apply().gap())).isTrue();
        assertThat(h.resource(ID + 1).representations()).extracting(x -> x.url().getPath())
                .containsExactlyInAnyOrder("/m/docs/1.pdf", "/m/docs/1.rdf");
        assertThat(rep(ID + 1, RepresentationRole.PRIMARY).url().getPath()).isEqualTo("/m/docs/1.pdf");
    }

    @Test
    void httpCharsetContradictingTheXmlDeclarationYieldsToTheDocument() {   // XML 1.0 §4.3.3, Appendix F
        String xml = feed("", entry(1, "2024-06-01T09:00:00Z").replace("<title>SFS 2024:1</title>", "<title>Lag ö</title>"));
        m.put("feed.atom", FixtureResponse.ok("text/xml; charset=ISO-8859-1", xml.getBytes(StandardCharsets.UTF_8)));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.resource(ID + 1).title()).isEqualTo("Lag ö");
    }

    @Test
    void linkRelationsWrittenAsIanaIrisAreTheRegisteredNames() {   // RFC 4287 §4.2.7.2
        m.atom("feed.atom", feed("<link rel=\"http://www.iana.org/assignments/relation/prev-archive\" href=\"a1.atom\"/>",
                entry(2, "2024-06-01T09:00:00Z")));
        m.atom("a1.atom", feed(ARCHIVE, entry(1, "2024-05-01T09:00:00Z").replace("rel=\"alternate\"",
                "rel=\" http://www.iana.org/assignments/relation/alternate \"")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2);
        assertThat(rep(ID + 1, RepresentationRole.METADATA).url().getPath()).isEqualTo("/m/docs/1.rdf");
    }

    @Test
    void archiveAnswering304ToAnUnconditionalRequestIsATypedFailure() {   // RFC 9110 §15.4.5, rinfo §8.1
        // archives are always asked for whole (the climb needs their items); a 304 then is a server fault
        m.atom("feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.put("a1.atom", FixtureResponse.status(304));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isFalse();
        assertThat(r.apply().gap().status()).isEqualTo(304);
        assertThat(rules(r)).contains("rinfo:8.3/archive-missing");
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void pagedFeedWithoutArchivesCollectsTheSubscriptionAndSaysSo() {   // RFC 5005 §3, rinfo §6
        m.atom("feed.atom", feed("<link rel=\"next\" href=\"page2.atom\"/>", entry(2, "2024-06-01T09:00:00Z")));
        m.atom("page2.atom", feed("", entry(1, "2024-05-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 2);
        assertThat(rules(r)).contains("rinfo:6/paged-not-archived");
        assertThat(pub.requests("/m/page2.atom")).isEmpty();
    }

    // ---------------------------------------------------------------- 2. tombstones

    @Test
    void tombstoneWithRefAndWhenDeletesWithItsWhenAsSourceTime() {   // RFC 6721 §2, rinfo §4.2
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("", tomb(1, "2010-03-08t15:55:34+0100").replace("2010-03-08", "2024-06-08"),
                entry(1, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).isEmpty();
        ResourceState s = h.store.resources().get(AtomHarness.SOURCE, ID + 1).orElseThrow();
        assertThat(s.sourceTimestamp().toInstant().toString()).isEqualTo("2024-06-08T14:55:34Z");
    }

    @Test
    void tombstoneWithoutWhenIsIgnoredWithAnErrorNamingItsPosition() {   // RFC 6721 §2 (when REQUIRED), rinfo §4.2
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("", "<at:deleted-entry ref=\"" + ID + 1 + "\"/>", entry(1, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(h.active()).containsOnlyKeys(ID + 1);
        assertThat(r.findings()).anyMatch(f -> f.rule().equals("atom:rfc6721-2/when") && f.line() > 0
                && f.message().contains("feed.atom"));
    }

    @Test
    void tombstoneNamespaceWithAnotherPrefixOrAsDefaultIsRead() {   // RFC 6721 §2, Namespaces in XML §6
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z"), entry(2, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("",
                "<tomb:deleted-entry xmlns:tomb=\"http://purl.org/atompub/tombstones/1.0\" ref=\"" + ID + 1
                        + "\" when=\"2024-06-02T09:00:00Z\"/>",
                "<deleted-entry xmlns=\"http://purl.org/atompub/tombstones/1.0\" ref=\"" + ID + 2
                        + "\" when=\"2024-06-02T09:00:00Z\"/>"));

        collect("feed.atom");

        assertThat(h.active()).isEmpty();
    }

    @Test
    void tombstoneWrittenWithoutItsNamespaceOrWithATrailingSlashIsReadWithAFinding() {   // RFC 6721 §2
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z"), entry(2, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("",
                "<deleted-entry ref=\"" + ID + 1 + "\" when=\"2024-06-02T09:00:00Z\"/>",
                "<t:deleted-entry xmlns:t=\"http://purl.org/atompub/tombstones/1.0/\" ref=\"" + ID + 2
                        + "\" when=\"2024-06-02T09:00:00Z\"/>"));

        HarvestReport r = collect("feed.atom");

        assertThat(h.active()).isEmpty();
        assertThat(r.findings()).filteredOn(f -> f.rule().equals("atom:rfc6721-2/namespace")).hasSize(2)
                .allMatch(f -> f.line() > 0);
    }

    @Test
    void emptyArchiveInTheMiddleOfTheChainIsWalkedThrough() {   // rinfo §6.1.1 (compaction), RFC 5005 §4
        m.atom("feed.atom", feed(prev("a2.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.atom("a2.atom", feed(ARCHIVE + prev("a1.atom")));
        m.atom("a1.atom", feed(ARCHIVE, entry(1, "2024-05-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2);
    }

    @Test
    void feedInTheLowerCaseAtomNamespaceOfTheRinfoExampleIsReadWithAFinding() {   // rinfo §4.2 example, RFC 4287 §2
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z")).replace("xmlns=\"http://www.w3.org/2005/Atom\"",
                "xmlns=\"http://www.w3.org/2005/atom\""));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1);
        assertThat(rules(r)).contains("atom:rfc4287-2/namespace");
    }

    @Test
    void tombstoneForAnIdNeverCollectedLeavesNoJournalRow() {   // rinfo §4.2.1, RFC 6721 §2
        m.atom("feed.atom", feed("", tomb(9, "2024-06-02T09:00:00Z"), entry(1, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.journal()).extracting(JournalEntry::resourceUri).containsExactly(ID + 1);
    }

    @Test
    void tombstoneAndEntryOfTheSameIdAndTimestampInOnePageDeleteTheEntry() {   // rinfo §4.2, §8.3
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("", entry(1, "2024-06-02T09:00:00Z"), tomb(1, "2024-06-02T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).isEmpty();
        assertThat(rules(r)).contains("rinfo:4.2/tombstone-tie");
        // and the same in the other document order
        m.atom("feed.atom", feed("", entry(1, "2024-06-03T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("", tomb(1, "2024-06-04T09:00:00Z"), entry(1, "2024-06-04T09:00:00Z")));
        collect("feed.atom");
        assertThat(h.active()).isEmpty();
    }

    @Test
    void completeFeedWithAnEntryAndATombstoneTyingDeletes() {   // rinfo §4.2, §8.2
        m.atom("feed.atom", feed("<fh:complete/>", entry(1, "2024-06-01T09:00:00Z"), entry(2, "2024-06-01T09:00:00Z")));
        collect("feed.atom");
        m.atom("feed.atom", feed("<fh:complete/>", entry(1, "2024-06-02T09:00:00Z"), tomb(1, "2024-06-02T09:00:00Z"),
                entry(2, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 2);
        assertThat(rules(r)).contains("rinfo:4.2/tombstone-tie");
    }

    // ---------------------------------------------------------------- 3. archive chains

    @Test
    void prevArchivePointingToItselfIsACycleAndNothingIsCollected() {   // RFC 5005 §4, rinfo §8.1
        m.atom("feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.atom("a1.atom", feed(ARCHIVE + prev("a1.atom"), entry(1, "2024-05-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isFalse();
        assertThat(rules(r)).contains("rinfo:8.3/archive-cycle");
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void subscriptionWhosePrevArchiveIsItselfIsACycle() {   // RFC 5005 §4
        m.atom("feed.atom", feed(prev("feed.atom"), entry(2, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(rules(r)).contains("rinfo:8.3/archive-cycle");
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void archiveAnswering404StopsTheRunWithATypedFailure() {   // rinfo §6 (archives persist), §8.1
        m.atom("feed.atom", feed(prev("gone.atom"), entry(2, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isFalse();
        assertThat(r.apply().gap().status()).isEqualTo(404);
        assertThat(r.apply().gap().url()).endsWith("/m/gone.atom");
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void archiveAnswering410StopsTheRunWithATypedFailure() {   // rinfo §6, RFC 9110 §15.5.11
        m.atom("feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.put("a1.atom", FixtureResponse.status(410));

        HarvestReport r = collect("feed.atom");

        assertThat(r.apply().gap().status()).isEqualTo(410);
        assertThat(rules(r)).contains("rinfo:8.3/archive-missing");
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void archiveAnswering500ThenSuccessIsCollectedOnRetry() {   // docs/architecture.md, invariant 4 (retries), rinfo §8.3
        h.close();
        h = new AtomHarness(dir, 2);
        m.atom("feed.atom", feed(prev("a1.atom"), entry(2, "2024-06-01T09:00:00Z")));
        m.put("a1.atom", FixtureResponse.status(500), FixtureResponse.ok("application/atom+xml",
                feed(ARCHIVE, entry(1, "2024-05-01T09:00:00Z")).getBytes(StandardCharsets.UTF_8)));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).as(messages(r).toString()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 1, ID + 2);
        assertThat(pub.requests("/m/a1.atom")).hasSize(2);
    }

    @Test
    void chainOfFiftyArchivesIsCollectedOldestFirst() {   // RFC 5005 §4, rinfo §8.3
        int n = 50;
        m.atom("feed.atom", feed(prev("a" + n + ".atom"), entry(n + 1, String.format(Locale.ROOT,
                "2024-01-01T%02d:%02d:00Z", (n + 1) / 60, (n + 1) % 60))));
        for (int i = 1; i <= n; i++) {
            m.atom("a" + i + ".atom", feed(ARCHIVE + (i > 1 ? prev("a" + (i - 1) + ".atom") : ""),
                    entry(i, String.format(Locale.ROOT, "2024-01-01T%02d:%02d:00Z", i / 60, i % 60))));
        }

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(r.documentsRead()).isEqualTo(n + 1);
        List<String> order = h.journal().stream().map(JournalEntry::resourceUri).toList();
        assertThat(order).hasSize(n + 1);
        for (int i = 1; i <= n + 1; i++) {
            assertThat(order.get(i - 1)).isEqualTo(ID + i);
        }
    }

    @Test
    void archiveNewerThanTheDocumentBeforeItIsATypedFailureAndNothingIsCollected() {   // rinfo §3.2, §7.1.6, §8.3
        m.atom("feed.atom", feed(prev("a2.atom"), entry(3, "2024-06-01T09:00:00Z")));
        m.atom("a2.atom", feed(ARCHIVE + prev("a1.atom"), entry(2, "2024-05-01T09:00:00Z")));
        m.atom("a1.atom", feed(ARCHIVE, entry(1, "2024-05-15T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isFalse();
        assertThat(rules(r)).contains("rinfo:8.3/archive-out-of-order");
        assertThat(r.apply().gap().url()).endsWith("/m/a1.atom");
        assertThat(h.journal()).isEmpty();
    }

    @Test
    void sameIdAndUpdatedInTwoPagesIsCollectedOnce() {   // rinfo §8.3 (id+updated map)
        m.atom("feed.atom", feed(prev("a1.atom"), entry(1, "2024-05-01T09:00:00Z"), entry(2, "2024-06-01T09:00:00Z")));
        m.atom("a1.atom", feed(ARCHIVE, entry(1, "2024-05-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.journal()).extracting(JournalEntry::resourceUri).containsExactly(ID + 1, ID + 2);
        assertThat(pub.requests("/m/docs/1.pdf")).hasSize(1);
    }

    @Test
    void duplicatedEntryInOnePageIsCollectedOnce() {   // RFC 4287 §4.1.1 (same id+updated), rinfo §8.3
        m.atom("feed.atom", feed("", entry(1, "2024-06-01T09:00:00Z"), entry(1, "2024-06-01T09:00:00Z")));

        HarvestReport r = collect("feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(h.journal()).hasSize(1);
        assertThat(h.duplicateJournalRows()).isEmpty();
    }
}
