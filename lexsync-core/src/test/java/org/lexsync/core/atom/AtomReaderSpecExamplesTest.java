package org.lexsync.core.atom;

import static org.assertj.core.api.Assertions.assertThat;

import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.time.Deviation;
import org.junit.jupiter.api.Test;

/** Every XML example of the rinfo spec (Swedish and English digest) and of ELI §3.3.1, read into the model. */
class AtomReaderSpecExamplesTest {

    @Test
    void rinfoFeedExampleHeader() { // rinfo §3, §3.1.1-§3.1.6
        Fixtures.Doc d = Fixtures.read("rinfo/spec-3-feed.atom", "https://www.statensarkiv.se/rafs/feed/index.atom");
        AtomFeed f = d.feed();
        assertThat(f.id()).isEqualTo("tag:riksarkivet.se,2009:rinfo:feed");
        assertThat(f.title().text()).isEqualTo("riksarkivets författningssamling");
        assertThat(f.updated().value().toString()).isEqualTo("2009-01-23T12:42:32Z");
        assertThat(f.lang()).isEqualTo("sv");
        assertThat(f.authors()).containsExactly(new Person("riksarkivet", "rinfo@riksarkivet.ra.se",
                "http://www.statensarkiv.se/"));
        assertThat(f.links().self().orElseThrow().href()).isEqualTo("https://www.statensarkiv.se/rafs/feed/index.atom");
        assertThat(f.links().prevArchive().orElseThrow().href())
                .isEqualTo("https://www.statensarkiv.se/rafs/feed/archive/2008/index.atom");
        assertThat(f.complete()).isFalse();
        assertThat(f.archive()).isFalse();
        assertThat(d.reader().findings().isEmpty()).isTrue();
    }

    @Test
    void rinfoFeedExampleEntries() { // rinfo §3.3, §3.3.1-§3.3.5
        Fixtures.Doc d = Fixtures.read("rinfo/spec-3-feed.atom", "https://www.statensarkiv.se/rafs/feed/index.atom");
        assertThat(d.items()).hasSize(2);
        Entry e = d.entry(0);
        assertThat(e.id()).isEqualTo("http://rinfo.lagrummet.se/publ/ra-fs/2006:6");
        assertThat(e.updated().value().toString()).isEqualTo("2007-02-09T00:00:00.000Z");
        assertThat(e.published()).isEqualTo(e.updated());
        assertThat(e.title().text()).startsWith("föreskrifter om ändring");
        assertThat(e.summary().text()).startsWith("ändringen innebär");
        assertThat(e.content().type()).isEqualTo("application/pdf");
        assertThat(e.content().src()).isEqualTo("https://www.statensarkiv.se/sve/rafs/filer/ra-fs-2006-06.pdf");
        assertThat(e.content().digests().get(HashAlgorithm.MD5).orElseThrow().hex())
                .isEqualTo("3c5fc4bdc3306ae6541e97b89dbf4d16");
        Link rdf = e.links().alternate().orElseThrow();
        assertThat(rdf.type()).isEqualTo("application/rdf+xml");
        assertThat(rdf.href()).isEqualTo("https://www.statensarkiv.se/sve/rafs/showrdf?doc=2006-6");
        assertThat(rdf.length()).isEqualTo(2317L);
        assertThat(rdf.hash().get(HashAlgorithm.MD5).orElseThrow().hex()).isEqualTo("e4e242a358b72405fdbf5ba8bc044b1a");
        assertThat(d.entry(1).summary().text()).isEmpty();
        assertThat(e.line()).isEqualTo(18);
    }

    @Test
    void rinfoEntryExampleIsAStandaloneEntryDocument() { // rinfo §3.3
        try (AtomReader r = Fixtures.open("rinfo/spec-3.3-entry.atom", "http://example.se/entry.atom")) {
            assertThat(r.entryDocument()).isTrue();
            assertThat(r.feed()).isSameAs(AtomFeed.NONE);
            Entry e = (Entry) r.next();
            assertThat(e.id()).isEqualTo("http://rinfo.lagrummet.se/publ/ra-fs/2004:2");
            assertThat(e.links().alternate().orElseThrow().length()).isEqualTo(2414L);
            assertThat(r.hasNext()).isFalse();
        }
    }

    @Test
    void rinfoObsoleteLeMd5AndHashFormsGiveTheSameDigest() { // rinfo §3.3.6
        Fixtures.Doc d = Fixtures.read("rinfo/spec-3.3.6-le-md5.atom", "http://example.se/feed.atom");
        Entry old = d.entry(0);
        Entry current = d.entry(1);
        assertThat(old.content().leMd5()).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
        assertThat(old.content().hash().isEmpty()).isTrue();
        assertThat(old.content().digests()).isEqualTo(current.content().digests());
        assertThat(old.links().alternate().orElseThrow().digests())
                .isEqualTo(current.links().alternate().orElseThrow().digests());
    }

    @Test
    void rinfoEnclosureKeepsIsFormatOf() { // rinfo §3.3.7
        Entry e = Fixtures.read("rinfo/spec-3.3.7-enclosure.atom", "http://www.slv.se/feed.atom").entry(0);
        Link enc = e.links().enclosures().get(0);
        assertThat(enc.href()).isEqualTo("http://www.slv.se/upload/lagstiftning/2005-2006/2006_22bil1.pdf");
        assertThat(enc.isFormatOf()).isEqualTo("http://rinfo.lagrummet.se/publ/livsfs/2006:22#bilaga_1");
        assertThat(enc.length()).isEqualTo(1168037L);
        assertThat(enc.hash().get(HashAlgorithm.MD5).orElseThrow().wellFormed()).isFalse();
    }

    @Test
    void rinfoTombstoneWithOffsetWithoutColon() { // rinfo §4.2, RFC 6721
        Fixtures.Doc d = Fixtures.read("rinfo/spec-4.2-deleted-entry.atom", "http://example.se/feed.atom");
        DeletedEntry t = (DeletedEntry) d.items().get(0);
        assertThat(t.ref()).isEqualTo("http://rinfo.lagrummet.se/publ/ra-fs/3010:0");
        assertThat(t.id()).isEqualTo(t.ref());
        assertThat(t.when().value().toString()).isEqualTo("2010-03-08T15:55:34+01:00");
        assertThat(t.when().deviations()).containsExactly(Deviation.OFFSET_WITHOUT_COLON);
        assertThat(t.timestamp()).isSameAs(t.when());
    }

    @Test
    void rinfoCompleteFeed() { // rinfo §5, RFC 5005 §2
        Fixtures.Doc d = Fixtures.read("rinfo/spec-5-complete.atom", "http://example.se/feed.atom");
        assertThat(d.feed().complete()).isTrue();
        assertThat(d.feed().archive()).isFalse();
        assertThat(d.items()).hasSize(1);
    }

    @Test
    void englishDigestExamples() { // rinfo-atom-collection-en.md
        Fixtures.Doc d = Fixtures.read("rinfo/digest-examples.atom", "http://example.se/feed/index.atom");
        assertThat(d.items().get(0)).isInstanceOf(DeletedEntry.class);
        Entry e = d.entry(1);
        assertThat(e.links().alternate().orElseThrow().digests().get(HashAlgorithm.MD5).orElseThrow().hex())
                .isEqualTo("fedcba9876543210fedcba9876543210");
        assertThat(e.links().enclosures().get(0).isFormatOf()).endsWith("#bilaga_1");
    }

    @Test
    void eliUpdateFeedExample() { // ELI §3.3.1
        Fixtures.Doc d = Fixtures.read("eli/spec-3.3.1-update-feed.atom", "http://country.xy/eli/eli-update-feed.atom");
        AtomFeed f = d.feed();
        assertThat(f.id()).isEqualTo("urn:country-xy:eli:eli-update-feed");
        assertThat(f.title().text()).isEqualTo("Fictitious Country.xy ELI update feed");
        assertThat(f.links().self().orElseThrow().type()).isEqualTo("application/atom+xml");
        assertThat(f.authors().get(0).name()).isEqualTo("Country Legislation Service");
        assertThat(d.items()).hasSize(4);
        Entry e = d.entry(0);
        assertThat(e.id()).isEqualTo("http://country.xy/eli/law/2016/501/003/jo");
        assertThat(e.links().all().get(0).rel()).isNull();
        assertThat(e.links().alternate().orElseThrow().href()).isEqualTo(e.id());
        assertThat(d.entry(3).updated().value().toString()).isEqualTo("2005-09-06T16:20:00Z");
    }
}
