package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.sitemap.SitemapFixtures.Document;
import org.lexsync.core.xml.XmlLimits;
import org.junit.jupiter.api.Test;

/** What the reader recovers from documents other publishers write, each with a finding (ResourceSync §7). */
class LenientReadingTest {
    private static final String MD5_HEX = "5d41402abc4b2a76b9719d911017c592"; // md5("hello")
    private static final String MD5_BASE64 = "XUFAKrxLKna5cZ2REBfFkg==";

    static Document read(String xml) {
        return SitemapFixtures.read(xml.getBytes(StandardCharsets.UTF_8), "t.xml", XmlLimits.DEFAULT);
    }

    @Test
    void anUndeclaredRsPrefixIsReadAsTheResourceSyncNamespace_7() {
        Document d = read("""
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>
                  <url><loc>http://example.com/a</loc><rs:md length="5"/></url>
                </urlset>
                """);

        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCELIST);
        assertThat(d.entries().get(0).md().length()).isEqualTo(5L);
        assertThat(d.findings().list()).extracting(Finding::rule).containsExactly("rs:7/namespace");
    }

    @Test
    void aDeclaredRsPrefixIsLeftAlone() {
        Document d = read("""
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>http://example.com/a</loc><rs:md xmlns:rs="http://www.openarchives.org/rs/terms/" length="5"/></url>
                </urlset>
                """);

        assertThat(d.entries().get(0).md().length()).isEqualTo(5L);
        assertThat(d.findings().isEmpty()).isTrue();
    }

    @Test
    void mdAndLnWithoutPrefixAreReadAsRsElements_7() {
        Document d = read("""
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <md capability="resourcelist"/>
                  <url><loc>http://example.com/a</loc><md length="5"/><ln rel="describedby" href="http://example.com/m"/></url>
                </urlset>
                """);

        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCELIST);
        assertThat(d.entries().get(0).md().length()).isEqualTo(5L);
        assertThat(d.entries().get(0).link("describedby").href()).isEqualTo("http://example.com/m");
        assertThat(d.findings().list()).extracting(Finding::rule).containsOnly("rs:7/namespace").hasSize(3);
    }

    @Test
    void aBase64DigestIsReadAsHex_7() {
        Document d = read("""
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <url><loc>http://example.com/a</loc><rs:md hash="md5:%s"/></url>
                  <url><loc>http://example.com/b</loc><rs:md hash="MD5:%s"/></url>
                </urlset>
                """.formatted(MD5_BASE64, MD5_HEX.toUpperCase(java.util.Locale.ROOT)));

        assertThat(d.entries()).allSatisfy(e ->
                assertThat(e.md().hash().get(HashAlgorithm.MD5).orElseThrow().hex()).isEqualTo(MD5_HEX));
        assertThat(d.findings().list()).extracting(Finding::rule).containsExactly("rs:7/hash-hex");
    }

    @Test
    void aCapabilityInAnotherCaseIsReadAsTheDefinedValue_7() {
        Document d = read("""
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="ResourceList" at="2013-01-03T09:00:00Z"/>
                </urlset>
                """);

        assertThat(d.header().capability()).isEqualTo(Capability.RESOURCELIST);
        assertThat(d.findings().list()).extracting(Finding::rule).containsExactly("rs:7/capability");
    }

    @Test
    void aLatin1SitemapWithoutEncodingDeclarationIsReadWithAFinding() {
        byte[] xml = """
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>http://example.com/lag/ändring</loc></url>
                </urlset>
                """.getBytes(StandardCharsets.ISO_8859_1);

        Document d = SitemapFixtures.read(xml, "t.xml", XmlLimits.DEFAULT);

        assertThat(d.entries().get(0).loc()).isEqualTo("http://example.com/lag/ändring");
        assertThat(d.findings().list()).extracting(Finding::rule).contains("xml-1.0:4.3.3/encoding");
    }
}
