package org.lexsync.core.inspect;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import javax.xml.namespace.QName;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.documentgroup.DocumentGroupValidator;
import org.lexsync.core.documentgroup.ValidationResult;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;

/**
 * Reads any document LexSync understands — Sitemap/ResourceSync, Atom, EUCases document-group metaInfo
 * XML or a document-group ZIP package — decides its kind from its root element (or the ZIP magic number),
 * and runs the matching streaming reader and validator over it. Used by {@code lexsync inspect} and the
 * conformance checker.
 */
public final class Inspector {
    private static final String DOCUMENTGROUP_LOCAL_NAME = "documentgroup";

    private Inspector() {
    }

    /** Inspects a local file; {@code document} names it in the report (a path or the URL it came from). */
    public static Inspection inspect(Path file, String document) {
        return inspect(file, document, AtomValidator.Profile.RFC4287, XmlLimits.DEFAULT);
    }

    /**
     * Inspects a local file with the given Atom profile (RINFO or ELI_UPDATE_FEED add those specs' rules).
     *
     * @throws XmlDocumentException when the document cannot be read at all (malformed, hostile, unknown kind)
     */
    public static Inspection inspect(Path file, String document, AtomValidator.Profile atomProfile, XmlLimits limits) {
        if (isZip(file, document)) {
            return documentGroupPackage(file, document);
        }
        QName root = RootElement.of(file, document, limits);
        String ns = root.getNamespaceURI();
        String local = root.getLocalPart();
        if (local.equals("urlset") || local.equals("sitemapindex")) {
            return SitemapInspection.inspect(file, document, limits, uriOrNull(document));
        }
        if (AtomNs.ATOM.equals(ns) || local.equals("feed") || local.equals("entry")) {
            return AtomInspection.inspect(file, document, limits, atomProfile);
        }
        if (local.equals(DOCUMENTGROUP_LOCAL_NAME)) {
            return documentGroup(file, document);
        }
        throw new XmlDocumentException(XmlDocumentException.Reason.UNEXPECTED_ROOT, document, 0, 0,
                String.format(Locale.ROOT, "root element {%s}%s is not a sitemap, ResourceSync, Atom or EUCases "
                        + "document-group document", ns, local));
    }

    private static Inspection documentGroup(Path file, String document) {
        ValidationResult result = DocumentGroupValidator.create().validate(file);
        return documentGroupInspection(document, "eucases documentgroup metainfo", result);
    }

    private static Inspection documentGroupPackage(Path file, String document) {
        ValidationResult result = DocumentGroupValidator.create().validatePackage(file);
        return documentGroupInspection(document, "eucases documentgroup package", result);
    }

    private static Inspection documentGroupInspection(String document, String kind, ValidationResult result) {
        Map<String, String> attributes = new LinkedHashMap<>();
        Map<String, Long> counts = new LinkedHashMap<>();
        long entries = 0;
        if (result.group() != null) {
            var g = result.group();
            entries = g.documents().size();
            put(attributes, "identifier", g.identifier());
            put(attributes, "date", g.date());
            put(attributes, "crawler", g.crawler());
            put(attributes, "operation", g.operation());
            put(attributes, "type", g.type());
            put(attributes, "format", g.format());
        }
        Findings findings = result.findings();
        return new Inspection(document, kind, entries, counts, attributes, findings);
    }

    static void put(Map<String, String> attributes, String key, Object value) {
        if (value != null) {
            attributes.put(key, value.toString());
        }
    }

    private static boolean isZip(Path file, String document) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }

    private static URI uriOrNull(String document) {
        if (document == null || !(document.startsWith("http://") || document.startsWith("https://"))) {
            return null;
        }
        try {
            return URI.create(document);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
