package org.lexsync.engine.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One row of the crawler log (EUCases D2.1 §3.2, "Writing information in the CrawlerLog table"): when, from where,
 * which crawler and group, the operation, the ZIP's length, the outcome ({@code accepted}, {@code unchanged},
 * {@code rejected}) with the error's class and message, and the journal rows the upload added.
 */
public record IngestLogEntry(long id, Instant at, @Nullable String remote, @Nullable String crawler,
                             @Nullable String groupId, @Nullable String operation, long zipLength, String outcome,
                             @Nullable String errorClass, @Nullable String message, int changes) {

    /** True when the upload was accepted or was an identical re-send. */
    public boolean success() {
        return !"rejected".equals(outcome);
    }
}
