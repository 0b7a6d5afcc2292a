package org.lexsync.engine.model;

import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.LexsyncException;

/**
 * A write of a lease holder was refused because the source's lease moved on (docs/architecture.md, "Concurrency",
 * the fence): the holder stalled past its lease (a GC pause, a frozen process) and another holder took the source
 * over, so the epoch the stale holder carries is no longer the lease's. Nothing of the refused write was stored. Names
 * the source, the stale epoch and who holds the source now (null when nobody does).
 */
public final class FencedException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    /** The finding rule a harvest stopped by the fence is recorded with. */
    public static final String RULE = "lexsync:fenced";

    private final String sourceId;
    private final long staleEpoch;
    private final @Nullable String currentHolder;

    /**
     * @param currentHolder who holds the lease now, e.g. {@code "process 42@host (epoch 7)"}; null when nobody does
     */
    public FencedException(String sourceId, long staleEpoch, @Nullable String currentHolder) {
        super(String.format(Locale.ROOT, "the lease of source '%s' moved on: this holder's epoch %d is stale (%s);"
                        + " nothing more is written for it", sourceId, staleEpoch,
                currentHolder == null ? "nobody holds it now" : "held now by " + currentHolder));
        this.sourceId = Objects.requireNonNull(sourceId, "sourceId");
        this.staleEpoch = staleEpoch;
        this.currentHolder = currentHolder;
    }

    public String sourceId() {
        return sourceId;
    }

    /** The epoch the refused holder carried. */
    public long staleEpoch() {
        return staleEpoch;
    }

    /** Who holds the source's lease now, in words; null when nobody does. */
    public @Nullable String currentHolder() {
        return currentHolder;
    }
}
