package org.lexsync.engine.model;

/** How many changes a harvest run created, updated, deleted, found unchanged and failed on. */
public record RunCounts(long created, long updated, long deleted, long unchanged, long failed) {
    public static final RunCounts ZERO = new RunCounts(0, 0, 0, 0, 0);

    public long total() {
        return created + updated + deleted + unchanged + failed;
    }

    public RunCounts plus(RunCounts o) {
        return new RunCounts(created + o.created, updated + o.updated, deleted + o.deleted,
                unchanged + o.unchanged, failed + o.failed);
    }
}
