package org.lexsync.engine.model;

import java.util.Locale;

/** Why a file belongs to a resource (docs/architecture.md, "Core model", Representation role). */
public enum RepresentationRole {
    PRIMARY, ALTERNATE, ENCLOSURE, METADATA, FULLTEXT, MANIFEST_MEMBER;

    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RepresentationRole fromToken(String token) {
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
