package org.lexsync.core.sitemap;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;

/**
 * An {@code rs:ln} element (ResourceSync §7, Table 3): a link from a document (up, index, describedby) or
 * from an entry to a related resource (duplicate, alternate, memento, contents, ...). Attributes the spec
 * does not define are kept in {@code otherAttributes}. {@code hash} is never null.
 */
public record RsLink(String rel, String href, Integer pri, String type, Long length, Digests hash,
                     W3cDateTime modified, String path, String encoding, Map<QName, String> otherAttributes) {

    public RsLink {
        hash = hash == null ? Digests.NONE : hash;
        otherAttributes = otherAttributes == null || otherAttributes.isEmpty() ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(otherAttributes));
    }

    /** A link with only a relation and a target. */
    public static RsLink of(String rel, String href) {
        return new RsLink(rel, href, null, null, null, Digests.NONE, null, null, null, Map.of());
    }

    public RsLink withType(String value) {
        return new RsLink(rel, href, pri, value, length, hash, modified, path, encoding, otherAttributes);
    }

    public RsLink withPri(Integer value) {
        return new RsLink(rel, href, value, type, length, hash, modified, path, encoding, otherAttributes);
    }

    public RsLink withLength(Long value) {
        return new RsLink(rel, href, pri, type, value, hash, modified, path, encoding, otherAttributes);
    }

    public RsLink withHash(Digests value) {
        return new RsLink(rel, href, pri, type, length, value, modified, path, encoding, otherAttributes);
    }

    public RsLink withModified(W3cDateTime value) {
        return new RsLink(rel, href, pri, type, length, hash, value, path, encoding, otherAttributes);
    }

    public RsLink withPath(String value) {
        return new RsLink(rel, href, pri, type, length, hash, modified, value, encoding, otherAttributes);
    }

    public RsLink withEncoding(String value) {
        return new RsLink(rel, href, pri, type, length, hash, modified, path, value, otherAttributes);
    }

    /** This link with one more attribute outside the ResourceSync set. */
    public RsLink withAttribute(QName name, String value) {
        Map<QName, String> copy = new LinkedHashMap<>(otherAttributes);
        copy.put(name, value);
        return new RsLink(rel, href, pri, type, length, hash, modified, path, encoding, copy);
    }
}
