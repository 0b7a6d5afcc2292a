package org.lexsync.engine.resourcesync;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Predicate;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.harvest.UriSet;

/**
 * After a repeated baseline (ResourceSync §5.2: a Destination may stay in sync by repeated baselines),
 * deletes the stored resources the new snapshot no longer lists: the Resource List or Dump is the whole
 * set of resources at its {@code at} (§10.2), so what is missing from it was deleted at the source.
 */
final class ExtraDeletesPlan extends Plan {
    private final HarvestStore store;
    private final String sourceId;
    private final UriSet seen;
    private final Predicate<String> excluded;
    private final java.util.function.Supplier<W3cDateTime> at;
    private Deque<String> extras;

    ExtraDeletesPlan(HarvestStore store, String sourceId, UriSet seen, Predicate<String> excluded,
                     java.util.function.Supplier<W3cDateTime> at) {
        this.store = store;
        this.sourceId = sourceId;
        this.seen = seen;
        this.excluded = excluded;
        this.at = at;
    }

    @Override
    protected PlannedChange compute() {
        if (extras == null) {
            extras = new ArrayDeque<>();
            store.forEachResource(sourceId, false, r -> {
                if (!seen.contains(r.uri()) && !excluded.test(r.uri())) {
                    extras.add(r.uri());
                }
            });
        }
        String uri = extras.poll();
        return uri == null ? null : PlannedChange.delete(sourceId, uri, at.get(), null).asUnordered();
    }
}
