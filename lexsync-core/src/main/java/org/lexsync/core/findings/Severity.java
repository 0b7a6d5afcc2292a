package org.lexsync.core.findings;

/** How bad a {@link Finding} is: an ERROR breaks a spec's MUST, a WARNING a SHOULD, INFO is a note. */
public enum Severity {
    ERROR, WARNING, INFO;

    /** Lower-case name used in JSON and text output. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
