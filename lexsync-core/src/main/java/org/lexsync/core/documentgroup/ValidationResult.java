package org.lexsync.core.documentgroup;

import org.lexsync.core.findings.Findings;

/**
 * The verdict of {@link DocumentGroupValidator}: the group as read (so that callers need not read the
 * MetaInfo again) and every finding of schema, prose rules and package.
 */
public record ValidationResult(DocumentGroup group, Findings findings) {

    /** True when no finding is an error. */
    public boolean valid() {
        return !findings.hasErrors();
    }
}
