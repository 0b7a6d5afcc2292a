package org.lexsync.engine.model;

import java.util.List;

/**
 * One pass over an outbox (issue 18; EUCases D2.1 §1.3.2): the outcome of every group tried, in outbox order, and how
 * many groups are still pending (not delivered, or not tried because the server stopped answering).
 */
public record OutboxReport(List<UploadOutcome> outcomes, int pending) {
    public OutboxReport {
        outcomes = List.copyOf(outcomes);
    }

    public long acknowledged() {
        return count(UploadOutcome.Status.ACKNOWLEDGED);
    }

    public long refused() {
        return count(UploadOutcome.Status.REFUSED);
    }

    /** True when the server could not be reached or kept failing: the pending groups wait for the next start. */
    public boolean interrupted() {
        return count(UploadOutcome.Status.NOT_DELIVERED) > 0;
    }

    private long count(UploadOutcome.Status s) {
        return outcomes.stream().filter(o -> o.status() == s).count();
    }
}
