package org.lexsync.engine.crawler;

/**
 * Makes a Java {@link PortalCrawler} known by name, so that {@code crawler: {java: NAME}} in {@code lexsync.yaml}
 * runs it: found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/org.lexsync.engine.crawler.PortalCrawlerFactory}); needs a public no-argument constructor.
 */
public interface PortalCrawlerFactory {

    /** The name a source uses, e.g. {@code fixture-search}. */
    String name();

    /** A new crawler for the portal at {@code home} (the source's URL). */
    PortalCrawler create(java.net.URI home);
}
