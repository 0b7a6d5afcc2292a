package org.lexsync.engine.model;

/**
 * What forwarding a crawl's changes into an outbox came to (docs/architecture.md, "Ingestion"): the document groups
 * added, and the documents left out because EUCases D2.1 Appendix I lists no such format (e.g. a Word file).
 */
public record ForwardedGroups(int groups, int documentsLeftOut) {
}
