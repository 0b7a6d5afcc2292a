package org.lexsync.engine.model;

import java.util.Locale;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;

/**
 * A {@link CommitListener} that threw: which listener, about which batch (its first resource, how many changes,
 * the journal sequence numbers it added; 0 and null for the end of an apply call), and the error. The batch stays
 * committed; the failure is reported in the {@link ApplyReport} and recorded with the run as a finding.
 */
public record ListenerFailure(String listener, String firstUri, int changes, long firstSeq, long lastSeq,
                              String error) {
    /** The rule of the finding recorded with the run. */
    public static final String RULE = "lexsync:listener";

    /** In words, e.g. {@code listener GraphSync failed on a committed batch of 500 changes (journal 1-500), …}. */
    public String message() {
        String what = changes == 0 && firstUri == null ? "at the end of the apply call"
                : String.format(Locale.ROOT, "on a committed batch of %d changes (%s)", changes,
                firstSeq == 0 ? "no journal rows" : "journal " + firstSeq + "-" + lastSeq);
        return String.format(Locale.ROOT, "listener %s failed %s, which stays committed: %s", listener, what, error);
    }

    /** The finding recorded with the run. */
    public Finding finding() {
        return new Finding(Severity.ERROR, RULE, message(), 0, 0);
    }
}
