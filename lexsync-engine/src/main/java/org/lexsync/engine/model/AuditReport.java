package org.lexsync.engine.model;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.time.W3cDateTime;

/**
 * What a ResourceSync audit found (ResourceSync §5.2 Audit): how many of the source's current resources
 * the local copy holds correctly ({@code inSync}: proven by hash, or where the source gives none by length and a
 * time of the same kind), lacks ({@code missing}), holds although the source no longer lists them
 * ({@code extra}, deleted at the source), holds with another hash, length or lastmod ({@code mismatched}, each
 * a real difference) or holds without anything the source states to check them by ({@code unverified}); the
 * URIs of each kind (the first {@link #MAX_LISTED}), the Capability Lists and snapshot time compared against,
 * findings about the source's documents, and the elapsed time.
 */
public record AuditReport(String sourceId, List<URI> capabilityLists, W3cDateTime at, long inSync, long missing,
                          long extra, long mismatched, long unverified, List<String> missingUris,
                          List<String> extraUris, List<Mismatch> mismatches, List<String> unverifiedUris,
                          long documentsRead, Findings findings, Duration elapsed) {
    /** Most URIs listed per kind of difference; the counts are always complete. */
    public static final int MAX_LISTED = 1000;

    public AuditReport {
        capabilityLists = List.copyOf(capabilityLists);
        missingUris = List.copyOf(missingUris);
        extraUris = List.copyOf(extraUris);
        mismatches = List.copyOf(mismatches);
        unverifiedUris = List.copyOf(unverifiedUris);
    }

    /** A resource held with other bytes or metadata than the source states: what differs, expected and held. */
    public record Mismatch(String uri, String what, String expected, String actual) {
    }

    /** True when the local copy is proven to equal the source: no difference and nothing left unverified. */
    public boolean isInSync() {
        return missing == 0 && extra == 0 && mismatched == 0 && unverified == 0;
    }

    /** True when a difference was found (not merely resources that could not be checked). */
    public boolean differs() {
        return missing > 0 || extra > 0 || mismatched > 0;
    }

    /** Resources the source lists now. */
    public long sourceResources() {
        return inSync + missing + mismatched + unverified;
    }
}
