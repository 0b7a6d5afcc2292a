package org.lexsync.engine.crawler;

import java.util.List;
import java.util.ServiceLoader;

/** The Java crawlers on the class path, by name ({@link PortalCrawlerFactory}). */
public final class PortalCrawlers {

    private PortalCrawlers() {
    }

    /** The names of the registered Java crawlers, sorted. */
    public static List<String> names() {
        return ServiceLoader.load(PortalCrawlerFactory.class).stream().map(p -> p.get().name()).sorted().toList();
    }

    /**
     * A new crawler of that name for the portal at {@code home}.
     *
     * @throws IllegalArgumentException when none is registered under it
     */
    public static PortalCrawler create(String name, java.net.URI home) {
        for (PortalCrawlerFactory f : ServiceLoader.load(PortalCrawlerFactory.class)) {
            if (f.name().equals(name)) {
                return f.create(home);
            }
        }
        throw new IllegalArgumentException("no Java crawler named '" + name + "' (registered: "
                + String.join(", ", names()) + ")");
    }
}
