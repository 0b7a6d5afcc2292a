package org.lexsync.engine.model;

import java.util.List;
import java.util.Objects;

/**
 * What one committed transaction of the applier held, as told to a {@link CommitListener}: the source, the run,
 * every change the batch settled in commit order (the planner's order) — those that added a journal row with its
 * sequence number, and those the store already held (no row, {@link CommittedChange#unchanged()}) — and the
 * checkpoint the transaction stored (null when it stored none). Failed changes are never in a batch.
 */
public record CommittedBatch(String sourceId, long runId, List<CommittedChange> changes, String checkpoint) {

    public CommittedBatch {
        Objects.requireNonNull(sourceId, "sourceId");
        changes = List.copyOf(changes);
    }

    /** The lowest journal sequence number the batch added, 0 when it added none. */
    public long firstSeq() {
        for (CommittedChange c : changes) {
            if (!c.unchanged()) {
                return c.seq();
            }
        }
        return 0;
    }

    /** The highest journal sequence number the batch added, 0 when it added none. */
    public long lastSeq() {
        for (int i = changes.size() - 1; i >= 0; i--) {
            if (!changes.get(i).unchanged()) {
                return changes.get(i).seq();
            }
        }
        return 0;
    }
}
