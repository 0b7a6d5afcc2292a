package org.lexsync.engine.store;

import java.time.Instant;

/**
 * Who holds a source's lease (docs/architecture.md, "Concurrency"): the holder's process id and host, since when
 * it holds the source and when the lease runs out unless renewed. Read with {@link SourceLeases#holder(String)}.
 */
public record LeaseHolder(String sourceId, long pid, String host, Instant since, Instant expires) {
}
