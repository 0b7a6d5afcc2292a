package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lexsync.core.sitemap.SitemapFixtures.read;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.NoSuchElementException;
import java.util.zip.GZIPOutputStream;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.sitemap.SitemapFixtures.Document;
import org.lexsync.core.time.W3cDateTimes;

class SitemapReaderTest {

    @Test
    void trimsWhitespaceAroundLoc() {
        Document d = read("reader/sloppy-resourcelist.xml");
        assertThat(d.entries().get(0).loc()).isEqualTo("http://example.com/res1");
    }

    @Test
    void missingLastmodIsNull() {
        SitemapEntry e = read("reader/sloppy-resourcelist.xml").entries().get(0);
        assertThat(e.lastmod()).isNull();
        assertThat(e.lastmodText()).isNull();
    }

    @Test
    void lenientLastmodIsParsedAndItsTextKept() {
        SitemapEntry e = read("reader/sloppy-resourcelist.xml").entries().get(1);
        assertThat(e.lastmod()).isEqualTo(W3cDateTimes.parseOrNull("2013-01-02T14:00:00Z"));
        assertThat(e.lastmodText()).isEqualTo("2013-01-02 14:00:00");
    }

    @Test
    void lenientAttributeDateIsParsedWithAWarningPerDeviation() {
        Document d = read("reader/sloppy-resourcelist.xml");
        assertThat(d.header().md().at().toInstant()).isEqualTo(java.time.Instant.parse("2013-01-03T08:00:00Z"));
        assertThat(d.findings().list()).filteredOn(f -> f.rule().equals("rs:7/w3c-datetime"))
                .extracting(Finding::line).containsExactly(7, 7);
    }

    @Test
    void upperCaseHexAndMisspelledAlgorithmAreAccepted() {
        SitemapEntry e = read("reader/sloppy-resourcelist.xml").entries().get(1);
        assertThat(e.md().hash().get(HashAlgorithm.MD5).orElseThrow().hex()).isEqualTo("1e0d5cb8ef6ba40c99b14c0237be735e");
        assertThat(e.md().hash().get(HashAlgorithm.SHA_256)).isPresent();
        assertThat(e.md().hash().unknownTokens()).isEmpty();
    }

    @Test
    void badLengthIsDroppedWithAFinding() {
        Document d = read("reader/sloppy-resourcelist.xml");
        assertThat(d.entries().get(1).md().length()).isNull();
        assertThat(d.findings().has("rs:7/length")).isTrue();
    }

    @Test
    void foreignAttributeOnMdIsKept() {
        SitemapEntry e = read("reader/sloppy-resourcelist.xml").entries().get(1);
        assertThat(e.md().otherAttributes()).containsEntry(new QName("http://example.org/ext", "quality"), "high");
    }

    @Test
    void resourceSync11DatetimeIsReadAndOrdersChanges() {
        SitemapEntry e = read("reader/sloppy-resourcelist.xml").entries().get(1);
        assertThat(e.md().datetime()).isEqualTo(W3cDateTimes.parseOrNull("2013-01-02T14:00:00Z"));
        assertThat(e.changeTime()).isEqualTo(e.md().datetime());
    }

    @Test
    void relativeLocAndUnparseableLastmodAreKeptAsText() {
        SitemapEntry e = read("reader/sloppy-resourcelist.xml").entries().get(2);
        assertThat(e.loc()).isEqualTo("relative/res3");
        assertThat(e.lastmod()).isNull();
        assertThat(e.lastmodText()).isEqualTo("yesterday");
    }

    @Test
    void badPriorityIsDroppedWithAFinding() {
        Document d = read("reader/sloppy-resourcelist.xml");
        assertThat(d.entries().get(2).priority()).isNull();
        assertThat(d.findings().has("sitemaps:priority/number")).isTrue();
    }

    @Test
    void entriesCarryTheirPosition() {
        Document d = read("reader/sloppy-resourcelist.xml");
        assertThat(d.entries()).extracting(SitemapEntry::line).containsExactly(8, 13, 19);
        assertThat(d.entries().get(0).column()).isEqualTo(3);
    }

    @Test
    void unknownCapabilityIsKeptAsText() {
        Document d = read("reader/unknown-capability.xml");
        assertThat(d.header().md().capability()).isEqualTo("resourcelist-v2");
        assertThat(d.header().capability()).isNull();
        assertThat(SitemapFixtures.validate("reader/unknown-capability.xml", null).has("rs:7/capability-value")).isTrue();
    }

    @Test
    void sitemapWithoutNamespaceIsReadWithAWarning() {
        Document d = read("reader/no-namespace.xml");
        assertThat(d.entries()).extracting(SitemapEntry::loc).containsExactly("http://example.com/a", "http://example.com/b");
        assertThat(d.findings().has("sitemaps:namespace")).isTrue();
    }

    @Test
    void foreignElementBeforeFirstEntryBelongsToTheHeader() {
        Document d = read("reader/misplaced.xml");
        assertThat(d.header().foreign()).singleElement()
                .satisfies(e -> assertThat(e.text()).isEqualTo("http://example.com/feed.atom"));
    }

    @Test
    void rootLinkAfterEntriesIsIgnoredWithAFinding() {
        Document d = read("reader/misplaced.xml");
        assertThat(d.header().links()).isEmpty();
        assertThat(d.entries()).hasSize(2);
        assertThat(d.findings().has("rs:7/root-element-position")).isTrue();
    }

    @Test
    void unknownSitemapElementInEntryIsSkippedWithAFinding() {
        Document d = read("reader/misplaced.xml");
        assertThat(d.entries().get(0).loc()).isEqualTo("http://example.com/a");
        assertThat(d.findings().has("sitemaps:unknown-element")).isTrue();
    }

    @Test
    void hasNextWithoutHeaderReadsTheHeaderFirst() {
        try (SitemapReader r = SitemapReader.open(new ByteArrayInputStream(SitemapFixtures.bytes("spec/rs-example-19.xml")),
                "rs-example-19.xml")) {
            assertThat(r.hasNext()).isTrue();
            assertThat(r.next().loc()).isEqualTo("http://example.com/res1.html");
            assertThat(r.header().capability()).isEqualTo(Capability.CHANGELIST);
        }
    }

    @Test
    void nextAfterLastEntryThrows() {
        try (SitemapReader r = SitemapReader.open(new ByteArrayInputStream(SitemapFixtures.bytes("spec/rs-example-26.xml")),
                "rs-example-26.xml")) {
            r.next();
            assertThat(r.hasNext()).isFalse();
            assertThatThrownBy(r::next).isInstanceOf(NoSuchElementException.class);
            assertThat(r.count()).isEqualTo(1);
        }
    }

    @Test
    void readsGzipCompressedSitemap() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(SitemapFixtures.bytes("spec/rs-example-14.xml"));
        }
        Document d = SitemapFixtures.read(gz.toByteArray(), "resourcelist.xml.gz", org.lexsync.core.xml.XmlLimits.DEFAULT);
        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCELIST);
        assertThat(d.entries()).hasSize(2);
    }

    @Test
    void streamsAMillionEntriesOneAtATime() {
        int n = 1_000_000;
        try (SitemapReader r = SitemapReader.open(generated(n), "generated.xml")) {
            long count = 0;
            String last = null;
            while (r.hasNext()) {
                last = r.next().loc();
                count++;
            }
            assertThat(count).isEqualTo(n);
            assertThat(last).isEqualTo("http://example.com/res" + (n - 1));
            assertThat(r.findings().isEmpty()).isTrue();
        }
    }

    /** A resource list of {@code n} entries produced on demand, never held in memory. */
    static InputStream generated(int n) {
        byte[] head = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
                + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\">\n"
                + "<rs:md capability=\"resourcelist\" at=\"2013-01-03T09:00:00Z\"/>\n").getBytes(StandardCharsets.UTF_8);
        byte[] tail = "</urlset>\n".getBytes(StandardCharsets.UTF_8);
        Enumeration<InputStream> parts = new Enumeration<>() {
            private int next = -1;

            @Override
            public boolean hasMoreElements() {
                return next <= n;
            }

            @Override
            public InputStream nextElement() {
                int i = next++;
                if (i < 0) {
                    return new ByteArrayInputStream(head);
                }
                if (i == n) {
                    return new ByteArrayInputStream(tail);
                }
                String entry = "<url><loc>http://example.com/res" + i + "</loc><lastmod>2013-01-02T13:00:00Z</lastmod>"
                        + "<rs:md hash=\"md5:1584abdf8ebdc9802ac0c6a7402c03b6\" length=\"8876\" type=\"text/html\"/></url>\n";
                return new ByteArrayInputStream(entry.getBytes(StandardCharsets.UTF_8));
            }
        };
        return new SequenceInputStream(parts);
    }
}
