package org.lexsync.engine.model;

import org.jspecify.annotations.Nullable;

/**
 * One place where a check rule was broken: the document (URL or file), the line and column in it (0 when not
 * known), the entry (an ELI, an Atom entry id, a resource URI) when the finding is about one, what was wrong, and for
 * checksum and length errors the value the publisher gave and the one computed from the real bytes.
 */
public record CheckExample(String document, int line, int column, @Nullable String entry, String message,
                           @Nullable String given, @Nullable String computed) {
    public CheckExample {
        java.util.Objects.requireNonNull(document, "document");
        java.util.Objects.requireNonNull(message, "message");
    }

    /** {@code document:line:column}, or just the document when the line is not known. */
    public String location() {
        return line > 0 ? document + ":" + line + ":" + column : document;
    }
}
