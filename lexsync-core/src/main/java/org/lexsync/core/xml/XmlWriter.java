package org.lexsync.core.xml;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;

/**
 * A small streaming XML writer for LexSync's document writers: UTF-8, two-space indentation
 * (elements holding only text stay on one line), namespace declarations written where asked, unchecked
 * failures. It holds no more than the open-element stack, so documents of any size stream out.
 *
 * <p>It writes bytes itself ({@link XmlBytes}) instead of going through a StAX writer: publishing writes
 * gigabytes of Atom and Sitemap XML, and a StAX writer's char buffer, per-character attribute checks and
 * separate UTF-8 encoder were a third of its CPU. The output is byte for byte what the Woodstox writer it
 * replaced wrote ({@code XmlWriterTest} compares the two): {@code <?xml version='1.0' encoding='UTF-8'?>},
 * empty elements as {@code <x/>}, the same escaping, and the same refusals (C0 controls, broken surrogates,
 * an attribute or namespace outside a start tag).
 */
public final class XmlWriter implements AutoCloseable {
    private static final java.util.Comparator<Map.Entry<QName, String>> ATTRIBUTE_ORDER = java.util.Comparator
            .comparing((Map.Entry<QName, String> a) -> a.getKey().getNamespaceURI())
            .thenComparing(a -> a.getKey().getLocalPart());

    private static final byte[] DECLARATION = "<?xml version='1.0' encoding='UTF-8'?>"
            .getBytes(StandardCharsets.US_ASCII);
    /** A newline and the indentation of each depth up to 15, made once instead of per element. */
    private static final byte[][] INDENTS = new byte[16][];

    static {
        for (int i = 0; i < INDENTS.length; i++) {
            INDENTS[i] = ("\n" + "  ".repeat(i)).getBytes(StandardCharsets.US_ASCII);
        }
    }

    private final XmlBytes out;
    private final boolean indent;
    /** Open elements: prefix, local name, whether a child element was written, bindings before it opened. */
    private String[] prefixes = new String[16];
    private String[] names = new String[16];
    private boolean[] hasChildren = new boolean[16];
    private int[] bindingMarks = new int[16];
    private int depth;
    /** Namespace bindings in declaration order (prefix, URI), innermost last. */
    private String[] bindings = new String[16];
    private int bound;
    /** A start tag is open: attributes and namespaces may follow, its {@code >} is not written yet. */
    private boolean startOpen;

    private XmlWriter(OutputStream stream, boolean indent) {
        this.out = new XmlBytes(stream);
        this.indent = indent;
    }

    /** A writer over {@code stream} (not closed by {@link #close()}; the caller owns it). */
    public static XmlWriter open(OutputStream stream, boolean indent) {
        return new XmlWriter(stream, indent);
    }

    public static XmlWriter open(OutputStream stream) {
        return open(stream, true);
    }

    public XmlWriter startDocument() {
        try {
            out.bytes(DECLARATION);
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    /** Opens an element; {@code prefix} may be "" for the default namespace. */
    public XmlWriter start(String prefix, String localName, String namespace) {
        try {
            newlineBeforeChild();
            closeStart();
            out.ascii('<');
            qname(prefix, localName);
            if (depth == names.length) {
                int n = depth * 2;
                prefixes = Arrays.copyOf(prefixes, n);
                names = Arrays.copyOf(names, n);
                hasChildren = Arrays.copyOf(hasChildren, n);
                bindingMarks = Arrays.copyOf(bindingMarks, n);
            }
            prefixes[depth] = prefix;
            names[depth] = localName;
            hasChildren[depth] = false;
            bindingMarks[depth] = bound;
            depth++;
            startOpen = true;
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    public XmlWriter start(QName name) {
        return start(name.getPrefix(), name.getLocalPart(), name.getNamespaceURI());
    }

    /** Declares a namespace on the element just opened ("" prefix for the default namespace). */
    public XmlWriter namespace(String prefix, String uri) {
        try {
            requireStart("a namespace");
            refuseBinding(prefix, uri);
            if (prefix.isEmpty()) {
                out.ascii(' ');
                out.raw("xmlns=\"");
            } else {
                out.ascii(' ');
                out.raw("xmlns:");
                out.raw(prefix);
                out.raw("=\"");
            }
            out.attributeValue(uri);
            out.ascii('"');
            if (bound + 2 > bindings.length) {
                bindings = Arrays.copyOf(bindings, bindings.length * 2);
            }
            bindings[bound++] = prefix;
            bindings[bound++] = uri;
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    /** Writes an attribute without namespace when {@code value} is not null. */
    public XmlWriter attribute(String localName, Object value) {
        if (value == null) {
            return this;
        }
        try {
            requireStart("an attribute");
            out.ascii(' ');
            out.raw(localName);
            out.raw("=\"");
            out.attributeValue(value.toString());
            out.ascii('"');
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    /** Writes a namespaced attribute when {@code value} is not null. */
    public XmlWriter attribute(String prefix, String namespace, String localName, Object value) {
        if (value == null) {
            return this;
        }
        try {
            requireStart("an attribute");
            out.ascii(' ');
            qname(prefix, localName);
            out.raw("=\"");
            out.attributeValue(value.toString());
            out.ascii('"');
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    public XmlWriter text(String text) {
        if (text == null || text.isEmpty()) {
            return this;
        }
        try {
            closeStart();
            out.text(text);
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    public XmlWriter end() {
        try {
            if (depth == 0) {
                throw new XMLStreamException("no open element to end");
            }
            depth--;
            if (hasChildren[depth] && indent) {
                closeStart();
                indentation(depth);
            }
            if (startOpen) {
                out.raw("/>");
                startOpen = false;
            } else {
                out.raw("</");
                qname(prefixes[depth], names[depth]);
                out.ascii('>');
            }
            bound = bindingMarks[depth];
            prefixes[depth] = null;
            names[depth] = null;
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
        return this;
    }

    /** {@code <prefix:name>text</prefix:name>} when {@code text} is not null. */
    public XmlWriter element(String prefix, String localName, String namespace, Object text) {
        if (text == null) {
            return this;
        }
        start(prefix, localName, namespace);
        text(text.toString());
        return end();
    }

    /** Writes a captured foreign element back, declaring its namespace where needed. */
    public XmlWriter element(XmlElement e) {
        String prefix = e.name().getPrefix();
        String ns = e.namespace();
        start(prefix, e.localName(), ns);
        {
            String bound = namespaceUri(prefix);
            if (!ns.equals(bound)) {
                namespace(prefix, ns);
            }
            // in name order: an XmlElement's attribute map has no order of its own, and a document written twice
            // from the same data must be the same bytes (a published archive is rebuilt byte for byte)
            Map<QName, String> map = e.attributes();
            if (!map.isEmpty()) {
                List<Map.Entry<QName, String>> attributes = new java.util.ArrayList<>(map.entrySet());
                attributes.sort(ATTRIBUTE_ORDER);
                for (Map.Entry<QName, String> a : attributes) {
                    QName n = a.getKey();
                    if (n.getNamespaceURI().isEmpty()) {
                        attribute(n.getLocalPart(), a.getValue());
                    } else {
                        String ap = n.getPrefix().isEmpty() ? "ns" : n.getPrefix();
                        if (!n.getNamespaceURI().equals(namespaceUri(ap))) {
                            namespace(ap, n.getNamespaceURI());
                        }
                        attribute(ap, n.getNamespaceURI(), n.getLocalPart(), a.getValue());
                    }
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
        while (depth > 0) {
            end();
        }
        try {
            if (indent) {
                out.ascii('\n');
            }
            out.flush();
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
    }

    public void flush() {
        try {
            out.flush();
        } catch (XMLStreamException e) {
            throw new XmlWriteException(e);
        }
    }

    /**
     * The URI bound to {@code prefix} where the writer is (as a StAX writer's namespace context answers it): the
     * innermost declaration, the XML namespace for {@code xml}, "" for an undeclared default namespace, else null.
     */
    private String namespaceUri(String prefix) {
        for (int i = bound - 2; i >= 0; i -= 2) {
            if (bindings[i].equals(prefix)) {
                return bindings[i + 1];
            }
        }
        if (prefix.isEmpty()) {
            return "";
        }
        return XMLConstants.XML_NS_PREFIX.equals(prefix) ? XMLConstants.XML_NS_URI : null;
    }

    /** The bindings the old writer refused (Namespaces in XML 1.0 §3): thrown as it did. */
    private static void refuseBinding(String prefix, String uri) throws XMLStreamException {
        if (prefix.isEmpty()) {
            return;
        }
        if (XMLConstants.XMLNS_ATTRIBUTE.equals(prefix)) {
            // the old writer turned it into a default namespace or left it out; no document of ours declares it
            throw new XMLStreamException("the prefix xmlns can not be declared");
        }
        boolean xml = XMLConstants.XML_NS_PREFIX.equals(prefix);
        if (uri.isEmpty() || xml != XMLConstants.XML_NS_URI.equals(uri)
                || !xml && XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(uri)) {
            throw new XMLStreamException("can not bind prefix \"" + prefix + "\" to \"" + uri + "\"");
        }
    }

    private void qname(String prefix, String localName) throws XMLStreamException {
        if (prefix != null && !prefix.isEmpty()) {
            out.raw(prefix);
            out.ascii(':');
        }
        out.raw(localName);
    }

    private void requireStart(String what) throws XMLStreamException {
        if (!startOpen) {
            throw new XMLStreamException("trying to write " + what + " when there is no open start element");
        }
    }

    private void closeStart() throws XMLStreamException {
        if (startOpen) {
            out.ascii('>');
            startOpen = false;
        }
    }

    private void newlineBeforeChild() throws XMLStreamException {
        if (depth > 0) {
            hasChildren[depth - 1] = true;
        }
        if (indent) {
            closeStart();
            indentation(depth);
        }
    }

    private void indentation(int d) throws XMLStreamException {
        if (d < INDENTS.length) {
            out.bytes(INDENTS[d]);
        } else {
            out.raw("\n" + "  ".repeat(d));
        }
    }

    /** A failure of the underlying output while writing a document. */
    public static final class XmlWriteException extends org.lexsync.core.LexsyncException {
        private static final long serialVersionUID = 1L;

        XmlWriteException(XMLStreamException cause) {
            super("could not write XML: " + cause.getMessage(), cause);
        }
    }
}
