package org.lexsync.engine.atom;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.harvest.HarvestStore;

/**
 * The backward walk of rinfo §8.3: from the subscription document along prev-archive, each page's items
 * youngest first, noting per id the youngest timestamp (updated or deleted), until the first id+timestamp
 * pair already collected — matched on id AND timestamp AND kind against the store's state of the
 * resource, never on the id alone. Items sharing that pair's timestamp are still examined, since the
 * order of equal timestamps is arbitrary. The walk checks the chain as it goes (a cycle, a missing
 * archive, or a page with items newer than the page walked before it throws {@link ArchiveChainException},
 * and nothing is collected: no gap can open, rinfo §8.1).
 */
final class ArchiveWalk {
    private final String sourceId;
    private final HarvestStore store;
    private final PageReader reader;
    private final HarvestListener listener;
    private final Map<String, Mark> youngest = new HashMap<>();
    private final List<FeedPage> newestFirst = new ArrayList<>();
    private Instant stopAt;
    private Findings findings;

    ArchiveWalk(String sourceId, HarvestStore store, PageReader reader, HarvestListener listener) {
        this.sourceId = sourceId;
        this.store = store;
        this.reader = reader;
        this.listener = listener;
    }

    /** The pages walked, oldest first, and the youngest mark per id. The caller deletes the pages' files. */
    record Result(List<FeedPage> pagesOldestFirst, Map<String, Mark> selection, boolean reachedCollected) {
    }

    /**
     * Walks back from {@code subscription}. On an {@link ArchiveChainException} the pages read so far are
     * deleted before it propagates.
     */
    Result walk(FeedPage subscription, Findings findings) {
        this.findings = findings;
        try {
            FeedPage page = subscription;
            Set<URI> visited = new HashSet<>();
            visited.add(normalise(subscription.url()));
            Instant newerOldest = null;
            while (true) {
                if (newerOldest != null && page.newest() != null && page.newest().isAfter(newerOldest)) {
                    newestFirst.add(page);
                    throw new ArchiveChainException(page.url(), ArchiveChainException.Problem.OUT_OF_ORDER, 0,
                            String.format(Locale.ROOT, "holds an item of %s, newer than the oldest item (%s) of the"
                                    + " newer document %s (rinfo §3.2, §8.3)", page.newest(), newerOldest,
                                    newestFirst.get(newestFirst.size() - 2).url()));
                }
                newestFirst.add(page);
                String feedId = subscription.header().id();
                if (page != subscription && feedId != null && !feedId.equals(page.header().id())) {
                    findings.error("rinfo:7.1/feed-id", String.format(Locale.ROOT, "%s: feed id %s differs from %s,"
                            + " the id of the subscription document (all documents of a feed share it)", page.url(),
                            page.header().id(), feedId), page.header().line(), page.header().column());
                }
                if (page != subscription) {
                    unmarkedArchive(page, newestFirst.get(newestFirst.size() - 2));
                }
                boolean done = examine(page);
                if (page.oldest() != null) {
                    newerOldest = newerOldest == null || page.oldest().isBefore(newerOldest) ? page.oldest() : newerOldest;
                }
                if (done) {
                    break;
                }
                String prev = page.header().links().href("prev-archive");
                if (prev == null) {
                    pagedNotArchived(page);
                    break;
                }
                URI prevUrl;
                try {
                    prevUrl = URI.create(prev);
                } catch (IllegalArgumentException e) {
                    throw new ArchiveChainException(page.url(), ArchiveChainException.Problem.MISSING, 0,
                            "prev-archive link is not a URI: " + prev);
                }
                if (!visited.add(normalise(prevUrl))) {
                    throw new ArchiveChainException(prevUrl, ArchiveChainException.Problem.CYCLE, 0,
                            "prev-archive of " + page.url() + " leads back to a document already walked");
                }
                listener.note("following prev-archive to " + prevUrl);
                page = reader.archive(prevUrl);
            }
            List<FeedPage> oldestFirst = new ArrayList<>(newestFirst);
            java.util.Collections.reverse(oldestFirst);
            return new Result(oldestFirst, youngest, stopAt != null);
        } catch (RuntimeException e) {
            newestFirst.forEach(FeedPage::delete);
            throw e;
        }
    }

    /** Notes the page's items youngest first; true when the walk has reached what is already collected. */
    private boolean examine(FeedPage page) {
        List<ItemKey> items = new ArrayList<>(page.items());
        items.sort(ItemKey.NEWEST_FIRST);
        Map<String, ResourceState> states = store.resources(sourceId, items.stream().map(ItemKey::id).toList());
        for (ItemKey k : items) {
            if (stopAt != null && k.at().isBefore(stopAt)) {
                return true;
            }
            boolean collected = collected(states.get(k.id()), k);
            Mark m = youngest.get(k.id());
            if (m == null || k.at().isAfter(m.at())) {
                youngest.put(k.id(), new Mark(k.at(), k.deleted(), collected));
            } else if (Ties.tombstoneWins(m, k)) {
                youngest.put(k.id(), new Mark(k.at(), true, collected));
                Ties.report(findings, page, k);
            } else if (Ties.tied(m, k)) {
                Ties.report(findings, page, k);
            }
            if (collected && stopAt == null) {
                stopAt = k.at();
            }
        }
        // every item of this page is at or after the stop: an older page may still share its timestamp
        return stopAt != null && page.oldest() != null && page.oldest().isBefore(stopAt);
    }

    /**
     * A document reached by prev-archive without {@code fh:archive} (RFC 5005 §4: archives SHOULD carry it)
     * is read as the archive it is linked as; noted unless the validator already reported it (it does when
     * the document links to a newer archive or the current feed).
     */
    private void unmarkedArchive(FeedPage page, FeedPage newer) {
        var h = page.header();
        if (h.archive() || h.links().href("next-archive") != null || h.links().href("current") != null) {
            return;
        }
        findings.warning("atom:rfc5005-4/fh-archive", String.format(Locale.ROOT, "%s: reached by prev-archive from"
                + " %s but not marked fh:archive; read as an archive (RFC 5005 §4, rinfo §6)", page.url(), newer.url()),
                h.line(), h.column());
    }

    /**
     * A document at the end of the walk that links rel="next"/"previous" (RFC 5005 §3 paged feeds) but has no
     * prev-archive: paging carries no completeness guarantee and the rinfo method follows prev-archive only
     * (§6, §8.3), so the other pages are not collected; said, so the publisher can be told.
     */
    private void pagedNotArchived(FeedPage page) {
        var links = page.header().links();
        String other = links.href("next") != null ? "next" : links.href("previous") != null ? "previous" : null;
        if (other != null) {
            findings.warning("rinfo:6/paged-not-archived", String.format(Locale.ROOT, "%s: links rel=\"%s\" (a paged"
                    + " feed, RFC 5005 §3) but has no prev-archive; only the archive chain is collected (rinfo §6, §8.3)",
                    page.url(), other), page.header().line(), page.header().column());
        }
    }

    /** True when the store holds exactly this pair: same kind (active entry or tombstone) and same instant. */
    static boolean collected(ResourceState state, ItemKey k) {
        if (state == null || state.sourceTimestamp() == null) {
            return false;
        }
        return state.active() != k.deleted() && state.sourceTimestamp().toInstant().equals(k.at());
    }

    private static URI normalise(URI u) {
        return u.normalize();
    }
}
