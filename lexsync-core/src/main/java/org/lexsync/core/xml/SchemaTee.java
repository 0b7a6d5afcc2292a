package org.lexsync.core.xml;

import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.validation.Schema;
import javax.xml.validation.ValidatorHandler;
import org.lexsync.core.findings.Findings;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.AttributesImpl;

/**
 * Validates a document against an XSD from the events of the {@link SafeXmlReader} that already reads it, so that
 * one parse serves both the reader and the schema (a small document's second parse cost as much as the read). The
 * events go to a secure {@link ValidatorHandler} as a SAX parser would send them, with the positions a SAX parser
 * reports (where each event ends), so each violation is the same finding {@link SecureSchemas#validate} gives,
 * through {@link SchemaErrors}. It refuses what that SAX parser refuses beyond the reader's own limits ({@link
 * SaxLimits}: attributes per element, name length, depth), with the reasons the schema check gave them. Obtain one
 * from {@link SecureSchemas#tee}; it sees every event the reader's {@code next()} returns from then on, and is done at
 * the end of the document.
 */
public final class SchemaTee implements SafeXmlReader.Listener, Locator {
    private final Schema schema;
    private final ThreadValidators.Handler pooled;
    private final ValidatorHandler handler;
    private final SchemaErrors errors;
    private final String document;
    private final String unqualified;
    private final AttributesImpl attributes = new AttributesImpl();
    private SafeXmlReader reader;
    private int depth;
    private boolean done;

    private SchemaTee(Schema schema, ThreadValidators.Handler pooled, SchemaErrors errors, String document,
                      String unqualified) {
        this.schema = schema;
        this.pooled = pooled;
        this.handler = pooled.handler();
        this.errors = errors;
        this.document = document;
        this.unqualified = unqualified;
    }

    /** See {@link SecureSchemas#tee}. */
    static SchemaTee attach(Schema schema, SafeXmlReader reader, Findings findings, String rule,
                            String unqualifiedNamespace) {
        String document = reader.document();
        SchemaErrors errors = new SchemaErrors(document, findings, rule);
        SchemaTee tee;
        try {
            ThreadValidators.Handler pooled = ThreadValidators.takeHandler(schema);
            pooled.errors().to(errors);
            tee = new SchemaTee(schema, pooled, errors, document, unqualifiedNamespace);
            tee.reader = reader;
            tee.handler.setDocumentLocator(tee);
            tee.handler.startDocument();
        } catch (SAXException e) {
            throw failure(errors, document, e);
        }
        reader.listen(tee);
        return tee;
    }

    /** Whether the reader reached the end of the document, so that every violation is reported. */
    public boolean done() {
        return done;
    }

    @Override
    public void event(int event, SafeXmlReader r) {
        try {
            switch (event) {
                case XMLStreamConstants.START_ELEMENT -> startElement(r);
                case XMLStreamConstants.END_ELEMENT -> endElement(r);
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (depth > 0) { // a SAX parser reports no white space around the root
                        handler.characters(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
                    }
                }
                case XMLStreamConstants.PROCESSING_INSTRUCTION -> handler.processingInstruction(r.getPITarget(),
                        r.getPIData() == null ? "" : r.getPIData());
                case XMLStreamConstants.END_DOCUMENT -> end(r);
                default -> {
                    // comments and the like: a SAX parser gives them to no content handler either
                }
            }
        } catch (SAXException e) {
            r.listen(null);
            throw failure(errors, document, e);
        } catch (XmlDocumentException e) {
            r.listen(null);
            throw e;
        }
    }

    private void startElement(SafeXmlReader r) throws SAXException {
        String qName = qName(r);
        SaxLimits.DEFAULT.checkElement(r, qName, ++depth);
        for (int i = 0, n = r.getNamespaceCount(); i < n; i++) {
            String prefix = orEmpty(r.getNamespacePrefix(i));
            SaxLimits.DEFAULT.checkName(r, prefix);
            handler.startPrefixMapping(prefix, orEmpty(r.getNamespaceURI(i)));
        }
        attributes.clear();
        for (int i = 0, n = r.getAttributeCount(); i < n; i++) {
            String prefix = orEmpty(r.getAttributePrefix(i));
            String local = r.getAttributeLocalName(i);
            String name = prefix.isEmpty() ? local : prefix + ':' + local;
            SaxLimits.DEFAULT.checkName(r, prefix);
            SaxLimits.DEFAULT.checkName(r, local);
            attributes.addAttribute(orEmpty(r.getAttributeNamespace(i)), local, name, "CDATA", r.getAttributeValue(i));
        }
        handler.startElement(elementNamespace(r), r.getLocalName(), qName, attributes);
    }

    private void endElement(SafeXmlReader r) throws SAXException {
        depth--;
        handler.endElement(elementNamespace(r), r.getLocalName(), qName(r));
        for (int i = 0, n = r.getNamespaceCount(); i < n; i++) {
            handler.endPrefixMapping(orEmpty(r.getNamespacePrefix(i)));
        }
    }

    private void end(SafeXmlReader r) throws SAXException {
        handler.endDocument();
        r.listen(null);
        reader = null;
        done = true;
        ThreadValidators.giveBack(schema, pooled);
    }

    private String elementNamespace(SafeXmlReader r) {
        String uri = orEmpty(r.getNamespaceURI());
        return uri.isEmpty() && unqualified != null ? unqualified : uri;
    }

    private static String qName(SafeXmlReader r) {
        String prefix = orEmpty(r.getPrefix());
        return prefix.isEmpty() ? r.getLocalName() : prefix + ':' + r.getLocalName();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static XmlDocumentException failure(SchemaErrors errors, String document, SAXException e) {
        if (errors.fatal() != null) {
            return errors.fatal();
        }
        return new XmlDocumentException(XmlDocumentException.Reason.MALFORMED, document, 0, 0, e.getMessage(), e);
    }

    // Locator: asked only when a violation is reported, while the reader stands on the event that caused it.

    @Override
    public String getPublicId() {
        return null;
    }

    @Override
    public String getSystemId() {
        return document;
    }

    @Override
    public int getLineNumber() {
        Location l = reader == null ? null : reader.endLocation();
        return l == null ? -1 : l.getLineNumber();
    }

    @Override
    public int getColumnNumber() {
        Location l = reader == null ? null : reader.endLocation();
        return l == null ? -1 : l.getColumnNumber();
    }
}
