package org.lexsync.engine.model;

import java.util.Locale;

/**
 * What a change does to a resource (docs/architecture.md, "Core model", journal {@code kind}); the token is the
 * journal's text form.
 */
public enum ChangeKind {
    CREATED, UPDATED, DELETED;

    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind for a journal token; throws IllegalArgumentException on an unknown token. */
    public static ChangeKind fromToken(String token) {
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
