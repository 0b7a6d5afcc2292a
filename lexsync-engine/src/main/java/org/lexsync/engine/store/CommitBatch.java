package org.lexsync.engine.store;

import java.util.List;
import java.util.Objects;

/**
 * Changes of one source committed in ONE transaction (docs/architecture.md, invariant 2): their resource states in the
 * source's order, the small blobs they reference, the checkpoint reached once all of them are committed
 * (null leaves it where it is), the run they belong to, and how many changes of the batch needed no write
 * at all (already current), which the run's counts include in the same transaction.
 */
public record CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                          String checkpoint, int unchangedWithoutWrite) {

    public CommitBatch {
        Objects.requireNonNull(sourceId, "sourceId");
        writes = List.copyOf(writes);
        inlineBlobs = inlineBlobs == null ? List.of() : List.copyOf(inlineBlobs);
        if (unchangedWithoutWrite < 0) {
            throw new IllegalArgumentException("unchangedWithoutWrite must be >= 0, was " + unchangedWithoutWrite);
        }
    }

    /** A batch whose every change is a write. */
    public CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                       String checkpoint) {
        this(sourceId, runId, writes, inlineBlobs, checkpoint, 0);
    }
}
