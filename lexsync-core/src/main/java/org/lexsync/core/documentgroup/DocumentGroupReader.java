package org.lexsync.core.documentgroup;

import java.io.InputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.Deviation;
import org.lexsync.core.time.ParsedDateTime;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlInput;
import org.lexsync.core.xml.XmlLimits;

/**
 * Streaming reader of the EUCases document group MetaInfo XML (D2.1 §3.2, Appendix I). Lenient: it reads
 * what sloppy crawlers write (no namespace, as in the §3.2 example; upper-case operations as in §1.3.2;
 * {@code file} for {@code filename} as in the §3.2 attribute list; missing or unparseable attributes) and
 * reports every departure as a finding. Rules the Appendix I schema enforces get ids
 * {@code eucases:appendix-I/...}; prose rules of §3.2 get {@code eucases:3.2/...}. Documents that cannot be
 * read at all (malformed, DOCTYPE, limits, another root) fail with {@link XmlDocumentException}.
 */
public final class DocumentGroupReader {
    /** Default bound on {@code document} elements in one group (hostile-input guard). */
    public static final int DEFAULT_MAX_DOCUMENTS = 100_000;

    static final String ROOT = "documentgroup";
    static final String DOCUMENT = "document";

    /** W3C profile deviations that xs:dateTime (Appendix I) does not accept either. */
    private static final Set<Deviation> NOT_XS_DATETIME = EnumSet.of(Deviation.LOWERCASE_T, Deviation.LOWERCASE_Z,
            Deviation.SPACE_SEPARATOR, Deviation.OFFSET_WITHOUT_COLON, Deviation.OFFSET_HOURS_ONLY,
            Deviation.LEAP_SECOND, Deviation.RFC_1123);

    private DocumentGroupReader() {
    }

    /** Reads with {@link XmlLimits#DEFAULT} and {@link #DEFAULT_MAX_DOCUMENTS}. */
    public static ReadResult read(InputStream in, String document) {
        return read(in, document, XmlLimits.DEFAULT, DEFAULT_MAX_DOCUMENTS);
    }

    /**
     * Reads one MetaInfo XML; closes {@code in}.
     *
     * @throws XmlDocumentException when the XML is malformed or hostile, its root is not a
     *                              {@code documentgroup}, or it has more than {@code maxDocuments} documents
     */
    public static ReadResult read(InputStream in, String document, XmlLimits limits, int maxDocuments) {
        try (SafeXmlReader r = XmlInput.open(in, document, limits)) {
            return read(r, maxDocuments);
        }
    }

    /** Reads one MetaInfo XML from {@code r}, standing on the start of the document, to its end. */
    static ReadResult read(SafeXmlReader r, int maxDocuments) {
        return new Run(r, maxDocuments).root();
    }

    /** State of one read. */
    private static final class Run {
        private final SafeXmlReader r;
        private final int maxDocuments;
        private final Findings findings = new Findings();

        Run(SafeXmlReader r, int maxDocuments) {
            this.r = r;
            this.maxDocuments = maxDocuments;
        }

        ReadResult root() {
            r.nextTag();
            String ns = r.getNamespaceURI() == null ? "" : r.getNamespaceURI();
            if (!ROOT.equals(r.getLocalName()) || !(ns.isEmpty() || ns.equals(DocumentGroup.NAMESPACE))) {
                throw new XmlDocumentException(XmlDocumentException.Reason.UNEXPECTED_ROOT, r.document(), r.line(),
                        r.column(), "root is " + r.getName() + ", expected documentgroup in namespace '"
                        + DocumentGroup.NAMESPACE + "' (EUCases D2.1 Appendix I)");
            }
            Position at = new Position(r.line(), r.column());
            if (ns.isEmpty()) {
                findings.warning("eucases:appendix-I/namespace", "documentgroup has no namespace; Appendix I declares "
                        + "targetNamespace '" + DocumentGroup.NAMESPACE + "' (the §3.2 example omits it too)",
                        at.line(), at.column());
            }
            Attributes a = attributes(ROOT, Set.of("date", "crawler", "lang", "format", "filename", "identifier",
                    "operation", "type"));
            String filename = a.get("filename");
            if (filename == null && a.raw("file") != null) {
                filename = a.raw("file");
                findings.error("eucases:appendix-I/filename", "documentgroup names its package with 'file' (as the "
                        + "§3.2 attribute list does); Appendix I and the §3.2 example use 'filename'", at.line(),
                        at.column());
            } else {
                a.require("filename");
                if (a.raw("file") != null) {
                    findings.error("eucases:appendix-I/unexpected-attribute", "attribute file is not declared on "
                            + "documentgroup in Appendix I (ignored; filename names the package)", at.line(), at.column());
                }
            }
            Instant date = date(a.require("date"), at);
            String crawler = a.require("crawler");
            String lang = a.require("lang");
            String format = a.require("format");
            String identifier = a.require("identifier");
            Operation operation = operation(a.require("operation"), ROOT, at);
            GroupType type = type(a.require("type"), at);

            List<Document> documents = new ArrayList<>();
            List<Position> positions = new ArrayList<>();
            while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                String childNs = r.getNamespaceURI() == null ? "" : r.getNamespaceURI();
                boolean ours = childNs.isEmpty() || childNs.equals(DocumentGroup.NAMESPACE);
                if (DOCUMENT.equals(r.getLocalName()) && ours) {
                    if (documents.size() >= maxDocuments) {
                        throw new XmlDocumentException(XmlDocumentException.Reason.TOO_LARGE, r.document(), r.line(),
                                r.column(), "more than " + maxDocuments + " document elements");
                    }
                    if (!childNs.equals(ns)) {
                        findings.error("eucases:appendix-I/namespace", String.format(Locale.ROOT,
                                "document is in namespace '%s' but documentgroup in '%s' (elementFormDefault is "
                                        + "qualified)", childNs, ns), r.line(), r.column());
                    }
                    positions.add(new Position(r.line(), r.column()));
                    documents.add(document());
                } else {
                    findings.error("eucases:appendix-I/unexpected-element", "element " + r.getName()
                            + " is not part of the Appendix I schema (skipped)", r.line(), r.column());
                    r.skipElement();
                }
            }
            if (documents.isEmpty()) {
                findings.error("eucases:appendix-I/document", "documentgroup has no document element (Appendix I "
                        + "requires at least one)", at.line(), at.column());
            }
            while (r.hasNext()) {
                r.next();
            }
            DocumentGroup group = new DocumentGroup(date, crawler, lang, format, filename, identifier, operation, type,
                    documents);
            return new ReadResult(group, findings, at, positions);
        }

        private Document document() {
            Position at = new Position(r.line(), r.column());
            Attributes a = attributes(DOCUMENT, Set.of("format", "file", "identifier", "operation", "url", "md5"));
            Document d = new Document(a.require("format"), a.require("file"), a.require("identifier"),
                    operation(a.require("operation"), DOCUMENT, at), a.require("url"), a.require("md5"));
            boolean reported = false;
            while (true) {
                int event = r.next();
                if (event == XMLStreamConstants.END_ELEMENT) {
                    return d;
                }
                boolean content = event == XMLStreamConstants.START_ELEMENT
                        || (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
                        && !r.getText().isBlank();
                if (content && !reported) {
                    findings.error("eucases:appendix-I/document-content", "document has content; Appendix I "
                            + "declares it empty (content ignored)", r.line(), r.column());
                    reported = true;
                }
                if (event == XMLStreamConstants.START_ELEMENT) {
                    r.skipElement();
                }
            }
        }

        private Attributes attributes(String element, Set<String> known) {
            Attributes a = new Attributes(element, new Position(r.line(), r.column()));
            for (int i = 0; i < r.getAttributeCount(); i++) {
                QName name = r.getAttributeName(i);
                String ns = name.getNamespaceURI() == null ? "" : name.getNamespaceURI();
                if (ns.equals(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI)) {
                    continue;
                }
                String local = name.getLocalPart();
                if (ns.isEmpty() && known.contains(local)) {
                    a.values.put(local, r.getAttributeValue(i));
                } else {
                    if (ns.isEmpty()) {
                        a.unknown.put(local, r.getAttributeValue(i));
                    }
                    if (!(ns.isEmpty() && element.equals(ROOT) && local.equals("file"))) {
                        findings.error("eucases:appendix-I/unexpected-attribute", String.format(Locale.ROOT,
                                "attribute %s is not declared on %s in Appendix I (ignored)", name, element),
                                a.at.line(), a.at.column());
                    }
                }
            }
            return a;
        }

        /** §3.2: "yyyy-MM-ddTHH:mm:ss ... and UTC compatible"; Appendix I: xs:dateTime. */
        private Instant date(String text, Position at) {
            if (text == null) {
                return null;
            }
            ParsedDateTime p = W3cDateTimes.parse(text);
            if (!p.ok()) {
                findings.error("eucases:appendix-I/date", "date is not an xs:dateTime: " + p.error(), at.line(),
                        at.column());
                return null;
            }
            W3cDateTime v = p.value();
            Set<Deviation> bad = p.deviations().stream().filter(NOT_XS_DATETIME::contains)
                    .collect(Collectors.toCollection(() -> EnumSet.noneOf(Deviation.class)));
            if (!bad.isEmpty() || v.precision().compareTo(W3cDateTime.Precision.SECOND) < 0) {
                String why = bad.isEmpty() ? "it lacks seconds"
                        : bad.stream().map(Deviation::description).collect(Collectors.joining(", "));
                findings.error("eucases:appendix-I/date", String.format(Locale.ROOT,
                        "date '%s' is not an xs:dateTime (%s); read as %s", text, why, v.toInstant()),
                        at.line(), at.column());
            } else if (!p.deviations().contains(Deviation.MISSING_OFFSET) && !ZoneOffset.UTC.equals(v.offset())) {
                findings.warning("eucases:3.2/date-utc", String.format(Locale.ROOT,
                        "date '%s' has offset %s; §3.2 asks for UTC (yyyy-MM-ddTHH:mm:ss)", text, v.offset()),
                        at.line(), at.column());
            }
            return v.toInstant();
        }

        private Operation operation(String text, String element, Position at) {
            if (text == null) {
                return null;
            }
            Operation exact = Operation.fromToken(text);
            if (exact != null) {
                return exact;
            }
            Operation loose = Operation.fromTokenIgnoringCase(text);
            findings.error("eucases:appendix-I/operation", loose == null
                    ? String.format(Locale.ROOT, "%s operation '%s' is none of Add, Upd, Del, None", element, text)
                    : String.format(Locale.ROOT, "%s operation '%s' read as '%s' (Appendix I tokens are "
                    + "case-sensitive)", element, text, loose.token()), at.line(), at.column());
            return loose;
        }

        private GroupType type(String text, Position at) {
            if (text == null) {
                return null;
            }
            GroupType t = null;
            try {
                t = GroupType.fromCode(Integer.parseInt(text.trim()));
            } catch (NumberFormatException e) {
                // reported below
            }
            if (t == null) {
                findings.error("eucases:appendix-I/type", "documentgroup type '" + text
                        + "' is neither 1 (legislation) nor 2 (case law)", at.line(), at.column());
            }
            return t;
        }

        /** The attributes of one element, reporting the required ones that are missing. */
        private final class Attributes {
            private final String element;
            private final Position at;
            private final Map<String, String> values = new HashMap<>();
            private final Map<String, String> unknown = new HashMap<>();

            Attributes(String element, Position at) {
                this.element = element;
                this.at = at;
            }

            String get(String name) {
                return values.get(name);
            }

            /** An undeclared attribute without namespace, or null. */
            String raw(String name) {
                return unknown.get(name);
            }

            /** §3.2: "All elements and attributes are required". */
            String require(String name) {
                String v = get(name);
                if (v == null) {
                    findings.error("eucases:appendix-I/required", String.format(Locale.ROOT,
                            "%s lacks the required attribute '%s'", element, name), at.line(), at.column());
                }
                return v;
            }
        }
    }
}
