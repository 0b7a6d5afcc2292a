package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Instant;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.time.W3cDateTime;

/**
 * One row of the append-only change journal (docs/architecture.md, "Core model": the change), ordered by the global {@code
 * seq}.
 */
public record JournalEntry(long seq, String sourceId, String resourceUri, ChangeKind kind,
                           @Nullable W3cDateTime sourceTimestamp, Instant collected, Digests checksums, @Nullable Long runId) {
}
