package org.lexsync.engine;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.apply.PlannedState;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.ResourceState;

/**
 * The applier's judgement for a dry run ({@link LexSync#plan}): whether a planned change would change anything, so
 * that a front end reports "unchanged" exactly when a real run would. A static helper: it needs no store.
 */
public final class DryRuns {
    private DryRuns() {
    }

    /**
     * True when applying {@code change} would leave {@code current} (null: not stored) as it is, judged without a
     * fetch by the applier's own rule.
     */
    public static boolean unchangedBy(PlannedChange change, @Nullable ResourceState current) {
        return PlannedState.unchanged(change, current);
    }
}
