package org.lexsync.engine.apply;

import org.lexsync.engine.model.PlannedChange;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.lexsync.engine.store.ItemFailures;

/**
 * The items a run retries on its own before the planner's changes (docs/architecture.md, invariant 6): skipped snapshot
 * items and quarantined items whose back-off is over, decoded from the change the applier stored with their failure.
 */
final class Retries {
    /** Items retried alone per run at most; the rest wait for the next run. */
    static final int PER_RUN = 10_000;

    private Retries() {
    }

    /** The due retries of {@code sourceId} ({@link ItemFailures#due}, at most {@link #PER_RUN}), then {@code then}. */
    static Iterator<PlannedChange> before(String sourceId, List<ItemFailures.Retry> due, Iterator<PlannedChange> then) {
        List<PlannedChange> retries = new ArrayList<>();
        for (ItemFailures.Retry r : due) {
            try {
                retries.add(RetryCodec.decode(sourceId, r.change()));
            } catch (RuntimeException e) {
                // a stored change this version cannot read: the source's own documents bring the item back
            }
        }
        if (retries.isEmpty()) {
            return then;
        }
        Iterator<PlannedChange> first = retries.iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return first.hasNext() || then.hasNext();
            }

            @Override
            public PlannedChange next() {
                if (first.hasNext()) {
                    return first.next();
                }
                if (!then.hasNext()) {
                    throw new NoSuchElementException();
                }
                return then.next();
            }
        };
    }
}
