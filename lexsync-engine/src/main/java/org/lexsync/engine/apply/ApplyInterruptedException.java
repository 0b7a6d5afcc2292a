package org.lexsync.engine.apply;

import org.lexsync.core.LexsyncException;

/** The thread running an apply was interrupted; everything committed before stays committed. */
public final class ApplyInterruptedException extends LexsyncException {
    private static final long serialVersionUID = 1L;

    private final String sourceId;
    private final long committed;

    public ApplyInterruptedException(String sourceId, long committed) {
        super("applying changes of " + sourceId + " was interrupted after " + committed + " committed changes");
        this.sourceId = sourceId;
        this.committed = committed;
    }

    public String sourceId() {
        return sourceId;
    }

    public long committed() {
        return committed;
    }
}
