package org.lexsync.core.sitemap;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.XmlLimits;
import org.xml.sax.SAXException;

/** Reading, writing and schema helpers shared by the sitemap tests (fixtures live next to the package path). */
final class SitemapFixtures {
    static final String DIR = "/org/lexsync/core/sitemap/";

    /** A whole small document, read for assertions. */
    record Document(SitemapHeader header, List<SitemapEntry> entries, Findings findings) {
    }

    private SitemapFixtures() {
    }

    static byte[] bytes(String resource) {
        try (InputStream in = SitemapFixtures.class.getResourceAsStream(DIR + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + DIR + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Document read(String resource) {
        return read(bytes(resource), resource, XmlLimits.DEFAULT);
    }

    static Document read(byte[] bytes, String document, XmlLimits limits) {
        try (SitemapReader r = SitemapReader.open(new ByteArrayInputStream(bytes), document, limits)) {
            SitemapHeader h = r.header();
            List<SitemapEntry> entries = new ArrayList<>();
            while (r.hasNext()) {
                entries.add(r.next());
            }
            return new Document(h, entries, r.findings());
        }
    }

    static byte[] write(SitemapHeader header, List<SitemapEntry> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SitemapWriter w = SitemapWriter.open(out, header)) {
            for (SitemapEntry e : entries) {
                w.write(e);
            }
        }
        return out.toByteArray();
    }

    /** Reads a fixture and runs the validator over it; returns the validator's findings. */
    static Findings validate(String resource, String documentUri) {
        byte[] bytes = bytes(resource);
        Document d = read(bytes, resource, XmlLimits.DEFAULT);
        SitemapValidator v = new SitemapValidator(documentUri == null ? null : URI.create(documentUri));
        v.header(d.header());
        d.entries().forEach(v::entry);
        return v.finish(bytes.length);
    }

    /** The test schema for a root kind: sitemap.xsd or siteindex.xsd, with resourcesync.xsd. */
    static Schema schema(RootKind kind) {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        String main = kind == RootKind.URLSET ? "sitemap.xsd" : "siteindex.xsd";
        try {
            return f.newSchema(new StreamSource[] {
                    new StreamSource(SitemapFixtures.class.getResource("/schemas/sitemap/resourcesync.xsd").toString()),
                    new StreamSource(SitemapFixtures.class.getResource("/schemas/sitemap/" + main).toString())});
        } catch (SAXException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Validates {@code xml} against the test schemas; throws on the first violation. */
    static void validateSchema(byte[] xml, RootKind kind) throws SAXException, IOException {
        schema(kind).newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
    }
}
