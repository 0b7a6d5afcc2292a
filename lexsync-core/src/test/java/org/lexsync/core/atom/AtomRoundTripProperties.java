package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
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
import org.lexsync.core.xml.XmlElement;

/** Write then read gives the same model, for generated feeds (positions aside). */
class AtomRoundTripProperties {

    record Doc(AtomFeed header, List<FeedItem> items) {
    }

    @Property(tries = 200)
    void writeThenReadIsIdentity(@ForAll("docs") Doc doc) {
        byte[] xml = AtomWriterTest.write(doc.header(), doc.items());
        Fixtures.Doc back = AtomWriterTest.reread(xml);
        assertThat(Normal.feed(back.feed())).isEqualTo(Normal.feed(doc.header()));
        assertThat(Normal.items(back.items())).isEqualTo(Normal.items(doc.items()));
        assertThat(back.reader().findings().isEmpty()).isTrue();
    }

    @Property(tries = 100)
    void writerOutputIsSchemaValid(@ForAll("docs") Doc doc) {
        AtomSchema.validate(AtomWriterTest.write(doc.header(), doc.items()));
    }

    @Provide
    Arbitrary<Doc> docs() {
        Arbitrary<FeedItem> item = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, entries().map(e -> (FeedItem) e)),
                net.jqwik.api.Tuple.of(1, tombstones().map(d -> (FeedItem) d)));
        return Combinators.combine(feeds(), item.list().ofMaxSize(6)).as(Doc::new);
    }

    private Arbitrary<String> text() {
        return Arbitraries.strings().withChars("abcXYZ019 <>&\"'åé€-_.:/").ofMaxLength(24);
    }

    private Arbitrary<String> token() {
        return Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(12);
    }

    private Arbitrary<AtomText> atomText() {
        return Combinators.combine(Arbitraries.of("text", "html").injectNull(0.5), text()).as(AtomText::new);
    }

    private Arbitrary<AtomDate> date() {
        return Combinators.combine(Arbitraries.longs().between(0, 4_102_444_800L),
                        Arbitraries.of(0, 0, 500_000_000, 123_000_000, 123_456_789, 1))
                .as((s, n) -> AtomDate.of(Instant.ofEpochSecond(s, n)));
    }

    private Arbitrary<Person> person() {
        return Combinators.combine(token(), token().map(t -> t + "@example.org").injectNull(0.5),
                token().map(t -> "http://example.org/" + t).injectNull(0.5)).as(Person::new);
    }

    private Arbitrary<Digests> digests() {
        return Arbitraries.strings().withChars("0123456789abcdef").ofLength(32)
                .map(h -> Digests.of(new Digest(HashAlgorithm.MD5, h))).injectNull(0.5)
                .map(d -> d == null ? Digests.NONE : d);
    }

    private Arbitrary<Link> link() {
        Arbitrary<String> rel = Arbitraries.of("alternate", "self", "enclosure", "prev-archive", "next-archive",
                "current", "related", "first").injectNull(0.2);
        Arbitrary<String> href = token().map(t -> "http://example.org/" + t);
        Arbitrary<Map<QName, String>> attrs = token().map(t -> Map.of(new QName(AtomNs.DCT, "isFormatOf", "dct"),
                "http://example.org/id/" + t)).injectNull(0.7).map(m -> m == null ? Map.<QName, String>of() : m);
        return Combinators.combine(rel, href, Arbitraries.of("application/pdf", "application/rdf+xml").injectNull(0.3),
                        text().injectNull(0.7), Arbitraries.longs().between(0, 1L << 40).injectNull(0.4), digests(),
                        Arbitraries.strings().withChars("0123456789ABCDEF").ofLength(32).injectNull(0.8),
                        Combinators.combine(date().injectNull(0.8), attrs).as((a, b) -> Arrays.<Object>asList(a, b)))
                .as((r, h, type, title, length, hash, le, rest) -> new Link(r, h, h, type, null, title, length, hash, le,
                        (AtomDate) rest.get(0), castMap(rest.get(1))));
    }

    @SuppressWarnings("unchecked")
    private static Map<QName, String> castMap(Object o) {
        return (Map<QName, String>) o;
    }

    private Arbitrary<Content> content() {
        Arbitrary<Content> src = Combinators.combine(Arbitraries.of("application/pdf", "application/rdf+xml"),
                token().map(t -> "http://example.org/doc/" + t), digests()).as(Content::ofSrc);
        Arbitrary<Content> inline = Combinators.combine(Arbitraries.of("text", "html"), text()).as(Content::ofText);
        return Arbitraries.oneOf(src, inline).injectNull(0.2);
    }

    private Arbitrary<XmlElement> foreign() {
        return token().map(t -> XmlElement.of(new QName("urn:example:x", "ext", "x"), t));
    }

    private Arbitrary<Entry> entries() {
        Arbitrary<List<Object>> head = Combinators.combine(token().map(t -> "urn:entry:" + t), atomText().injectNull(0.1),
                date(), date().injectNull(0.3)).as((a, b, c, d) -> Arrays.<Object>asList(a, b, c, d));
        return Combinators.combine(head, person().list().ofMaxSize(2), atomText().injectNull(0.5), content(),
                        link().list().ofMaxSize(3),
                        Combinators.combine(token(), Arbitraries.of("http://s.example/").injectNull(0.5),
                                text().injectNull(0.5)).as(Category::new).list().ofMaxSize(2),
                        foreign().list().ofMaxSize(1))
                .as((h, authors, summary, content, links, cats, foreign) -> new Entry((String) h.get(0),
                        (AtomText) h.get(1), (AtomDate) h.get(2), (AtomDate) h.get(3), authors, summary, content,
                        new Links(links), cats, foreign, 0, 0));
    }

    private Arbitrary<DeletedEntry> tombstones() {
        return Combinators.combine(token().map(t -> "urn:entry:" + t).injectNull(0.1), date().injectNull(0.1),
                        person().injectNull(0.5), text().injectNull(0.5))
                .as((ref, when, by, comment) -> new DeletedEntry(ref, when, by, comment, List.of(), 0, 0));
    }

    private Arbitrary<AtomFeed> feeds() {
        return Combinators.combine(token().map(t -> "tag:example.org,2024:" + t), atomText(), atomText().injectNull(0.7),
                        date(), person().list().ofMaxSize(2), link().list().ofMaxSize(4),
                        Arbitraries.of(false, false, true).list().ofSize(2),
                        Combinators.combine(foreign().list().ofMaxSize(1), Arbitraries.of("sv", "en").injectNull(0.5))
                                .as((a, b) -> Arrays.<Object>asList(a, b)))
                .as((id, title, subtitle, updated, authors, links, markers, rest) -> new AtomFeed(id, title, subtitle,
                        updated, authors, new Links(links), markers.get(0), markers.get(1), castList(rest.get(0)),
                        (String) rest.get(1), 0, 0));
    }

    @SuppressWarnings("unchecked")
    private static List<XmlElement> castList(Object o) {
        return (List<XmlElement>) o;
    }
}
