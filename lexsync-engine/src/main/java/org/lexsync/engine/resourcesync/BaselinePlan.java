package org.lexsync.engine.resourcesync;

import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.harvest.UriSet;

/**
 * A plan that reads a snapshot of a whole capability set, a Resource List (§10) or a Resource Dump (§11): what
 * the harvester needs of it afterwards is the snapshot time incremental synchronisation starts from, and the URIs it
 * listed, so that a repeated baseline can delete what it no longer lists (§10.2).
 */
sealed interface BaselinePlan permits ResourceListPlan, DumpPlan {
    /** The snapshot time ({@code at}), known once planning started; may be null. */
    W3cDateTime at();

    /** The resource URIs the snapshot listed (excluded ones included). */
    UriSet seen();

    /**
     * The baseline plan of one set once the lazily built chain has reached it (plans are built in order, so a later
     * part of the chain reads what an earlier one planned); empty while not built or when the set has no baseline.
     */
    final class Slot {
        private BaselinePlan plan;

        /** Remembers {@code p} as the set's baseline and hands it to the chain. */
        <P extends Plan & BaselinePlan> Plan fill(P p) {
            plan = p;
            return p;
        }

        /** The baseline built, or null. */
        BaselinePlan get() {
            return plan;
        }
    }
}
