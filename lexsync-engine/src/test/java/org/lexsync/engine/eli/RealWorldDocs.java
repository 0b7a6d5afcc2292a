package org.lexsync.engine.eli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Documents as real ELI publishers write them, for {@link RealWorldEliTest}: Sitemaps, update feeds and
 * Pillar III pages built from small templates so that each test shows the one oddity it is about.
 */
final class RealWorldDocs {
    static final String SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
    static final String ELI = "http://data.europa.eu/eli/ontology#";
    static final String IANA_HTML = "https://www.iana.org/assignments/media-types/text/html";

    private RealWorldDocs() {
    }

    static String urlset(String... urls) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"" + SITEMAP_NS + "\">\n"
                + String.join("\n", urls) + "\n</urlset>\n";
    }

    static String url(String loc, String lastmod) {
        return "  <url><loc>" + loc + "</loc>" + (lastmod == null ? "" : "<lastmod>" + lastmod + "</lastmod>") + "</url>";
    }

    static String index(String... locs) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"")
                .append(SITEMAP_NS).append("\">\n");
        for (String loc : locs) {
            b.append("  <sitemap><loc>").append(loc).append("</loc><lastmod>2024-05-01</lastmod></sitemap>\n");
        }
        return b.append("</sitemapindex>\n").toString();
    }

    /** An ELI update feed (§3.3.1) with these entries, each given as {@link #entry}. */
    static String feed(String base, String... entries) {
        return feedWithLinks(base, "", entries);
    }

    static String feedWithLinks(String base, String headerLinks, String... entries) {
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
                + "  <title>Test ELI update feed</title>\n"
                + "  <link rel=\"self\" href=\"" + base + "eli/eli-update-feed.atom\" type=\"application/atom+xml\"/>\n"
                + headerLinks
                + "  <updated>2024-06-01T00:00:00Z</updated>\n  <author><name>Test Legislation Service</name></author>\n"
                + "  <id>urn:127-0-0-1:eli:eli-update-feed</id>\n" + String.join("\n", entries) + "\n</feed>\n";
    }

    static String entry(String eli, String updated) {
        return "  <entry><title>" + eli + "</title><link href=\"" + eli + "\"/><id>" + eli + "</id><updated>" + updated
                + "</updated></entry>";
    }

    /** A conformant Pillar III page for {@code eli} (RDFa, prefix declared): resource, expression, format. */
    static String page(String eli, String title) {
        return "<!DOCTYPE html>\n<html lang=\"en\" prefix=\"eli: " + ELI + "\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>" + title + "</title>\n" + rdfa(eli, title) + "</head>\n<body><p>Text.</p></body>\n</html>\n";
    }

    /** The RDFa statements of {@link #page}, as {@code meta}/{@code link} elements. */
    static String rdfa(String eli, String title) {
        String e = eli + "/eng";
        String f = e + "/html";
        return String.format(Locale.ROOT, """
                <meta about="%1$s" typeof="eli:LegalResource">
                <link about="%1$s" rel="eli:is_realized_by" href="%2$s">
                <meta about="%2$s" typeof="eli:LegalExpression">
                <link about="%2$s" rel="eli:realizes" href="%1$s">
                <meta about="%2$s" property="eli:title" lang="en" content="%4$s">
                <link about="%2$s" rel="eli:is_embodied_by" href="%3$s">
                <meta about="%3$s" typeof="eli:Format">
                <link about="%3$s" rel="eli:embodies" href="%2$s">
                <link about="%3$s" rel="eli:media_type" href="%5$s">
                """, eli, e, f, title, IANA_HTML);
    }

    /** The same statements as a JSON-LD object list (without brackets). */
    static String jsonLdNodes(String eli, String title) {
        String e = eli + "/eng";
        String f = e + "/html";
        return String.format(Locale.ROOT, """
                {"@id": "%1$s", "@type": "eli:LegalResource", "eli:is_realized_by": {"@id": "%2$s"}},
                {"@id": "%2$s", "@type": "eli:LegalExpression", "eli:realizes": {"@id": "%1$s"},
                 "eli:title": {"@value": "%4$s", "@language": "en"}, "eli:is_embodied_by": {"@id": "%3$s"}},
                {"@id": "%3$s", "@type": "eli:Format", "eli:embodies": {"@id": "%2$s"},
                 "eli:media_type": {"@id": "%5$s"}}""", eli, e, f, title, IANA_HTML);
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
