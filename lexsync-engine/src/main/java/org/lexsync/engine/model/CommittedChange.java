package org.lexsync.engine.model;

import java.util.Objects;

/**
 * One change of a {@link CommittedBatch}: the change as planned, and the journal row its commit added — the kind
 * the journal recorded (a planned update of a resource not held is recorded as created) and its sequence number —
 * or, when the store already held what the change promised, no row: {@code kind} null and {@code seq} 0.
 */
public record CommittedChange(PlannedChange change, ChangeKind kind, long seq) {

    public CommittedChange {
        Objects.requireNonNull(change, "change");
        if ((kind == null) != (seq == 0)) {
            throw new IllegalArgumentException("a journal row of " + change.resourceUri()
                    + " has a kind and a sequence number > 0, or neither; was " + kind + " / " + seq);
        }
    }

    /** True when the commit added no journal row: the store already held what the change promised. */
    public boolean unchanged() {
        return seq == 0;
    }

    /** The resource the change is about. */
    public String resourceUri() {
        return change.resourceUri();
    }
}
