package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.sitemap.SitemapFixtures.Document;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.xml.XmlLimits;

class SitemapWriterTest {

    /** Entries compare without their source position, which a rewrite changes. */
    static SitemapEntry unplaced(SitemapEntry e) {
        return new SitemapEntry(e.loc(), e.lastmod(), e.lastmodText(), e.changefreq(), e.priority(), e.md(), e.links(),
                e.foreign(), 0, 0);
    }

    static SitemapHeader unplaced(SitemapHeader h) {
        return new SitemapHeader(h.kind(), h.md(), h.links(), h.attributes(), h.namespaces(), h.foreign(), 0, 0);
    }

    static Document roundTrip(SitemapHeader header, List<SitemapEntry> entries) {
        byte[] xml = SitemapFixtures.write(header, entries);
        return SitemapFixtures.read(xml, "written.xml", XmlLimits.DEFAULT);
    }

    private static void assertSameModel(Document original, Document copy) {
        assertThat(unplaced(copy.header())).isEqualTo(unplaced(original.header()));
        assertThat(copy.entries().stream().map(SitemapWriterTest::unplaced).toList())
                .isEqualTo(original.entries().stream().map(SitemapWriterTest::unplaced).toList());
        assertThat(copy.findings().list()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rs-example-01.xml", "rs-example-02.xml", "rs-example-05.xml", "rs-example-08.xml",
            "rs-example-12.xml", "rs-example-14.xml", "rs-example-15.xml", "rs-example-17.xml", "rs-example-20.xml",
            "rs-example-22.xml", "rs-example-23.xml", "rs-example-24.xml", "rs-example-27.xml", "rs-example-28.xml",
            "rs-example-29.xml", "rs-example-32.xml", "eli-sitemap.xml", "eli-sitemap-eli-xml.xml",
            "eli-sitemap-dct.xml", "eli-sitemap-index.xml"})
    void specExampleSurvivesWriteAndRead(String fixture) {
        Document original = SitemapFixtures.read("spec/" + fixture);
        assertSameModel(original, roundTrip(original.header(), original.entries()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"rs-example-01.xml", "rs-example-08.xml", "rs-example-13.xml", "rs-example-14.xml",
            "rs-example-15.xml", "rs-example-17.xml", "rs-example-20.xml", "rs-example-23.xml", "rs-example-24.xml",
            "rs-example-29.xml", "eli-sitemap.xml", "eli-sitemap-eli-xml.xml", "eli-sitemap-dct.xml",
            "eli-sitemap-index.xml"})
    void writtenSpecExampleValidatesAgainstTheSchemas(String fixture) {
        Document original = SitemapFixtures.read("spec/" + fixture);
        byte[] xml = SitemapFixtures.write(original.header(), original.entries());
        assertThatCode(() -> SitemapFixtures.validateSchema(xml, original.header().kind())).doesNotThrowAnyException();
    }

    @Test
    void schemaRejectsAnEntryWithoutLoc() {
        byte[] xml = SitemapFixtures.write(SitemapHeader.of(RootKind.URLSET),
                List.of(SitemapEntry.of(null).withChangefreq("daily")));
        assertThatCode(() -> SitemapFixtures.validateSchema(xml, RootKind.URLSET))
                .isInstanceOf(org.xml.sax.SAXException.class);
    }

    @Test
    void foreignElementsAndAttributesSurviveWithTheirNamespaces() {
        String dct = "http://purl.org/dc/terms/";
        String eli = "http://data.europa.eu/eli/ontology#";
        XmlElement title = new XmlElement(new QName(eli, "title", "eli"), Map.of(new QName(eli, "lang", "eli"), "fr"),
                "Titre", List.of());
        XmlElement resource = new XmlElement(new QName(eli, "LegalResource", "eli"), Map.of(), "", List.of(title));
        SitemapHeader header = SitemapHeader.of(RootKind.URLSET)
                .withAttributes(Map.of(new QName(dct, "relation", "dct"), "http://country.xy/eli/feed.atom"))
                .withForeign(List.of(XmlElement.of(new QName(dct, "publisher", "dct"), "Country XY")));
        SitemapEntry entry = SitemapEntry.of("http://country.xy/eli/law/2016/1/oj")
                .withLastmod(W3cDateTimes.parseOrNull("2016-03-08"))
                .withForeign(List.of(resource));
        Document copy = roundTrip(header, List.of(entry));
        assertThat(copy.header().attributes()).isEqualTo(header.attributes());
        assertThat(copy.header().foreign()).isEqualTo(header.foreign());
        assertThat(unplaced(copy.entries().get(0))).isEqualTo(entry);
    }

    @Test
    void resourceSyncMetadataAndLinksSurvive() {
        RsMetadata root = RsMetadata.builder().capability(Capability.CHANGELIST)
                .from(W3cDateTimes.parseOrNull("2013-01-03T00:00:00Z")).build();
        SitemapHeader header = SitemapHeader.of(RootKind.URLSET, root,
                List.of(RsLink.of("up", "http://example.com/capabilitylist.xml")));
        RsMetadata md = RsMetadata.builder().change(ChangeType.UPDATED)
                .datetime(W3cDateTimes.parseOrNull("2013-01-03T18:00:00.123Z"))
                .hash(Digests.parse("md5:1584abdf8ebdc9802ac0c6a7402c03b6 sha-1:da39a3ee5e6b4b0d3255bfef95601890afd80709"))
                .length(8876L).type("text/html").encoding("gzip")
                .attribute(new QName("http://example.org/x", "quality", "x"), "high").build();
        SitemapEntry entry = SitemapEntry.of("http://example.com/res1")
                .withLastmod(W3cDateTimes.parseOrNull("2013-01-03T18:00:00Z")).withMd(md)
                .withLinks(List.of(RsLink.of("duplicate", "http://mirror1.example.com/res1").withPri(1)
                        .withModified(W3cDateTimes.parseOrNull("2013-01-03T18:00:00Z")).withLength(8876L)
                        .withAttribute(new QName("http://example.org/x", "region", "x"), "eu")));
        Document copy = roundTrip(header, List.of(entry));
        assertThat(unplaced(copy.header())).isEqualTo(header.withNamespaces(copy.header().namespaces()));
        assertThat(unplaced(copy.entries().get(0))).isEqualTo(entry);
    }

    @Test
    void entryMetadataWithoutRootResourceSyncDeclaresTheNamespaceLocally() {
        SitemapEntry entry = SitemapEntry.of("http://example.com/a").withMd(RsMetadata.builder().length(3L).build());
        byte[] xml = SitemapFixtures.write(SitemapHeader.of(RootKind.URLSET), List.of(entry));
        assertThat(new String(xml, StandardCharsets.UTF_8)).contains("<rs:md xmlns:rs=");
        assertThat(unplaced(roundTrip(SitemapHeader.of(RootKind.URLSET), List.of(entry)).entries().get(0))).isEqualTo(entry);
    }

    @Test
    void sitemapIndexWritesSitemapEntries() {
        byte[] xml = SitemapFixtures.write(SitemapHeader.of(RootKind.SITEMAPINDEX),
                List.of(SitemapEntry.of("http://example.com/sitemap1.xml")));
        String text = new String(xml, StandardCharsets.UTF_8);
        assertThat(text).contains("<sitemapindex", "<sitemap>", "<loc>http://example.com/sitemap1.xml</loc>");
    }

    @Test
    void countsWrittenEntries() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (SitemapWriter w = SitemapWriter.open(out, SitemapHeader.of(RootKind.URLSET))) {
            w.write(SitemapEntry.of("http://example.com/a")).write(SitemapEntry.of("http://example.com/b"));
            assertThat(w.count()).isEqualTo(2);
        }
    }
}
