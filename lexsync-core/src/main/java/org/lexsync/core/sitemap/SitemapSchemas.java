package org.lexsync.core.sitemap;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.EnumMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.SchemaErrors;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Validates a Sitemap, Sitemap index or ResourceSync document against LexSync's schemas (written from the
 * sitemaps.org protocol and ResourceSync Z39.99-2014 §7 / Table 3, shipped as resources: {@code sitemap.xsd},
 * {@code siteindex.xsd}, {@code resourcesync.xsd}) with {@code javax.xml.validation}, securely (no DTDs, no external
 * access), streaming. Each violation is a finding {@value #RULE} with line and column. Used by the conformance
 * checker; the harvesters read leniently and do not validate.
 */
public final class SitemapSchemas {
    /** Rule id of a schema violation. */
    public static final String RULE = "sitemaps:schema/xsd";
    private static final Map<RootKind, Schema> SCHEMAS = new EnumMap<>(RootKind.class);

    private SitemapSchemas() {
    }

    private static synchronized Schema schema(RootKind kind) {
        return SCHEMAS.computeIfAbsent(kind, k -> load(k == RootKind.URLSET ? "sitemap.xsd" : "siteindex.xsd"));
    }

    private static Schema load(String main) {
        try {
            SchemaFactory f = SchemaFactory.newDefaultInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return f.newSchema(new StreamSource[] {source("resourcesync.xsd"), source(main)});
        } catch (SAXException e) {
            throw new IllegalStateException("cannot load " + main + ": " + e.getMessage(), e);
        }
    }

    private static StreamSource source(String name) {
        URL url = SitemapSchemas.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing resource " + name);
        }
        return new StreamSource(SitemapSchemas.class.getResourceAsStream(name), url.toExternalForm());
    }

    /**
     * Adds a finding per schema violation of the document in {@code in} (plain or gzip; closed afterwards) to
     * {@code findings}.
     *
     * @throws XmlDocumentException when the document is not well-formed or is hostile
     */
    public static void validate(InputStream in, String document, RootKind kind, Findings findings) {
        SchemaErrors collector = new SchemaErrors(document, findings, RULE);
        try (InputStream bytes = XmlInput.decode(in, document, XmlLimits.DEFAULT)) {
            Validator v = schema(kind).newValidator();
            v.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            v.setErrorHandler(collector);
            InputSource source = new InputSource(bytes);
            source.setSystemId(document);
            v.validate(new SAXSource(SchemaErrors.secureReader(), source));
        } catch (SAXException e) {
            if (collector.fatal() != null) {
                throw collector.fatal();
            }
            throw new XmlDocumentException(XmlDocumentException.Reason.MALFORMED, document, 0, 0, e.getMessage(), e);
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }

}
