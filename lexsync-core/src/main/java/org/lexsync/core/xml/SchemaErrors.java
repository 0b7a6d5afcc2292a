package org.lexsync.core.xml;

import java.util.Locale;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.lexsync.core.findings.Findings;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.XMLReader;

/**
 * What an XSD validation ({@code javax.xml.validation}) reports, turned into LexSync's terms: schema errors and
 * warnings become findings of one rule with line and column; a well-formedness failure becomes a typed {@link
 * XmlDocumentException} ({@link #fatal()}). Shared by the schema checks of Sitemaps/ResourceSync and document groups;
 * {@link #secureReader()} gives them the SAX reader that refuses DOCTYPEs and external entities.
 */
public final class SchemaErrors implements ErrorHandler {
    private final String document;
    private final Findings findings;
    private final String rule;
    private XmlDocumentException fatal;
    private int lastLine = -1;
    private int lastColumn = -1;

    /** Collects into {@code findings} under {@code rule}; {@code document} names the document in errors. */
    public SchemaErrors(String document, Findings findings, String rule) {
        this.document = document;
        this.findings = findings;
        this.rule = rule;
    }

    /** The well-formedness failure that stopped validation, or null. */
    public XmlDocumentException fatal() {
        return fatal;
    }

    @Override
    public void warning(SAXParseException e) {
        findings.warning(rule, message(e), Math.max(e.getLineNumber(), 0), Math.max(e.getColumnNumber(), 0));
    }

    @Override
    public void error(SAXParseException e) {
        int line = Math.max(e.getLineNumber(), 0);
        int column = Math.max(e.getColumnNumber(), 0);
        String m = message(e);
        // Xerces follows each facet violation of an attribute value with a generic cvc-attribute.3 (or
        // cvc-type.3.1.3 for element text) about the same value: one problem, one finding.
        boolean echo = (m.startsWith("cvc-attribute.3") || m.startsWith("cvc-type.3.1.3"))
                && line == lastLine && column == lastColumn;
        if (!echo) {
            findings.error(rule, m, line, column);
        }
        lastLine = line;
        lastColumn = column;
    }

    @Override
    public void fatalError(SAXParseException e) throws SAXException {
        String m = message(e);
        String lower = m.toLowerCase(Locale.ROOT);
        XmlDocumentException.Reason reason = lower.contains("doctype") ? XmlDocumentException.Reason.DOCTYPE_FORBIDDEN
                : lower.contains("entity") ? XmlDocumentException.Reason.ENTITY_FORBIDDEN
                : XmlDocumentException.Reason.MALFORMED;
        fatal = new XmlDocumentException(reason, document, Math.max(e.getLineNumber(), 0),
                Math.max(e.getColumnNumber(), 0), m, e);
        throw e;
    }

    private static String message(SAXParseException e) {
        return e.getMessage() == null ? "schema violation" : e.getMessage();
    }

    /**
     * The configured factory of this thread: setting its security features costs more than parsing a small document
     * (each {@code setFeature} builds a parser to try it), and a factory is not thread-safe.
     */
    private static final ThreadLocal<SAXParserFactory> FACTORIES = ThreadLocal.withInitial(SchemaErrors::secureFactory);

    /** A namespace-aware SAX reader that refuses DOCTYPEs, external entities and XInclude. */
    public static XMLReader secureReader() throws SAXException {
        try {
            XMLReader reader = FACTORIES.get().newSAXParser().getXMLReader();
            reader.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            return reader;
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("JDK SAX parser lacks a security feature: " + e.getMessage(), e);
        }
    }

    private static SAXParserFactory secureFactory() {
        try {
            SAXParserFactory f = SAXParserFactory.newDefaultInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setXIncludeAware(false);
            return f;
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("JDK SAX parser lacks a security feature: " + e.getMessage(), e);
        }
    }
}
