package org.lexsync.core.atom;

import org.lexsync.core.findings.Findings;

/**
 * Checks the chronology of an archived feed across its documents, walked as a collector walks it: the
 * subscription document first, then each prev-archive (RFC 5005 §4). No item in an older document may be
 * newer than the oldest item of the document walked before it, or a collector that stops at the first
 * item it already has would skip it (rinfo §8.3: "so that no younger entries exist further back in the
 * archives"; §3.2: changes are timestamped chronologically). Order inside one document is free (rinfo §7.1,
 * item 6). All documents of one feed share its feed id (rinfo §7.1, item 1). Keeps two timestamps and the
 * feed id, never the items.
 */
public final class ArchiveOrder {
    private final Findings findings = new Findings();
    private String document;
    private AtomDate newerOldest;
    private String newerDocument;
    private AtomDate oldest;
    private String feedId;

    /**
     * Starts the next (older) document of the walk with its header, also checking that it carries the
     * feed id of the first document.
     */
    public ArchiveOrder startPage(String pageDocument, AtomFeed header) {
        startPage(pageDocument);
        String id = header.id();
        if (feedId == null) {
            feedId = id;
        } else if (id != null && !id.equals(feedId)) {
            findings.error("rinfo:7.1/feed-id", pageDocument + ": feed id " + id + " differs from " + feedId
                    + ", the id of the first document", header.line(), header.column());
        }
        return this;
    }

    /** Starts the next (older) document of the walk. */
    public ArchiveOrder startPage(String pageDocument) {
        if (document != null && oldest != null) {
            if (newerOldest == null || oldest.isBefore(newerOldest)) {
                newerOldest = oldest;
                newerDocument = document;
            }
        }
        document = pageDocument;
        oldest = null;
        return this;
    }

    /** One entry or tombstone of the current document. */
    public ArchiveOrder item(FeedItem item) {
        if (document == null) {
            throw new IllegalStateException("startPage() first");
        }
        AtomDate t = item.timestamp();
        if (t == null || !t.ok()) {
            return this;
        }
        if (newerOldest != null && newerOldest.isBefore(t)) {
            findings.error("rinfo:8.3/archive-order", String.format(java.util.Locale.ROOT,
                    "%s: item %s (%s) is newer than the oldest item (%s) of the newer document %s", document,
                    item.id(), t.raw(), newerOldest.raw(), newerDocument), item.line(), item.column());
        }
        if (oldest == null || t.isBefore(oldest)) {
            oldest = t;
        }
        return this;
    }

    public Findings findings() {
        return findings;
    }
}
