package org.lexsync.core.xml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;

/**
 * An element from a namespace the reader does not model (e.g. {@code dct:relation} on an ELI sitemap,
 * {@code eli:} metadata inside a {@code url}, Atom extensions), kept whole so callers can use it and
 * writers can write it back. Immutable.
 */
public record XmlElement(QName name, Map<QName, String> attributes, String text, List<XmlElement> children) {

    public XmlElement {
        attributes = Map.copyOf(attributes);
        children = List.copyOf(children);
        text = text == null ? "" : text;
    }

    /** A leaf element with text only. */
    public static XmlElement of(QName name, String text) {
        return new XmlElement(name, Map.of(), text, List.of());
    }

    public String namespace() {
        return name.getNamespaceURI();
    }

    public String localName() {
        return name.getLocalPart();
    }

    /** The attribute value, or null; {@code namespace} may be "" for attributes without namespace. */
    public String attribute(String namespace, String localName) {
        return attributes.get(new QName(namespace == null ? "" : namespace, localName));
    }

    /** The first child with this name, or null. */
    public XmlElement child(String namespace, String localName) {
        for (XmlElement c : children) {
            if (c.namespace().equals(namespace) && c.localName().equals(localName)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Reads the element the reader is positioned on (a START_ELEMENT), with all attributes, direct text
     * and children, and leaves the reader on its END_ELEMENT. At most {@code maxNodes} elements are kept
     * in the subtree; a larger subtree is refused as hostile.
     */
    public static XmlElement read(SafeXmlReader r, int maxNodes) {
        int[] budget = {maxNodes};
        return readOne(r, budget);
    }

    private static XmlElement readOne(SafeXmlReader r, int[] budget) {
        if (--budget[0] < 0) {
            throw new XmlDocumentException(XmlDocumentException.Reason.TOO_LARGE, r.document(), r.line(), r.column(),
                    "foreign element with too many descendants");
        }
        QName name = r.getName();
        Map<QName, String> attributes = new LinkedHashMap<>();
        for (int i = 0; i < r.getAttributeCount(); i++) {
            attributes.put(r.getAttributeName(i), r.getAttributeValue(i));
        }
        StringBuilder text = new StringBuilder();
        List<XmlElement> children = new ArrayList<>();
        while (true) {
            int event = r.next();
            switch (event) {
                case XMLStreamConstants.START_ELEMENT -> children.add(readOne(r, budget));
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                        text.append(r.getText());
                case XMLStreamConstants.END_ELEMENT -> {
                    String t = children.isEmpty() ? text.toString() : text.toString().strip();
                    return new XmlElement(name, attributes, t, children);
                }
                default -> {
                }
            }
        }
    }
}
