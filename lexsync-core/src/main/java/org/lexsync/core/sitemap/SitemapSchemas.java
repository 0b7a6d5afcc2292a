package org.lexsync.core.sitemap;

import java.io.InputStream;
import java.util.EnumMap;
import java.util.Map;
import javax.xml.validation.Schema;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.SecureSchemas;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;


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
        return SecureSchemas.load(SitemapSchemas.class, "resourcesync.xsd", main);
    }

    /**
     * Adds a finding per schema violation of the document in {@code in} (plain or gzip; closed afterwards) to
     * {@code findings}.
     *
     * @throws XmlDocumentException when the document is not well-formed or is hostile
     */
    public static void validate(InputStream in, String document, RootKind kind, Findings findings) {
        SecureSchemas.validate(schema(kind), in, document, XmlLimits.DEFAULT, findings, RULE, reader -> reader);
    }

}
