package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlElement;
import org.junit.jupiter.api.Test;

/** Real-world-style documents: sloppy publishers, xml:base, tombstones, RFC 5005 archives and paging. */
class AtomReaderTest {

    private static AtomReader parse(String xml) {
        return AtomReader.open(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "http://example.org/f.atom");
    }

    @Test
    void readsWindows1252EncodedFeed() {
        Fixtures.Doc d = Fixtures.read("realworld/windows-1252.atom", "http://myndighet.se/feed.atom");
        assertThat(d.feed().title().text()).isEqualTo("Myndighetens författningssamling – flöde");
        assertThat(d.feed().authors().get(0).email()).isEqualTo("rättsinfo@myndighet.se");
        assertThat(d.entry(0).summary().text()).isEqualTo("Ändringar gällande “särskilda” fall");
    }

    @Test
    void readsALatin1FeedThatNamesNoEncodingWithAFinding() {
        byte[] xml = ("<feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:x</id><title>Författningar</title>"
                + "<updated>2024-01-01T00:00:00Z</updated></feed>").getBytes(StandardCharsets.ISO_8859_1);
        try (AtomReader r = AtomReader.open(new ByteArrayInputStream(xml), "http://example.org/f.atom")) {
            assertThat(r.feed().title().text()).isEqualTo("Författningar");
            assertThat(r.findings().list()).extracting(f -> f.rule()).contains("xml-1.0:4.3.3/encoding");
        }
    }

    @Test
    void keepsNineDigitFractionsAndToleratesOffsetWithoutColon() {
        Fixtures.Doc d = Fixtures.read("realworld/sloppy-dates.atom", "http://example.se/feed.atom");
        W3cDateTime feedUpdated = d.feed().updated().value();
        assertThat(feedUpdated.nano()).isEqualTo(123_456_789);
        assertThat(feedUpdated.toString()).isEqualTo("2020-02-03T10:11:12.123456789+01:00");
        AtomDate entryUpdated = d.entry(0).updated();
        assertThat(entryUpdated.value()).isEqualTo(feedUpdated);
        assertThat(entryUpdated.raw()).isEqualTo("2020-02-03T10:11:12.123456789+0100");
        assertThat(entryUpdated.deviations()).containsExactly(Deviation.OFFSET_WITHOUT_COLON);
        assertThat(d.entry(0).published().deviations())
                .containsExactlyInAnyOrder(Deviation.LOWERCASE_T, Deviation.LOWERCASE_Z);
    }

    @Test
    void missingPublishedIsNull() {
        assertThat(Fixtures.read("realworld/sloppy-dates.atom", "http://example.se/feed.atom").entry(1).published())
                .isNull();
    }

    @Test
    void upperCaseLeMd5IsNormalised() {
        Entry e = Fixtures.read("realworld/le-md5-uppercase.atom", "http://example.se/feed.atom").entry(0);
        assertThat(e.content().leMd5()).isEqualTo("D41D8CD98F00B204E9800998ECF8427E");
        assertThat(e.content().digests().get(HashAlgorithm.MD5).orElseThrow().hex())
                .isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
        assertThat(e.links().alternate().orElseThrow().digests().get(HashAlgorithm.MD5).orElseThrow().wellFormed())
                .isTrue();
    }

    @Test
    void resolvesLinksAgainstNestedXmlBase() { // RFC 4287 §2, XML Base
        Fixtures.Doc d = Fixtures.read("realworld/xml-base.atom", "http://example.org/feeds/index.atom");
        assertThat(d.feed().links().self().orElseThrow().href()).isEqualTo("http://example.se/rinfo/feed/index.atom");
        assertThat(d.feed().links().prevArchive().orElseThrow().href()).isEqualTo("http://example.se/archive/2014.atom");
        Entry e = d.entry(0);
        assertThat(e.content().src()).isEqualTo("http://example.se/rinfo/docs/2015/2015-1.pdf");
        assertThat(e.content().rawSrc()).isEqualTo("2015-1.pdf");
        assertThat(e.links().alternate().orElseThrow().href()).isEqualTo("http://example.se/rinfo/docs/2015/rdf/2015-1.rdf");
        assertThat(e.links().enclosures().get(0).href()).isEqualTo("http://example.se/attachments/2015-1-bil1.pdf");
        assertThat(e.links().href("related")).isEqualTo("http://other.example/absolute");
        assertThat(e.links().href("via")).isEqualTo("http://example.se/rinfo/docs/2015/?page=2");
        assertThat(e.links().href("describedby")).isEqualTo("http://example.se/rinfo/docs/2015/#part");
    }

    @Test
    void keepsRawHrefNextToResolvedOne() {
        Link self = Fixtures.read("realworld/xml-base.atom", "http://example.org/feeds/index.atom").feed().links()
                .self().orElseThrow();
        assertThat(self.rawHref()).isEqualTo("feed/index.atom");
    }

    @Test
    void resolvesAgainstTheDocumentUrlWithoutXmlBase() {
        Fixtures.Doc d = Fixtures.read("realworld/relative-to-document.atom", "http://example.org/rinfo/feed/index.atom");
        assertThat(d.feed().links().prevArchive().orElseThrow().href())
                .isEqualTo("http://example.org/rinfo/feed/archive/2014.atom");
    }

    @Test
    void readsTombstonesWithByCommentAndExtensions() { // RFC 6721 §2
        Fixtures.Doc d = Fixtures.read("realworld/tombstones.atom", "http://example.se/feed.atom");
        assertThat(d.items()).hasSize(4);
        DeletedEntry t = (DeletedEntry) d.items().get(0);
        assertThat(t.by()).isEqualTo(new Person("Redaktionen", "red@example.se", null));
        assertThat(t.comment()).isEqualTo("Felaktigt publicerad");
        assertThat(t.foreign()).extracting(XmlElement::localName).containsExactly("reason");
        assertThat(t.line()).isEqualTo(8);
        assertThat(((DeletedEntry) d.items().get(1)).ref()).isNull();
        assertThat(((DeletedEntry) d.items().get(2)).when()).isNull();
        assertThat(d.items().get(3)).isInstanceOf(Entry.class);
    }

    @Test
    void readsArchiveDocumentLinksAndMarker() { // RFC 5005 §4
        AtomFeed f = Fixtures.read("realworld/archive-2008.atom", "https://www.statensarkiv.se/rafs/feed/archive/2008/index.atom").feed();
        assertThat(f.archive()).isTrue();
        assertThat(f.links().current().orElseThrow().href()).isEqualTo("https://www.statensarkiv.se/rafs/feed/index.atom");
        assertThat(f.links().prevArchive().orElseThrow().href()).endsWith("/archive/2007/index.atom");
        assertThat(f.links().nextArchive().orElseThrow().href()).endsWith("/archive/2009/index.atom");
    }

    @Test
    void readsPagingLinks() { // RFC 5005 §3
        Links l = Fixtures.read("realworld/paged.atom", "http://example.org/feed?page=2").feed().links();
        assertThat(l.firstPage().orElseThrow().href()).isEqualTo("http://example.org/feed?page=1");
        assertThat(l.previousPage().orElseThrow().href()).isEqualTo("http://example.org/feed?page=1");
        assertThat(l.nextPage().orElseThrow().href()).isEqualTo("http://example.org/feed?page=3");
        assertThat(l.lastPage().orElseThrow().href()).isEqualTo("http://example.org/feed?page=9");
    }

    @Test
    void feedMetadataAfterEntriesGoesToTheTrailer() {
        Fixtures.Doc d = Fixtures.read("realworld/metadata-after-entries.atom", "http://example.org/late.atom");
        assertThat(d.feed().updated()).isNull();
        assertThat(d.feed().links().prevArchive()).isEmpty();
        assertThat(d.trailer().updated().raw()).isEqualTo("2022-01-01T00:00:00Z");
        assertThat(d.trailer().links().prevArchive()).isPresent();
        assertThat(d.trailer().id()).isEqualTo(d.feed().id());
        assertThat(d.reader().findings().has("atom:rfc4287-4.1.1/metadata-after-entries")).isTrue();
    }

    @Test
    void trailerBeforeTheEndIsRefused() {
        try (AtomReader r = Fixtures.open("realworld/tombstones.atom", "http://example.se/feed.atom")) {
            assertThatThrownBy(r::trailer).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void keepsForeignElementsOnFeedAndEntry() {
        try (AtomReader r = parse("""
                <feed xmlns="http://www.w3.org/2005/Atom" xmlns:x="urn:x">
                  <generator uri="http://g">gen</generator>
                  <x:meta a="1"><x:child>c</x:child></x:meta>
                  <entry><id>urn:1</id><x:note>n</x:note><rights>r</rights></entry>
                </feed>""")) {
            assertThat(r.feed().foreign()).extracting(XmlElement::localName).containsExactly("generator", "meta");
            assertThat(r.feed().foreign("urn:x", "meta").child("urn:x", "child").text()).isEqualTo("c");
            Entry e = (Entry) r.next();
            assertThat(e.foreign("urn:x", "note").text()).isEqualTo("n");
            assertThat(e.foreign(AtomNs.ATOM, "rights").text()).isEqualTo("r");
        }
    }

    @Test
    void keepsInlineXmlContent() {
        try (AtomReader r = parse("""
                <entry xmlns="http://www.w3.org/2005/Atom"><id>urn:1</id>
                  <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi</p></div></content>
                  <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">A <b>bold</b> title</div></title>
                </entry>""")) {
            Entry e = (Entry) r.next();
            assertThat(e.content().elements()).hasSize(1);
            assertThat(e.content().elements().get(0).child(AtomNs.XHTML, "p").text()).isEqualTo("Hi");
            assertThat(e.title().text()).isEqualTo("A bold title");
        }
    }

    @Test
    void duplicateSingleElementKeepsTheFirstAndReportsIt() { // RFC 4287 §4.1.2
        try (AtomReader r = parse("""
                <entry xmlns="http://www.w3.org/2005/Atom"><id>urn:1</id>
                <id>urn:2</id></entry>""")) {
            assertThat(r.next().id()).isEqualTo("urn:1");
            assertThat(r.findings().list()).singleElement().satisfies(f -> {
                assertThat(f.rule()).isEqualTo("atom:rfc4287-4.1.2/single");
                assertThat(f.line()).isEqualTo(2);
            });
        }
    }

    @Test
    void badLengthIsAFindingNotAFailure() { // RFC 4287 §4.2.7.6
        try (AtomReader r = parse("""
                <entry xmlns="http://www.w3.org/2005/Atom"><id>urn:1</id>
                <link href="http://x/" length="12 kB"/></entry>""")) {
            assertThat(((Entry) r.next()).links().all().get(0).length()).isNull();
            assertThat(r.findings().has("atom:rfc4287-4.2.7.6/length")).isTrue();
        }
    }

    @Test
    void iriHrefIsResolvedPercentEncodedWithAFinding() {   // RFC 3987 §3.1
        try (AtomReader r = parse("""
                <entry xmlns="http://www.w3.org/2005/Atom"><id>urn:1</id>
                <link href="a b|c"/></entry>""")) {
            assertThat(((Entry) r.next()).links().all().get(0).href()).isEqualTo("http://example.org/a%20b%7Cc");
            assertThat(r.findings().has("atom:rfc4287-2/iri")).isTrue();
        }
    }

    @Test
    void unresolvableHrefIsKeptAsWritten() {
        try (AtomReader r = parse("""
                <entry xmlns="http://www.w3.org/2005/Atom"><id>urn:1</id>
                <link href="a[b]c"/></entry>""")) {
            assertThat(((Entry) r.next()).links().all().get(0).href()).isEqualTo("a[b]c");
            assertThat(r.findings().has("atom:rfc4287-2/iri")).isTrue();
        }
    }

    @Test
    void linkExtensionModifiedAndOtherHashes() { // Atom Link Extensions: hash, modified
        try (AtomReader r = parse("""
                <entry xmlns="http://www.w3.org/2005/Atom"><id>urn:1</id>
                <link href="http://x/a.pdf" hash="md5:d41d8cd98f00b204e9800998ecf8427e sha-256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
                      modified="2020-01-01T00:00:00Z"/></entry>""")) {
            Link l = ((Entry) r.next()).links().all().get(0);
            assertThat(l.hash().known()).containsOnlyKeys(HashAlgorithm.MD5, HashAlgorithm.SHA_256);
            assertThat(l.modified().value().toString()).isEqualTo("2020-01-01T00:00:00Z");
        }
    }

    @Test
    void emptyFeedHasNoItems() {
        try (AtomReader r = parse("<feed xmlns='http://www.w3.org/2005/Atom'><id>urn:f</id></feed>")) {
            assertThat(r.hasNext()).isFalse();
            assertThat(r.trailer()).isEqualTo(r.feed());
            assertThat(r.feed().line()).isEqualTo(1);
        }
    }

    @Test
    void itemsStreamOneAtATime() {
        StringBuilder b = new StringBuilder("<feed xmlns='http://www.w3.org/2005/Atom'>");
        for (int i = 0; i < 5000; i++) {
            b.append("<entry><id>urn:").append(i).append("</id><updated>2020-01-01T00:00:00Z</updated></entry>");
        }
        b.append("</feed>");
        try (AtomReader r = parse(b.toString())) {
            int n = 0;
            while (r.hasNext()) {
                assertThat(r.next().id()).isEqualTo("urn:" + n++);
            }
            assertThat(n).isEqualTo(5000);
            assertThat(List.of(r.findings().list())).containsExactly(List.of());
        }
    }
}
