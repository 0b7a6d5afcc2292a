package org.lexsync.engine.apply;

import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.PlannedChange;
import java.util.List;
import org.lexsync.engine.store.InlineBlob;
import org.lexsync.engine.store.ResourceWrite;

/** What a worker made of one planned change, waiting for its turn to commit. */
sealed interface Prepared {

    PlannedChange change();

    /** Verified and durable (file blobs written; small blobs travel inline): ready to commit. */
    record Ready(PlannedChange change, ResourceWrite write, List<InlineBlob> inlineBlobs, long inlineBytes)
            implements Prepared {
    }

    /** The stored state already equals what the source promises: nothing to fetch or write. */
    record Unchanged(PlannedChange change) implements Prepared {
    }

    /** Could not be applied in this run. */
    record Failed(PlannedChange change, ChangeFailure failure) implements Prepared {
    }
}
