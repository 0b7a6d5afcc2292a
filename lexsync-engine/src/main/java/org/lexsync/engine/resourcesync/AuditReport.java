package org.lexsync.engine.resourcesync;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.W3cDateTime;

/**
 * What a ResourceSync audit found (ResourceSync §5.2 Audit): how many of the source's current resources
 * the local copy holds correctly ({@code inSync}), lacks ({@code missing}), holds although the source no
 * longer lists them ({@code extra}, deleted at the source) or holds with another hash, length or lastmod
 * ({@code mismatched}); the differing URIs (the first {@link #MAX_LISTED} of each kind), the Capability
 * Lists and snapshot time compared against, findings about the source's documents, and the elapsed time.
 */
public record AuditReport(String sourceId, List<URI> capabilityLists, W3cDateTime at, long inSync, long missing,
                          long extra, long mismatched, List<String> missingUris, List<String> extraUris,
                          List<Mismatch> mismatches, long documentsRead, Findings findings, Duration elapsed) {
    /** Most URIs listed per kind of difference; the counts are always complete. */
    public static final int MAX_LISTED = 1000;

    public AuditReport {
        capabilityLists = List.copyOf(capabilityLists);
        missingUris = List.copyOf(missingUris);
        extraUris = List.copyOf(extraUris);
        mismatches = List.copyOf(mismatches);
    }

    /** A resource held with other bytes or metadata than the source states: what differs, expected and held. */
    public record Mismatch(String uri, String what, String expected, String actual) {
    }

    /** True when the local copy equals the source. */
    public boolean isInSync() {
        return missing == 0 && extra == 0 && mismatched == 0;
    }

    /** Resources the source lists now. */
    public long sourceResources() {
        return inSync + missing + mismatched;
    }
}
