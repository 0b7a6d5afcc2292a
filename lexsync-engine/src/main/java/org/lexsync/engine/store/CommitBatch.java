package org.lexsync.engine.store;

import java.util.List;
import java.util.Objects;

/**
 * Changes of one source committed in ONE transaction (DESIGN §4.2): their resource states in the
 * source's order, the small blobs they reference, the checkpoint reached once all of them are committed
 * (null leaves it where it is), and the run they belong to.
 */
public record CommitBatch(String sourceId, Long runId, List<ResourceWrite> writes, List<InlineBlob> inlineBlobs,
                          String checkpoint) {

    public CommitBatch {
        Objects.requireNonNull(sourceId, "sourceId");
        writes = List.copyOf(writes);
        inlineBlobs = inlineBlobs == null ? List.of() : List.copyOf(inlineBlobs);
    }
}
