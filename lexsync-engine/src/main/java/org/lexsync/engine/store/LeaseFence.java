package org.lexsync.engine.store;

import java.util.Objects;

/**
 * What a lease holder's writes carry so that the store can refuse them once the lease moved on (docs/architecture.md,
 * "Concurrency", the fence): the source and the epoch of the holder's lease. Every acquisition and takeover gives a
 * new, higher epoch. Obtain from {@link SourceLease#fence()}.
 */
public record LeaseFence(String sourceId, long epoch) {
    public LeaseFence {
        Objects.requireNonNull(sourceId, "sourceId");
    }
}
