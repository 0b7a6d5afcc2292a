package org.lexsync.engine.apply;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.ResourceState;

/**
 * Tells, without fetching anything, whether applying a planned change would leave the stored resource as it
 * is — the applier's own no-fetch rule ({@link ChangePreparer}), shared so a dry run reports "unchanged"
 * exactly when the real run would.
 */
public final class PlannedState {

    private PlannedState() {
    }

    /** True when {@code current} is active and the change promises its source timestamp and every file's digest. */
    public static boolean unchanged(PlannedChange change, @Nullable ResourceState current) {
        return current != null && current.active() && !change.isDelete()
                && ChangePreparer.promisesCurrentState(change, current);
    }
}
