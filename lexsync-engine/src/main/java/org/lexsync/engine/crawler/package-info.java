/**
 * Portal crawlers (EUCases D2.1, §1.3.2, §2, §3.3): a crawler only lists ({@link org.lexsync.engine.crawler.PortalCrawler#list})
 * and extracts ({@link org.lexsync.engine.crawler.PortalCrawler#extract}); the framework — {@link
 * org.lexsync.engine.crawler.CrawlerHarvester}, the {@code crawler} protocol of the harvest SPI — fetches politely through
 * the shared fetcher (forms, a cookie jar per run, a charset override), keeps the listing cursor with each commit, detects
 * changes by MD5 through the applier (Add, Upd, None) and deletes only on an explicit signal (404/410 on re-fetch, or a
 * removal listing). {@link org.lexsync.engine.crawler.GenericCrawler} is the crawler a {@code crawler:} definition in
 * {@code lexsync.yaml} describes (docs/architecture.md, "Crawlers").
 */
@NullMarked
package org.lexsync.engine.crawler;

import org.jspecify.annotations.NullMarked;
