package org.lexsync.core.atom;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.xml.sax.SAXException;

/**
 * The RFC 4287 XSD under src/test/resources/schemas/atom/ (transcribed from the RFC's RELAX NG), for the core's
 * tests and, through the test jar, the engine's publishing tests.
 */
public final class AtomSchema {
    private static final Schema SCHEMA = load();

    private AtomSchema() {
    }

    /** Validates {@code xml}; throws with the validator's message when it does not conform. */
    public static void validate(byte[] xml) {
        try {
            SCHEMA.newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
        } catch (SAXException e) {
            throw new AssertionError("not valid per atom.xsd: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Validates the document in {@code file}; throws naming the file when it does not conform. */
    public static void validate(Path file) {
        try {
            SCHEMA.newValidator().validate(new StreamSource(file.toFile()));
        } catch (SAXException e) {
            throw new AssertionError(file + " is not valid per atom.xsd: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema load() {
        try {
            URL xsd = AtomSchema.class.getResource("/schemas/atom/atom.xsd");
            SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "file,jar:file");
            return f.newSchema(xsd);
        } catch (SAXException e) {
            throw new IllegalStateException("atom.xsd does not load: " + e.getMessage(), e);
        }
    }
}
