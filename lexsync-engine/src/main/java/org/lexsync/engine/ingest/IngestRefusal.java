package org.lexsync.engine.ingest;

import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.IngestError;

/** Why an upload was refused: carries the error to the one place that logs and answers it ({@link Ingestion#ingest}). */
final class IngestRefusal extends Exception {
    private static final long serialVersionUID = 1L;
    final transient IngestError error;

    IngestRefusal(IngestError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    /** Refuses with {@code error} when there is one. */
    static void refuseIf(@Nullable IngestError error) throws IngestRefusal {
        if (error != null) {
            throw new IngestRefusal(error);
        }
    }
}
