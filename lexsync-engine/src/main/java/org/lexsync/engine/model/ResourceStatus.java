package org.lexsync.engine.model;

import java.util.Locale;

/** Whether a resource is part of the current state or a tombstone whose history lives in the journal. */
public enum ResourceStatus {
    ACTIVE, DELETED;

    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ResourceStatus fromToken(String token) {
        return valueOf(token.toUpperCase(Locale.ROOT));
    }
}
