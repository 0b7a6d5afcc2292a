package org.lexsync.core.xml;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.function.UnaryOperator;
import javax.xml.XMLConstants;
import javax.xml.transform.sax.SAXSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import org.lexsync.core.findings.Findings;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * The one secure way LexSync loads and runs an XSD ({@code javax.xml.validation}): secure processing on, no external
 * DTD or schema access, documents read through {@link XmlInput#decode} within their limits and parsed by {@link
 * SchemaErrors#secureReader()}; each violation a finding of one rule with line and column ({@link SchemaErrors}). The
 * Sitemap/ResourceSync schemas and the EUCases Appendix I schema are checked through it.
 */
public final class SecureSchemas {
    private SecureSchemas() {
    }

    /**
     * Compiles the schema from the resources {@code names} next to {@code anchor} (in order: imported ones first).
     *
     * @throws IllegalStateException when a resource is missing or not a valid schema (a build error, not input)
     */
    public static Schema load(Class<?> anchor, String... names) {
        StreamSource[] sources = new StreamSource[names.length];
        try {
            for (int i = 0; i < names.length; i++) {
                URL url = anchor.getResource(names[i]);
                if (url == null) {
                    throw new IllegalStateException("missing resource " + names[i]);
                }
                sources[i] = new StreamSource(anchor.getResourceAsStream(names[i]), url.toExternalForm());
            }
            SchemaFactory f = SchemaFactory.newDefaultInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setProperty(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            return f.newSchema(sources);
        } catch (SAXException e) {
            throw new IllegalStateException("cannot load " + String.join(", ", names) + ": " + e.getMessage(), e);
        } finally {
            for (StreamSource s : sources) {
                closeQuietly(s);
            }
        }
    }

    /**
     * Adds a finding {@code rule} per violation of {@code schema} by the document in {@code in} (plain or gzip; closed
     * afterwards). {@code filter} may wrap the SAX reader (e.g. to default a namespace), or be the identity.
     *
     * @throws XmlDocumentException when the document is not well-formed or is hostile
     */
    public static void validate(Schema schema, InputStream in, String document, XmlLimits limits, Findings findings,
                                String rule, UnaryOperator<XMLReader> filter) {
        SchemaErrors collector = new SchemaErrors(document, findings, rule);
        try (InputStream bytes = XmlInput.decode(in, document, limits)) {
            ThreadValidators.Pair pair = ThreadValidators.take(schema);
            Validator v = pair.validator();
            pair.errors().to(collector);
            InputSource source = new InputSource(bytes);
            source.setSystemId(document);
            v.validate(new SAXSource(filter.apply(pair.reader()), source));
            ThreadValidators.giveBack(schema, pair);
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
     * Validates against {@code schema}, adding a finding {@code rule} per violation, the document that {@code reader}
     * reads from here on (it must stand on the start of the document): whoever reads it to its end drives the
     * validation ({@link SchemaTee}). Elements without a namespace are validated as if in {@code
     * unqualifiedNamespace} when it is not null. A failure of the validator surfaces from the reader's {@code next()}
     * as an {@link XmlDocumentException}.
     */
    public static SchemaTee tee(Schema schema, SafeXmlReader reader, Findings findings, String rule,
                                String unqualifiedNamespace) {
        return SchemaTee.attach(schema, reader, findings, rule, unqualifiedNamespace);
    }

    private static void closeQuietly(StreamSource source) {
        if (source != null && source.getInputStream() != null) {
            try {
                source.getInputStream().close();
            } catch (IOException ignored) {
                // a resource stream of our own jar: nothing to report
            }
        }
    }
}
