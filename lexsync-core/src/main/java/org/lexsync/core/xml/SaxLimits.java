package org.lexsync.core.xml;

import java.util.Locale;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * The limits the JDK's secure SAX parser applies beyond {@link XmlLimits} (attributes per element, length of a name,
 * element depth; {@code jdk.xml.*}, which differ between JDK releases), read from that parser itself, so that a
 * {@link SchemaTee} refuses what the schema's own parse of the bytes refused, and with the same reasons.
 *
 * @param attributes at most this many attributes per element (0: no limit)
 * @param name       at most this many characters in each part (prefix, local name) of a name (0: no limit)
 * @param depth      at most this many nested elements (0: no limit)
 */
record SaxLimits(int attributes, int name, int depth) {
    static final SaxLimits DEFAULT = read();

    private static SaxLimits read() {
        try {
            XMLReader r = SchemaErrors.secureReader();
            return new SaxLimits(value(r, "jdk.xml.elementAttributeLimit"), value(r, "jdk.xml.maxXMLNameLimit"),
                    value(r, "jdk.xml.maxElementDepth"));
        } catch (SAXException e) {
            throw new IllegalStateException("JDK SAX parser without its limits: " + e.getMessage(), e);
        }
    }

    private static int value(XMLReader r, String property) throws SAXException {
        Object v = r.getProperty(property);
        try {
            return v == null ? 0 : Math.max(Integer.parseInt(v.toString().trim()), 0);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Refuses the element {@code r} stands on (named {@code qName}) if it is {@code depth} deep, has too many
     * attributes (namespace declarations count) or a too long name.
     */
    void checkElement(SafeXmlReader r, String qName, int depth) {
        if (this.depth > 0 && depth > this.depth) {
            throw new XmlDocumentException(XmlDocumentException.Reason.MALFORMED, r.document(), r.line(), r.column(),
                    String.format(Locale.ROOT, "element \"%s\" has a depth of %d, beyond the limit %d set by "
                            + "jdk.xml.maxElementDepth", qName, depth, this.depth));
        }
        if (attributes > 0 && r.getAttributeCount() + r.getNamespaceCount() > attributes) {
            throw new XmlDocumentException(XmlDocumentException.Reason.MALFORMED, r.document(), r.line(), r.column(),
                    String.format(Locale.ROOT, "element \"%s\" has more than %d attributes, the limit set by "
                            + "jdk.xml.elementAttributeLimit", qName, attributes));
        }
        checkName(r, r.getPrefix() == null ? "" : r.getPrefix());
        checkName(r, r.getLocalName());
    }

    /**
     * Refuses a part of a name longer than the limit. The schema's parser reported it as an entity too long, which its check
     * classified {@link XmlDocumentException.Reason#ENTITY_FORBIDDEN}; the reason is kept.
     */
    void checkName(SafeXmlReader r, String part) {
        if (name > 0 && part.length() > name) {
            throw new XmlDocumentException(XmlDocumentException.Reason.ENTITY_FORBIDDEN, r.document(), r.line(),
                    r.column(), String.format(Locale.ROOT, "a name of %d characters, beyond the limit %d set by "
                            + "jdk.xml.maxXMLNameLimit", part.length(), name));
        }
    }
}
