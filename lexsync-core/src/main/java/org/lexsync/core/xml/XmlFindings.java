package org.lexsync.core.xml;

import java.util.Locale;

/** Findings about a document's XML itself that every reader reports the same way. */
public final class XmlFindings {
    /** Rule of {@link #undeclaredEncoding}: XML 1.0 §4.3.3 (no encoding named, so UTF-8; it was not). */
    public static final String UNDECLARED_ENCODING = "xml-1.0:4.3.3/encoding";

    private XmlFindings() {
    }

    /** The message for a document read with {@link SafeXmlReader#assumedEncoding()}. */
    public static String undeclaredEncoding(SafeXmlReader r) {
        return String.format(Locale.ROOT, "%s names no encoding and is not UTF-8 (XML 1.0 §4.3.3); read as %s",
                r.document(), r.assumedEncoding().name());
    }
}
