package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.lexsync.core.checksum.Digests;
import org.junit.jupiter.api.Test;

/** Writer round trips over every valid fixture, schema validity of the output, streaming size. */
class AtomWriterTest {

    static byte[] write(AtomFeed header, List<FeedItem> items) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (AtomWriter w = AtomWriter.open(out, header)) {
            for (FeedItem i : items) {
                w.write(i);
            }
        }
        return out.toByteArray();
    }

    static Fixtures.Doc reread(byte[] xml) {
        try (AtomReader r = AtomReader.open(new ByteArrayInputStream(xml), "http://example.org/written.atom")) {
            List<FeedItem> items = new ArrayList<>();
            while (r.hasNext()) {
                items.add(r.next());
            }
            return new Fixtures.Doc(r.feed(), items, r.trailer(), r);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"rinfo/spec-3-feed.atom", "rinfo/spec-3.3.6-le-md5.atom", "rinfo/spec-3.3.7-enclosure.atom",
            "rinfo/spec-4.2-deleted-entry.atom", "rinfo/spec-5-complete.atom", "rinfo/digest-examples.atom",
            "eli/spec-3.3.1-update-feed.atom", "realworld/windows-1252.atom", "realworld/sloppy-dates.atom",
            "realworld/le-md5-uppercase.atom", "realworld/xml-base.atom", "realworld/tombstones.atom",
            "realworld/archive-2008.atom", "realworld/paged.atom"})
    void writeThenReadGivesTheSameModel(String fixture) {
        Fixtures.Doc original = Fixtures.read(fixture, "http://example.org/feeds/index.atom");
        Fixtures.Doc copy = reread(write(original.trailer(), original.items()));
        assertThat(Normal.feed(copy.feed())).isEqualTo(Normal.feed(original.trailer()));
        assertThat(Normal.items(copy.items())).isEqualTo(Normal.items(original.items()));
        assertThat(copy.reader().findings().isEmpty()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"rinfo/spec-3-feed.atom", "rinfo/spec-3.3.6-le-md5.atom", "rinfo/spec-3.3.7-enclosure.atom",
            "rinfo/spec-4.2-deleted-entry.atom", "rinfo/spec-5-complete.atom", "rinfo/digest-examples.atom",
            "eli/spec-3.3.1-update-feed.atom", "realworld/windows-1252.atom", "realworld/sloppy-dates.atom",
            "realworld/le-md5-uppercase.atom", "realworld/xml-base.atom", "realworld/tombstones.atom",
            "realworld/archive-2008.atom", "realworld/paged.atom"})
    void writerOutputIsValidPerTheRfc4287Schema(String fixture) {
        Fixtures.Doc original = Fixtures.read(fixture, "http://example.org/feeds/index.atom");
        AtomSchema.validate(write(original.trailer(), original.items()));
    }

    @Test
    void schemaRejectsADateWithoutTimeZone() { // the XSD is not vacuous
        byte[] bad = """
                <feed xmlns="http://www.w3.org/2005/Atom"><updated>2020-01-01T00:00:00</updated></feed>"""
                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> AtomSchema.validate(bad)).isInstanceOf(AssertionError.class);
    }

    @Test
    void writesDatesCanonically() {
        AtomFeed header = AtomFeed.of("urn:f", "t", AtomDate.parse("2020-02-03t10:11:12+0100"), new Person("n", null, null));
        String xml = new String(write(header, List.of()), StandardCharsets.UTF_8);
        assertThat(xml).contains("<updated>2020-02-03T10:11:12+01:00</updated>");
    }

    @Test
    void writesForeignAttributesWithTheirNamespace() { // rinfo §3.3.7 dct:isFormatOf
        Link enc = new Link("enclosure", "http://x/a.pdf", "http://x/a.pdf", "application/pdf", null, null, 5L,
                Digests.parse("md5:d41d8cd98f00b204e9800998ecf8427e"), null, null,
                Map.of(new QName(AtomNs.DCT, "isFormatOf", "dct"), "http://x/id#bilaga_1"));
        Entry e = new Entry("urn:e", AtomText.of("t"), AtomDate.of(Instant.EPOCH), null, List.of(), null, null,
                Links.of(enc), List.of(), List.of(), 0, 0);
        String xml = new String(write(AtomFeed.of("urn:f", "t", AtomDate.of(Instant.EPOCH), null), List.of(e)),
                StandardCharsets.UTF_8);
        assertThat(xml).contains("xmlns:dct=\"http://purl.org/dc/terms/\"").contains("dct:isFormatOf=\"http://x/id#bilaga_1\"");
        assertThat(((Entry) reread(xml.getBytes(StandardCharsets.UTF_8)).items().get(0)).links().enclosures().get(0)
                .isFormatOf()).isEqualTo("http://x/id#bilaga_1");
    }

    @Test
    void streamsManyItems() {
        AtomFeed header = AtomFeed.of("urn:f", "t", AtomDate.of(Instant.EPOCH), new Person("n", null, null));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (AtomWriter w = AtomWriter.open(out, header)) {
            for (int i = 0; i < 5000; i++) {
                w.write(new Entry("urn:" + i, AtomText.of("e" + i), AtomDate.of(Instant.ofEpochSecond(i)), null,
                        List.of(), null, null, Links.of(Link.of(null, "http://x/" + i)), List.of(), List.of(), 0, 0));
            }
        }
        Fixtures.Doc d = reread(out.toByteArray());
        assertThat(d.items()).hasSize(5000);
        assertThat(d.items().get(4999).id()).isEqualTo("urn:4999");
    }
}
