package org.lexsync.engine.model;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.time.W3cDateTime;

/**
 * What the store holds of one source, for the operator's overview: its active resources and the newest source
 * timestamp among them (the publisher's own time of its latest change we hold; null when none states one), from
 * which the overview reads how far behind the source the copy may be.
 */
public record SourceHoldings(String sourceId, long active, @Nullable W3cDateTime newestSourceTimestamp) {
    public SourceHoldings {
        Objects.requireNonNull(sourceId, "sourceId");
    }
}
