package org.lexsync.core.atom;

import java.util.Map;
import java.util.Objects;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digests;

/**
 * An atom:link (RFC 4287 §4.2.7) with the Atom Link Extensions attributes ({@code hash}, {@code modified};
 * {@code length} is RFC 4287's own) and the obsolete {@code le:md5} (rinfo §3.3.6). {@code href} is
 * resolved against xml:base and the document URL (RFC 4287 §2, XML Base); {@code rawHref} is as written.
 * {@code rel} is null when absent, which means "alternate" (§4.2.7.2, see {@link #relOrDefault()}).
 * {@code attributes} keeps every other attribute (e.g. {@code dct:isFormatOf}, rinfo §3.3.7).
 */
public record Link(String rel, String href, String rawHref, String type, String hreflang, String title,
                   Long length, Digests hash, String leMd5, AtomDate modified, Map<QName, String> attributes) {

    public Link {
        Objects.requireNonNull(href, "href");
        Objects.requireNonNull(rawHref, "rawHref");
        hash = hash == null ? Digests.NONE : hash;
        attributes = attributes == null || attributes.isEmpty() ? Map.of() : Map.copyOf(attributes);
    }

    /** A link with only a relation and an (absolute) href. */
    public static Link of(String rel, String href) {
        return new Link(rel, href, href, null, null, null, null, Digests.NONE, null, null, Map.of());
    }

    /** The relation, with RFC 4287's default "alternate" when the attribute is absent. */
    public String relOrDefault() {
        return rel == null ? "alternate" : rel;
    }

    /**
     * True when this link has relation {@code name} (default applied; RFC 4287 relation names are
     * case-sensitive). RFC 4287 §4.2.7.2: a registered name is equivalent to the IRI made by appending it to
     * {@value #IANA_RELATIONS}, which some publishers write.
     */
    public boolean is(String name) {
        String r = relOrDefault();
        return r.equals(name) || r.length() == IANA_RELATIONS.length() + name.length() && r.endsWith(name)
                && r.startsWith(IANA_RELATIONS);
    }

    /** The prefix of registered link relations as IRIs (RFC 4287 §4.2.7.2). */
    public static final String IANA_RELATIONS = "http://www.iana.org/assignments/relation/";

    /** The promised digests: {@code hash} plus an md5 from {@code le:md5} when {@code hash} has none. */
    public Digests digests() {
        return LinkDigests.merge(hash, leMd5);
    }

    /** An attribute kept in {@link #attributes()} ("" namespace for unqualified ones), or null. */
    public String attribute(String namespace, String localName) {
        return attributes.get(new QName(namespace == null ? "" : namespace, localName));
    }

    /** {@code dct:isFormatOf} (rinfo §3.3.7: the identifier of an enclosed attachment), or null. */
    public String isFormatOf() {
        return attribute(AtomNs.DCT, "isFormatOf");
    }
}
