package org.lexsync.core.sitemap;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.lexsync.core.xml.XmlElement;

/**
 * Everything a Sitemap or ResourceSync document says before its first entry: the root kind, the root
 * {@code rs:md} (null when absent, as in plain sitemaps) and {@code rs:ln} links (ResourceSync §7), the
 * root's attributes other than namespace declarations (e.g. the ELI Sitemap's {@code dct:relation}), the
 * namespaces declared on the root (prefix to URI; "" is the default namespace), and elements of other
 * namespaces that precede the first entry. {@code line}/{@code column} locate the root start tag.
 */
public record SitemapHeader(RootKind kind, RsMetadata md, List<RsLink> links, Map<QName, String> attributes,
                            Map<String, String> namespaces, List<XmlElement> foreign, int line, int column) {

    public SitemapHeader {
        if (kind == null) {
            throw new IllegalArgumentException("kind must not be null");
        }
        links = links == null ? List.of() : List.copyOf(links);
        attributes = attributes == null || attributes.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        namespaces = namespaces == null || namespaces.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(namespaces));
        foreign = foreign == null ? List.of() : List.copyOf(foreign);
    }

    /** A plain sitemap header (no ResourceSync elements). */
    public static SitemapHeader of(RootKind kind) {
        return new SitemapHeader(kind, null, List.of(), Map.of(), Map.of(), List.of(), 0, 0);
    }

    /** A ResourceSync header with a root {@code rs:md} and links. */
    public static SitemapHeader of(RootKind kind, RsMetadata md, List<RsLink> links) {
        return new SitemapHeader(kind, md, links, Map.of(), Map.of(), List.of(), 0, 0);
    }

    public SitemapHeader withAttributes(Map<QName, String> value) {
        return new SitemapHeader(kind, md, links, value, namespaces, foreign, line, column);
    }

    public SitemapHeader withNamespaces(Map<String, String> value) {
        return new SitemapHeader(kind, md, links, attributes, value, foreign, line, column);
    }

    public SitemapHeader withForeign(List<XmlElement> value) {
        return new SitemapHeader(kind, md, links, attributes, namespaces, value, line, column);
    }

    /** True when the document uses the ResourceSync extension on its root (an rs:md or rs:ln). */
    public boolean isResourceSync() {
        return md != null || !links.isEmpty();
    }

    /** True for a {@code <sitemapindex>} document. */
    public boolean isIndex() {
        return kind == RootKind.SITEMAPINDEX;
    }

    /** The typed capability of the document, or null (plain sitemap, missing or unknown value). */
    public Capability capability() {
        return md == null ? null : md.capabilityValue();
    }

    /** The first root link with this relation, or null. */
    public RsLink link(String rel) {
        for (RsLink l : links) {
            if (rel.equals(l.rel())) {
                return l;
            }
        }
        return null;
    }
}
