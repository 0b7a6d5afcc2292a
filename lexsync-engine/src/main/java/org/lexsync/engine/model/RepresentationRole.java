package org.lexsync.engine.model;

import java.util.Locale;

/** Why a file belongs to a resource (docs/architecture.md, "Core model", Representation role). */
public enum RepresentationRole {
    PRIMARY, ALTERNATE, ENCLOSURE, METADATA, FULLTEXT, MANIFEST_MEMBER;

    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    private static final RepresentationRole[] ROLES = values();

    public static RepresentationRole fromToken(String token) {
        for (RepresentationRole r : ROLES) {
            if (r.name().equalsIgnoreCase(token)) {
                return r;
            }
        }
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
