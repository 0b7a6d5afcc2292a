package org.lexsync.engine.crawler;

import org.jspecify.annotations.Nullable;

/**
 * One portal's crawler (EUCases D2.1 §2): two functions, nothing else. The listing step reads one listing page from
 * a resumable cursor and names the detail pages on it and the cursor after it; the extract step turns one fetched
 * detail page into a document group. HTTP, politeness, sessions, change detection, deletions and the cursor's
 * safekeeping belong to the framework ({@link CrawlerHarvester}). Implementations are stateless between calls
 * (a resumed run starts from a cursor alone) and do no I/O except through the {@link CrawlSession}.
 */
public interface PortalCrawler {

    /**
     * Reads the listing page at {@code cursor} (null: the first) through {@code session}.
     *
     * @throws PageUnavailableException when the page cannot be fetched (the run stops, the cursor stays)
     */
    ListingPage list(@Nullable String cursor, CrawlSession session);

    /**
     * Builds the document group of a fetched detail page; does no I/O.
     *
     * @throws ExtractionException when a required field is missing (the sanity gate fails the run)
     */
    DocumentGroup extract(Page detail);

    /**
     * The seed the listing page at {@code cursor} (null: the first) belongs to and its item selector, for redesign
     * detection across runs; null (the default) when the crawler does not say, and no such check is made.
     */
    default @Nullable ListingSeed listingSeed(@Nullable String cursor) {
        return null;
    }
}
