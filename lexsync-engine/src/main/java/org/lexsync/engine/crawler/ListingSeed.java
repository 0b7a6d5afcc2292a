package org.lexsync.engine.crawler;

import java.util.Objects;

/**
 * Which listing seed a listing page belongs to and the selector its items are read with, so that a seed that
 * listed items in the previous complete crawl and lists none now (a portal redesign) fails the run with a finding
 * naming both ({@link PortalCrawler#listingSeed}).
 *
 * @param key      the seed, stable across runs of one configuration (e.g. {@code seeds[0] acts?page={page}})
 * @param selector the selector that finds its items (e.g. {@code css: ul.results a})
 */
public record ListingSeed(String key, String selector) {
    public ListingSeed {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(selector, "selector");
    }
}
