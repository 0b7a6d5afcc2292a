package org.lexsync.engine.store;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Changes of one source committed in ONE transaction (docs/architecture.md, invariant 2): their resource states in the
 * source's order, the small blobs they reference, the checkpoint reached once all of them are committed
 * (null leaves it where it is), the run they belong to, and how many changes of the batch needed no write
 * at all (already current), which the run's counts include in the same transaction, and — for an ingested document
 * groups — their own state ({@link GroupWrite}), written in the same transaction (none otherwise). A batch of a lease
 * holder carries its {@link LeaseFence}: the store refuses the whole batch when the source's lease moved on (null: not
 * fenced, e.g. a tool writing without a lease).
 */
public record CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                          String checkpoint, int unchangedWithoutWrite, List<GroupWrite> groups,
                          @Nullable LeaseFence fence) {

    public CommitBatch {
        Objects.requireNonNull(sourceId, "sourceId");
        writes = List.copyOf(writes);
        inlineBlobs = inlineBlobs == null ? List.of() : List.copyOf(inlineBlobs);
        groups = groups == null ? List.of() : List.copyOf(groups);
        if (unchangedWithoutWrite < 0) {
            throw new IllegalArgumentException("unchangedWithoutWrite must be >= 0, was " + unchangedWithoutWrite);
        }
        if (fence != null && !fence.sourceId().equals(sourceId)) {
            throw new IllegalArgumentException("the fence of source " + fence.sourceId() + " cannot guard a batch of "
                    + sourceId);
        }
    }

    /** A batch not fenced by a lease. */
    public CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                       String checkpoint, int unchangedWithoutWrite, List<GroupWrite> groups) {
        this(sourceId, runId, writes, inlineBlobs, checkpoint, unchangedWithoutWrite, groups, null);
    }

    /** A batch without a document group. */
    public CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                       String checkpoint, int unchangedWithoutWrite) {
        this(sourceId, runId, writes, inlineBlobs, checkpoint, unchangedWithoutWrite, List.of());
    }

    /** A batch whose every change is a write. */
    public CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                       String checkpoint) {
        this(sourceId, runId, writes, inlineBlobs, checkpoint, 0);
    }
}
