package org.lexsync.core.xml;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;

/**
 * The one door through which LexSync reads XML: a Woodstox StAX reader with DTDs and external entities
 * off, nesting/text/attribute limits on, byte limits on raw input, and transparent gzip (detected by its
 * magic bytes, not by a file name) with expansion bounds; a document that names no encoding and is not
 * UTF-8 is read as Windows-1252 ({@link UndeclaredEncoding}). Every failure surfaces as an
 * {@link XmlDocumentException} naming the document and the position.
 */
public final class XmlInput {
    private static final Map<XmlLimits, XMLInputFactory> FACTORIES = new ConcurrentHashMap<>();

    private XmlInput() {
    }

    /**
     * Opens a safe streaming reader over {@code in}. The caller closes the returned reader, which closes
     * {@code in}.
     *
     * @param document the URL or path, used in errors and findings
     */
    public static SafeXmlReader open(InputStream in, String document, XmlLimits limits) {
        return open(in, document, limits, java.util.function.UnaryOperator.identity());
    }

    /**
     * {@link #open(InputStream, String, XmlLimits)} with {@code filter} applied to the bounded, decompressed
     * bytes before they are parsed (e.g. to repair a known publisher mistake ahead of the parser).
     */
    public static SafeXmlReader open(InputStream in, String document, XmlLimits limits,
                                     java.util.function.UnaryOperator<InputStream> filter) {
        String name = document == null ? "(unnamed)" : document;
        InputStream bytes = filter.apply(decode(in, name, limits));
        try {
            UndeclaredEncoding.Sniffed sniffed = UndeclaredEncoding.sniff(bytes);
            if (sniffed.fallback() != null) {
                return new SafeXmlReader(factory(limits).createXMLStreamReader(
                        new java.io.InputStreamReader(sniffed.stream(), sniffed.fallback())), sniffed.stream(), name,
                        sniffed.fallback());
            }
            return new SafeXmlReader(factory(limits).createXMLStreamReader(sniffed.stream()), sniffed.stream(), name,
                    null);
        } catch (XMLStreamException e) {
            throw SafeXmlReader.translate(e, name);
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, name, 0, 0, e.getMessage(), e);
        }
    }

    /** {@link #open(InputStream, String, XmlLimits)} with {@link XmlLimits#DEFAULT}. */
    public static SafeXmlReader open(InputStream in, String document) {
        return open(in, document, XmlLimits.DEFAULT);
    }

    /**
     * Wraps raw bytes: bounds them, and if they start with the gzip magic number, inflates them with
     * the decompressed-size and ratio bounds.
     */
    public static InputStream decode(InputStream in, String document, XmlLimits limits) {
        BoundedInputStream raw = new BoundedInputStream(in, limits.maxDocumentBytes(), document,
                XmlDocumentException.Reason.TOO_LARGE, null, 0);
        BufferedInputStream buffered = new BufferedInputStream(raw, 64 << 10);
        try {
            buffered.mark(2);
            int b1 = buffered.read();
            int b2 = buffered.read();
            buffered.reset();
            if (b1 == 0x1f && b2 == 0x8b) {
                InputStream inflated = new GZIPInputStream(buffered, 64 << 10);
                return new BoundedInputStream(inflated, limits.maxDecompressedBytes(), document,
                        XmlDocumentException.Reason.GZIP_BOMB, raw, limits.maxGzipRatio());
            }
            return buffered;
        } catch (java.util.zip.ZipException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.BAD_GZIP, document, 0, 0, e.getMessage(), e);
        } catch (IOException e) {
            throw new XmlDocumentException(XmlDocumentException.Reason.IO, document, 0, 0, e.getMessage(), e);
        }
    }

    static XMLInputFactory factory(XmlLimits limits) {
        return FACTORIES.computeIfAbsent(limits, XmlInput::newFactory);
    }

    private static XMLInputFactory newFactory(XmlLimits limits) {
        WstxInputFactory f = new WstxInputFactory();
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, true);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(WstxInputProperties.P_MAX_ELEMENT_DEPTH, limits.maxDepth());
        f.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, limits.maxTextLength());
        f.setProperty(WstxInputProperties.P_MAX_ATTRIBUTE_SIZE, limits.maxAttributeLength());
        f.setProperty(WstxInputProperties.P_MAX_ATTRIBUTES_PER_ELEMENT, limits.maxAttributesPerElement());
        f.setProperty(WstxInputProperties.P_MAX_ENTITY_COUNT, 1L);
        f.setProperty(WstxInputProperties.P_MAX_ENTITY_DEPTH, 1);
        return f;
    }
}
