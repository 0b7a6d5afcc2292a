package org.lexsync.engine.publish;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/** The sitemaps.org 0.9 and ResourceSync XSDs the core tests use (schemas/sitemap/ in lexsync-core's test jar). */
final class SitemapSchema {
    private static final Schema URLSET = load("sitemap.xsd");
    private static final Schema INDEX = load("siteindex.xsd");

    private SitemapSchema() {
    }

    static void validate(Path file) {
        try {
            boolean index = Files.readString(file).contains("<sitemapindex");
            (index ? INDEX : URLSET).newValidator().validate(new StreamSource(file.toFile()));
        } catch (SAXException e) {
            throw new AssertionError(file + " is not valid per the sitemap schemas: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema load(String main) {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        try {
            return f.newSchema(new StreamSource[] {
                    new StreamSource(SitemapSchema.class.getResource("/schemas/sitemap/resourcesync.xsd").toString()),
                    new StreamSource(SitemapSchema.class.getResource("/schemas/sitemap/" + main).toString())});
        } catch (SAXException e) {
            throw new IllegalStateException(e);
        }
    }
}
