package org.lexsync.core.sitemap;

import java.util.List;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.xml.XmlElement;

/**
 * One {@code <url>} (urlset) or {@code <sitemap>} (sitemapindex) entry, as planners consume them one at a
 * time (sitemaps.org protocol; ResourceSync §7). {@code loc} is the trimmed text as written (it may be
 * relative or odd; validators report that) and null only when the entry has none. {@code lastmod} is the
 * parsed value (null when absent or unparseable) and {@code lastmodText} the text as written. {@code md} is
 * null when the entry has no {@code rs:md}; {@code foreign} holds elements of other namespaces (ELI, Dublin
 * Core, ...). {@code line}/{@code column} locate the entry's start tag (0 when built in code).
 */
public record SitemapEntry(String loc, W3cDateTime lastmod, String lastmodText, String changefreq, Double priority,
                           RsMetadata md, List<RsLink> links, List<XmlElement> foreign, int line, int column) {

    public SitemapEntry {
        links = links == null ? List.of() : List.copyOf(links);
        foreign = foreign == null ? List.of() : List.copyOf(foreign);
    }

    /** An entry with only a location. */
    public static SitemapEntry of(String loc) {
        return new SitemapEntry(loc, null, null, null, null, null, List.of(), List.of(), 0, 0);
    }

    /** This entry with a last modification time (its text becomes the canonical W3C form). */
    public SitemapEntry withLastmod(W3cDateTime value) {
        return new SitemapEntry(loc, value, value == null ? null : value.toString(), changefreq, priority, md, links,
                foreign, line, column);
    }

    public SitemapEntry withChangefreq(String value) {
        return new SitemapEntry(loc, lastmod, lastmodText, value, priority, md, links, foreign, line, column);
    }

    public SitemapEntry withPriority(Double value) {
        return new SitemapEntry(loc, lastmod, lastmodText, changefreq, value, md, links, foreign, line, column);
    }

    public SitemapEntry withMd(RsMetadata value) {
        return new SitemapEntry(loc, lastmod, lastmodText, changefreq, priority, value, links, foreign, line, column);
    }

    public SitemapEntry withLinks(List<RsLink> value) {
        return new SitemapEntry(loc, lastmod, lastmodText, changefreq, priority, md, value, foreign, line, column);
    }

    public SitemapEntry withForeign(List<XmlElement> value) {
        return new SitemapEntry(loc, lastmod, lastmodText, changefreq, priority, md, links, value, line, column);
    }

    /** The {@code rs:md} of this entry, or {@link RsMetadata#EMPTY} when it has none. */
    public RsMetadata mdOrEmpty() {
        return md == null ? RsMetadata.EMPTY : md;
    }

    /** The typed change of this entry ({@code rs:md/@change}), or null. */
    public ChangeType change() {
        return md == null ? null : md.changeType();
    }

    /**
     * The time this entry is ordered by in change documents: {@code rs:md/@datetime} (ResourceSync v1.1)
     * when present, else {@code lastmod} (ResourceSync §12.1); null when neither is known.
     */
    public W3cDateTime changeTime() {
        if (md != null && md.datetime() != null) {
            return md.datetime();
        }
        return lastmod;
    }

    /** The first link with this relation, or null. */
    public RsLink link(String rel) {
        for (RsLink l : links) {
            if (rel.equals(l.rel())) {
                return l;
            }
        }
        return null;
    }
}
