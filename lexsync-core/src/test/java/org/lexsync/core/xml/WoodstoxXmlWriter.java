package org.lexsync.core.xml;

import com.ctc.wstx.stax.WstxOutputFactory;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The oracle of {@code XmlWriterTest}: {@link XmlWriter} as it was up to main cdd4f38, over Woodstox, kept so that
 * the byte writer that replaced it is checked against what it wrote.
 *
 * <p>Was: a small streaming XML writer for LexSync's document writers: UTF-8, two-space indentation
 * (elements holding only text stay on one line), namespace declarations written where asked, unchecked
 * failures. It holds no more than the open-element stack, so documents of any size stream out.
 */
final class WoodstoxXmlWriter implements AutoCloseable {
    private static final java.util.Comparator<Map.Entry<QName, String>> ATTRIBUTE_ORDER = java.util.Comparator
            .comparing((Map.Entry<QName, String> a) -> a.getKey().getNamespaceURI())
            .thenComparing(a -> a.getKey().getLocalPart());

    private static final XMLOutputFactory FACTORY = newFactory();
    /** A newline and the indentation of each depth up to 15, made once instead of per element. */
    private static final String[] INDENTS = new String[16];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = "\n" + "  ".repeat(i);
        }
    }

    private final XMLStreamWriter out;
    private final Deque<Boolean> hasChildren = new ArrayDeque<>();
    private final boolean indent;

    private WoodstoxXmlWriter(XMLStreamWriter out, boolean indent) {
        this.out = out;
        this.indent = indent;
    }

    /** A writer over {@code stream} (not closed by {@link #close()}; the caller owns it). */
    static WoodstoxXmlWriter open(OutputStream stream, boolean indent) {
        try {
            return new WoodstoxXmlWriter(FACTORY.createXMLStreamWriter(stream, StandardCharsets.UTF_8.name()), indent);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    static WoodstoxXmlWriter open(OutputStream stream) {
        return open(stream, true);
    }

    public WoodstoxXmlWriter startDocument() {
        try {
            out.writeStartDocument(StandardCharsets.UTF_8.name(), "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Opens an element; {@code prefix} may be "" for the default namespace. */
    public WoodstoxXmlWriter start(String prefix, String localName, String namespace) {
        try {
            newlineBeforeChild();
            out.writeStartElement(prefix, localName, namespace);
            hasChildren.push(Boolean.FALSE);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    public WoodstoxXmlWriter start(QName name) {
        return start(name.getPrefix(), name.getLocalPart(), name.getNamespaceURI());
    }

    /** Declares a namespace on the element just opened ("" prefix for the default namespace). */
    public WoodstoxXmlWriter namespace(String prefix, String uri) {
        try {
            if (prefix.isEmpty()) {
                out.writeDefaultNamespace(uri);
            } else {
                out.writeNamespace(prefix, uri);
            }
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Writes an attribute without namespace when {@code value} is not null. */
    public WoodstoxXmlWriter attribute(String localName, Object value) {
        if (value == null) {
            return this;
        }
        try {
            out.writeAttribute(localName, value.toString());
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Writes a namespaced attribute when {@code value} is not null. */
    public WoodstoxXmlWriter attribute(String prefix, String namespace, String localName, Object value) {
        if (value == null) {
            return this;
        }
        try {
            out.writeAttribute(prefix, namespace, localName, value.toString());
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    public WoodstoxXmlWriter text(String text) {
        if (text == null || text.isEmpty()) {
            return this;
        }
        try {
            out.writeCharacters(text);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    public WoodstoxXmlWriter end() {
        try {
            boolean children = hasChildren.pop();
            if (children && indent) {
                int depth = hasChildren.size();
                out.writeCharacters(depth < INDENTS.length ? INDENTS[depth] : "\n" + "  ".repeat(depth));
            }
            out.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** {@code <prefix:name>text</prefix:name>} when {@code text} is not null. */
    public WoodstoxXmlWriter element(String prefix, String localName, String namespace, Object text) {
        if (text == null) {
            return this;
        }
        start(prefix, localName, namespace);
        text(text.toString());
        return end();
    }

    /** Writes a captured foreign element back, declaring its namespace where needed. */
    public WoodstoxXmlWriter element(XmlElement e) {
        String prefix = e.name().getPrefix();
        String ns = e.namespace();
        start(prefix, e.localName(), ns);
        {
            String bound = out.getNamespaceContext().getNamespaceURI(prefix);
            if (!ns.equals(bound)) {
                namespace(prefix, ns);
            }
            // in name order: an XmlElement's attribute map has no order of its own, and a document written twice
            // from the same data must be the same bytes (a published archive is rebuilt byte for byte)
            List<Map.Entry<QName, String>> attributes = new java.util.ArrayList<>(e.attributes().entrySet());
            attributes.sort(ATTRIBUTE_ORDER);
            for (Map.Entry<QName, String> a : attributes) {
                QName n = a.getKey();
                if (n.getNamespaceURI().isEmpty()) {
                    attribute(n.getLocalPart(), a.getValue());
                } else {
                    String ap = n.getPrefix().isEmpty() ? "ns" : n.getPrefix();
                    if (!n.getNamespaceURI().equals(out.getNamespaceContext().getNamespaceURI(ap))) {
                        namespace(ap, n.getNamespaceURI());
                    }
                    attribute(ap, n.getNamespaceURI(), n.getLocalPart(), a.getValue());
                }
            }
        }
        text(e.text());
        for (XmlElement c : e.children()) {
            element(c);
        }
        return end();
    }

    /** Ends the document and flushes; the underlying stream stays open. */
    @Override
    public void close() {
        try {
            while (!hasChildren.isEmpty()) {
                end();
            }
            // The final newline goes before writeEndDocument(): Woodstox releases its buffer there.
            if (indent) {
                out.writeCharacters("\n");
            }
            out.writeEndDocument();
            out.flush();
            out.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    public void flush() {
        try {
            out.flush();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    private void newlineBeforeChild() throws XMLStreamException {
        if (!hasChildren.isEmpty()) {
            hasChildren.pop();
            hasChildren.push(Boolean.TRUE);
        }
        if (indent) {
            int depth = hasChildren.size();
            out.writeCharacters(depth < INDENTS.length ? INDENTS[depth] : "\n" + "  ".repeat(depth));
        }
    }

    private static XMLOutputFactory newFactory() {
        XMLOutputFactory f = new WstxOutputFactory();
        f.setProperty(XMLOutputFactory.IS_REPAIRING_NAMESPACES, false);
        return f;
    }
}
