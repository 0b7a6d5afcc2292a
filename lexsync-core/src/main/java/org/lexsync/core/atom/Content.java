package org.lexsync.core.atom;

import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.xml.XmlElement;

/**
 * An atom:content (RFC 4287 §4.1.3): either out-of-line ({@code src} resolved against xml:base, with
 * {@code rawSrc} as written; the rinfo profile puts the primary document here with {@code hash}, rinfo
 * §3.3.4) or inline ({@code text}, plus {@code elements} for XML and XHTML content, kept whole).
 * {@code attributes} keeps attributes not modelled here.
 */
public record Content(String type, String src, String rawSrc, String text, List<XmlElement> elements,
                      Digests hash, String leMd5, Map<QName, String> attributes) {

    public Content {
        text = text == null ? "" : text;
        elements = elements == null || elements.isEmpty() ? List.of() : List.copyOf(elements);
        hash = hash == null ? Digests.NONE : hash;
        attributes = attributes == null || attributes.isEmpty() ? Map.of() : Map.copyOf(attributes);
    }

    /** Out-of-line content pointing at an (absolute) {@code src}. */
    public static Content ofSrc(String type, String src, Digests hash) {
        return new Content(type, src, src, "", List.of(), hash, null, Map.of());
    }

    /** Inline text content. */
    public static Content ofText(String type, String text) {
        return new Content(type, null, null, text, List.of(), Digests.NONE, null, Map.of());
    }

    public boolean outOfLine() {
        return src != null;
    }

    /** The promised digests: {@code hash} plus an md5 from {@code le:md5} when {@code hash} has none. */
    public Digests digests() {
        return LinkDigests.merge(hash, leMd5);
    }
}
