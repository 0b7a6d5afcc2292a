package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.sitemap.SitemapFixtures.Document;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlElement;
import org.lexsync.core.xml.XmlLimits;

/** Whatever entries the writer is given, reading its output gives them back, and the output is schema-valid. */
class SitemapRoundTripProperties {
    private static final String DCT = "http://purl.org/dc/terms/";

    @Property(tries = 200)
    void writtenEntriesReadBackEqual(@ForAll("entries") List<SitemapEntry> entries, @ForAll("headers") SitemapHeader header) {
        byte[] xml = SitemapFixtures.write(header, entries);
        Document copy = SitemapFixtures.read(xml, "generated.xml", XmlLimits.DEFAULT);
        assertThat(copy.findings().list()).isEmpty();
        assertThat(SitemapWriterTest.unplaced(copy.header()).withNamespaces(Map.of()))
                .isEqualTo(header.withNamespaces(Map.of()));
        assertThat(copy.entries().stream().map(SitemapWriterTest::unplaced).toList()).isEqualTo(entries);
    }

    @Property(tries = 50)
    void writtenDocumentsAreSchemaValid(@ForAll("entries") List<SitemapEntry> entries, @ForAll("headers") SitemapHeader header) {
        byte[] xml = SitemapFixtures.write(header, entries);
        assertThatCode(() -> SitemapFixtures.validateSchema(xml, RootKind.URLSET)).doesNotThrowAnyException();
    }

    @Provide
    Arbitrary<SitemapHeader> headers() {
        Arbitrary<RsMetadata> md = Combinators.combine(Arbitraries.of(Capability.values()), instants())
                .as((c, at) -> RsMetadata.builder().capability(c).at(at).build()).injectNull(0.3);
        Arbitrary<List<RsLink>> links = links();
        return Combinators.combine(md, links).as((m, l) -> {
            SitemapHeader h = m == null && l.isEmpty() ? SitemapHeader.of(RootKind.URLSET)
                    : SitemapHeader.of(RootKind.URLSET, m, l);
            return h.withAttributes(Map.of(new QName(DCT, "relation", "dct"), "http://example.com/feed.atom"));
        });
    }

    @Provide
    Arbitrary<List<SitemapEntry>> entries() {
        return entry().list().ofMaxSize(8);
    }

    private Arbitrary<SitemapEntry> entry() {
        Arbitrary<String> loc = Arbitraries.strings().alpha().numeric().withChars('-', '_', '/').ofMinLength(1).ofMaxLength(30)
                .map(p -> "http://example.com/" + p);
        Arbitrary<W3cDateTime> lastmod = Arbitraries.oneOf(instants(),
                Arbitraries.integers().between(0, 20_000).map(d -> W3cDateTime.ofDate(LocalDate.ofEpochDay(d))))
                .injectNull(0.3);
        Arbitrary<String> changefreq = Arbitraries.of("always", "hourly", "daily", "weekly", "monthly", "yearly", "never")
                .injectNull(0.5);
        Arbitrary<Double> priority = Arbitraries.integers().between(0, 10).map(i -> i / 10.0).injectNull(0.5);
        Arbitrary<RsMetadata> md = metadata().injectNull(0.3);
        Arbitrary<List<XmlElement>> foreign = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(12)
                .map(t -> XmlElement.of(new QName(DCT, "title", "dct"), t)).list().ofMaxSize(2);
        return Combinators.combine(loc, lastmod, changefreq, priority, md, links(), foreign)
                .as((l, lm, cf, p, m, ln, f) -> SitemapEntry.of(l).withLastmod(lm).withChangefreq(cf).withPriority(p)
                        .withMd(m).withLinks(ln).withForeign(f));
    }

    private Arbitrary<RsMetadata> metadata() {
        Arbitrary<ChangeType> change = Arbitraries.of(ChangeType.values()).injectNull(0.3);
        Arbitrary<Digests> hash = Combinators.combine(hex(32), hex(64))
                .as((md5, sha) -> Digests.of(new Digest(HashAlgorithm.MD5, md5), new Digest(HashAlgorithm.SHA_256, sha)))
                .injectNull(0.4);
        Arbitrary<Long> length = Arbitraries.longs().between(0, 10_000_000_000L).injectNull(0.4);
        Arbitrary<String> type = Arbitraries.of("text/html", "application/pdf", "application/xml").injectNull(0.4);
        Arbitrary<W3cDateTime> datetime = instants().injectNull(0.5);
        Arbitrary<String> path = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10).map(p -> "/res/" + p)
                .injectNull(0.6);
        return Combinators.combine(change, hash, length, type, datetime, path)
                .as((c, h, l, t, d, p) -> RsMetadata.builder().change(c).hash(h).length(l).type(t).datetime(d).path(p)
                        .build());
    }

    private Arbitrary<List<RsLink>> links() {
        Arbitrary<RsLink> link = Combinators.combine(Arbitraries.of("duplicate", "alternate", "describedby", "up"),
                        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(10),
                        Arbitraries.integers().between(1, 999_999).injectNull(0.5))
                .as((rel, p, pri) -> RsLink.of(rel, "http://mirror.example.com/" + p).withPri(pri));
        return link.list().ofMaxSize(3);
    }

    private static Arbitrary<W3cDateTime> instants() {
        return Arbitraries.longs().between(0, 4_000_000_000L).map(s -> W3cDateTime.of(Instant.ofEpochSecond(s)));
    }

    private static Arbitrary<String> hex(int length) {
        return Arbitraries.strings().withChars("0123456789abcdef").ofLength(length);
    }
}
