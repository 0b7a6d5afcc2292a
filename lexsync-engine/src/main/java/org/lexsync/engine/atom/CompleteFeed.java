package org.lexsync.engine.atom;

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
 * Plans the collection of a complete feed (rinfo §5, §8.2; RFC 5005 §2 {@code fh:complete}): local
 * resources of the source missing from the feed are deleted, then entries newer than the stored original
 * timestamp are collected oldest first. Guards against the known trap of a complete feed that suddenly
 * lists far fewer entries than we hold: when more than {@code maxDeleteFraction} of the held resources
 * would be deleted, no deletion is planned and an error finding says why.
 */
final class CompleteFeed {

    /**
     * Deletions to make first, the youngest mark per id to collect, and whether deletions were refused
     * (then the feed must be read again next time even if unchanged).
     */
    record Plan(List<String> deletions, Map<String, Mark> selection, boolean refused) {
    }

    private CompleteFeed() {
    }

    static Plan plan(String sourceId, HarvestStore store, FeedPage page, double maxDeleteFraction, Findings findings,
                     HarvestListener listener) {
        Map<String, ItemKey> youngest = new HashMap<>();
        for (ItemKey k : page.items()) {
            ItemKey m = youngest.get(k.id());
            if (m == null || k.at().isAfter(m.at())) {
                youngest.put(k.id(), k);
            } else if (k.at().equals(m.at()) && k.deleted() != m.deleted()) {
                Ties.report(findings, page, k);   // rinfo §4.2: at a tie the tombstone wins
                if (k.deleted()) {
                    youngest.put(k.id(), k);
                }
            }
        }
        Map<String, ResourceState> states = store.resources(sourceId, youngest.keySet());
        Map<String, Mark> selection = new HashMap<>();
        for (ItemKey k : youngest.values()) {
            ResourceState s = states.get(k.id());
            boolean newer = s == null || s.sourceTimestamp() == null || s.sourceTimestamp().toInstant().isBefore(k.at());
            boolean wanted = k.deleted() ? s != null && s.active() && newer : s == null || !s.active() || newer;
            selection.put(k.id(), new Mark(k.at(), k.deleted(), !wanted));
        }
        Set<String> listed = new HashSet<>(youngest.keySet());
        List<String> deletions = new ArrayList<>();
        long[] held = {0};
        store.forEachResource(sourceId, false, r -> {
            held[0]++;
            if (!listed.contains(r.uri())) {
                deletions.add(r.uri());
            }
        });
        if (!deletions.isEmpty() && deletions.size() > maxDeleteFraction * held[0]) {
            String message = String.format(Locale.ROOT, "%s: complete feed lists %d entries but %d of the %d held"
                    + " resources are missing from it; more than %.0f%% would be deleted, so nothing is deleted"
                    + " (a truncated or broken feed is likelier than a mass withdrawal; rinfo §5, §8.2)",
                    page.url(), listed.size(), deletions.size(), held[0], maxDeleteFraction * 100);
            findings.error("rinfo:8.2/complete-shrink", message, page.header().line(), page.header().column());
            listener.note(message);
            return new Plan(List.of(), selection, true);
        }
        return new Plan(deletions, selection, false);
    }
}
