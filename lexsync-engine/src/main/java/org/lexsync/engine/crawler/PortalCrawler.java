package org.lexsync.engine.crawler;

import java.net.URI;
import java.util.List;
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
     * Builds the document group of a fetched detail page that the listing rows {@code listed} named, their fields
     * merged with the page's (the page's win); does no I/O. A crawler that reads fields from rows may merge otherwise.
     *
     * @throws ExtractionException when a required field is missing
     */
    default DocumentGroup extract(Page detail, List<ListedItem> listed) {
        return RowRecords.merge(extract(detail), listed, RowSpec.Merge.DETAIL_WINS);
    }

    /**
     * The document group of a document the listing rows {@code listed} link directly (no detail page): their fields
     * as its metadata, its id the {@code id} field or else the document's URL.
     */
    default DocumentGroup group(URI document, List<ListedItem> listed) {
        return RowRecords.document(document, listed);
    }

    /**
     * The seed the listing page at {@code cursor} (null: the first) belongs to and its item selector, for redesign
     * detection across runs; null (the default) when the crawler does not say, and no such check is made.
     */
    default @Nullable ListingSeed listingSeed(@Nullable String cursor) {
        return null;
    }
}
