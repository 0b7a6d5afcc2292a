package org.lexsync.core.sitemap;

/** The XML namespaces of Sitemaps 0.9 and of the ResourceSync extension elements (ResourceSync §4). */
public final class SitemapNamespaces {
    /** Sitemaps 0.9 (sitemaps.org protocol). */
    public static final String SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9";
    /** ResourceSync terms, bound to the prefix {@code rs} in the spec (ResourceSync §4). */
    public static final String RS = "http://www.openarchives.org/rs/terms/";

    private SitemapNamespaces() {
    }
}
