package org.lexsync.core.findings;

import java.util.Locale;
import java.util.Objects;

/**
 * One observation about a document measured against a specification: what rule (an id that cites the
 * spec section, e.g. {@code rs:12.1/forward-order}), how severe, and where (1-based line and column, 0
 * when unknown). Findings are data, collected in {@link Findings}, never thrown.
 */
public record Finding(Severity severity, String rule, String message, int line, int column) {

    public Finding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(message, "message");
    }

    /** {@code error rs:12.1/forward-order at 12:5: message}. */
    @Override
    public String toString() {
        String where = line > 0 ? String.format(Locale.ROOT, " at %d:%d", line, column) : "";
        return severity.label() + " " + rule + where + ": " + message;
    }
}
