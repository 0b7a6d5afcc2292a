package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;
import java.time.Duration;
import java.util.Objects;
import org.lexsync.core.findings.Findings;

/**
 * What one harvest of one source did: the applier's report (null for a dry run, or when nothing needed
 * applying), how many source documents and bytes were read, the planned-change count, conformance findings
 * about the source's documents, and the elapsed time.
 */
public record HarvestReport(String sourceId, String protocol, @Nullable ApplyReport apply, long documentsRead, long bytesRead,
                            long planned, Findings findings, Duration elapsed) {

    public HarvestReport {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(protocol, "protocol");
        findings = findings == null ? new Findings() : findings;
        elapsed = elapsed == null ? Duration.ZERO : elapsed;
    }

    /** True when every planned change was committed (or nothing needed committing). */
    public boolean complete() {
        return apply == null || apply.complete();
    }
}
