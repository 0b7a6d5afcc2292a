package org.lexsync.core.documentgroup;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
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
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;
import org.xml.sax.helpers.XMLFilterImpl;

/**
 * Validates a MetaInfo XML against the Appendix I schema with {@code javax.xml.validation}, securely (no
 * DTDs, no external access), turning each schema violation into a finding
 * {@code eucases:appendix-I/xsd} with its line and column.
 */
final class SchemaCheck {
    static final String RULE = "eucases:appendix-I/xsd";
    private static final String RESOURCE = "documentgroup.xsd";

    private final Schema schema;

    private SchemaCheck(Schema schema) {
        this.schema = schema;
    }

    static SchemaCheck load() {
        URL url = SchemaCheck.class.getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException("missing resource " + RESOURCE);
        }
        try (InputStream in = SchemaCheck.class.getResourceAsStream(RESOURCE)) {
            SchemaFactory f = SchemaFactory.newDefaultInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return new SchemaCheck(f.newSchema(new StreamSource(in, url.toExternalForm())));
        } catch (IOException | SAXException e) {
            throw new IllegalStateException("cannot load " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /**
     * Adds a finding per schema violation of the document in {@code in} (closed afterwards).
     *
     * @throws XmlDocumentException when the document is not well-formed or is hostile
     */
    void validate(InputStream in, String document, XmlLimits limits, Findings findings) {
        SchemaErrors collector = new SchemaErrors(document, findings, RULE);
        try (InputStream bytes = XmlInput.decode(in, document, limits)) {
            Validator v = schema.newValidator();
            v.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            v.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            v.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            v.setErrorHandler(collector);
            InputSource source = new InputSource(bytes);
            source.setSystemId(document);
            v.validate(new SAXSource(new NamespaceDefaulting(SchemaErrors.secureReader()), source));
        } catch (SAXException e) {
            if (collector.fatal() != null) {
                throw collector.fatal();
            }
            throw new XmlDocumentException(XmlDocumentException.Reason.MALFORMED, document, 0, 0, e.getMessage(), e);
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
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
