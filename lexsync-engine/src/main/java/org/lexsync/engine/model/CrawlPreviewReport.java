package org.lexsync.engine.model;

import java.util.List;

/**
 * What a crawler's listing or detail step extracts from a saved page, for {@code lexsync crawl SOURCE --preview FILE}
 * (docs/crawlers.md, "Preview on a saved page"): the lines to print, and how many of them warn of a required field
 * that matched nothing.
 */
public record CrawlPreviewReport(List<String> lines, int warnings) {
    public CrawlPreviewReport {
        lines = List.copyOf(lines);
    }
}
