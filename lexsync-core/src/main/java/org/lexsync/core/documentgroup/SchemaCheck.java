package org.lexsync.core.documentgroup;

import java.io.InputStream;
import javax.xml.validation.Schema;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.xml.SafeXmlReader;
import org.lexsync.core.xml.SchemaTee;
import org.lexsync.core.xml.SecureSchemas;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLFilterImpl;


/**
 * Validates a MetaInfo XML against the Appendix I schema with {@code javax.xml.validation}, securely (no
 * DTDs, no external access), turning each schema violation into a finding
 * {@code eucases:appendix-I/xsd} with its line and column: from the events of the reader's own parse ({@link
 * #tee}), or by parsing the bytes again ({@link #validate}).
 */
final class SchemaCheck {
    static final String RULE = "eucases:appendix-I/xsd";
    private static final String RESOURCE = "documentgroup.xsd";

    private final Schema schema;

    private SchemaCheck(Schema schema) {
        this.schema = schema;
    }

    static SchemaCheck load() {
        return new SchemaCheck(SecureSchemas.load(SchemaCheck.class, RESOURCE));
    }

    /**
     * Adds a finding per schema violation of the document in {@code in} (closed afterwards).
     *
     * @throws XmlDocumentException when the document is not well-formed or is hostile
     */
    void validate(InputStream in, String document, XmlLimits limits, Findings findings) {
        SecureSchemas.validate(schema, in, document, limits, findings, RULE, NamespaceDefaulting::new);
    }

    /**
     * Validates from the events {@code reader} returns from here on (it stands on the start of the document), with
     * unqualified elements in the Appendix I namespace as {@link #validate} puts them; a finding per violation once
     * the reader reached the end of the document.
     */
    SchemaTee tee(SafeXmlReader reader, Findings findings) {
        return SecureSchemas.tee(schema, reader, findings, RULE, DocumentGroup.NAMESPACE);
    }

    /**
     * Puts unqualified elements (the §3.2 example has no namespace at all) into the Appendix I target
     * namespace, so that the schema checks their content instead of refusing the root. The reader reports
     * the missing namespace itself.
     */
    private static final class NamespaceDefaulting extends XMLFilterImpl {
        NamespaceDefaulting(XMLReader parent) {
            super(parent);
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) throws SAXException {
            super.startElement(map(uri), localName, qName, atts);
        }

        @Override
        public void endElement(String uri, String localName, String qName) throws SAXException {
            super.endElement(map(uri), localName, qName);
        }

        private static String map(String uri) {
            return uri.isEmpty() ? DocumentGroup.NAMESPACE : uri;
        }
    }
}
