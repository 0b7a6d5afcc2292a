package org.lexsync.core.sitemap;

/**
 * The two Sitemap document formats (sitemaps.org protocol; ResourceSync §7): a {@code <urlset>} of
 * {@code <url>} entries, or a {@code <sitemapindex>} of {@code <sitemap>} entries pointing at other documents.
 */
public enum RootKind {
    URLSET("urlset", "url"),
    SITEMAPINDEX("sitemapindex", "sitemap");

    private final String rootName;
    private final String entryName;

    RootKind(String rootName, String entryName) {
        this.rootName = rootName;
        this.entryName = entryName;
    }

    /** Local name of the root element. */
    public String rootName() {
        return rootName;
    }

    /** Local name of the entry elements. */
    public String entryName() {
        return entryName;
    }

    /** The kind whose root element has this local name, or null. */
    public static RootKind fromRootName(String localName) {
        return switch (localName) {
            case "urlset" -> URLSET;
            case "sitemapindex" -> SITEMAPINDEX;
            default -> null;
        };
    }
}
