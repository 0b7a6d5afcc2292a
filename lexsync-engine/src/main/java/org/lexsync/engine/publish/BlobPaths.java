package org.lexsync.engine.publish;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.BlobKey;

/**
 * Our paths of stored bytes by content address ({@code blob/sha256/ab/abcdef…}): immutable, so a published entry of
 * an old journal row points at exactly the bytes that row recorded, for ever (docs/architecture.md, "Publishing the
 * aggregate"). Two hex digits of fan-out keep a static export's directories small.
 */
final class BlobPaths {
    static final String PREFIX = "blob/sha256/";

    private BlobPaths() {
    }

    static String path(String sha256) {
        String hex = sha256.toLowerCase(Locale.ROOT);
        return PREFIX + hex.substring(0, 2) + "/" + hex;
    }

    /** The blob a path names, or null when it names none. */
    static @Nullable BlobKey key(String path) {
        if (!path.startsWith(PREFIX)) {
            return null;
        }
        String rest = path.substring(PREFIX.length());
        int slash = rest.indexOf('/');
        if (slash != 2 || rest.length() != 3 + 64 || !rest.substring(3).startsWith(rest.substring(0, 2))) {
            return null;
        }
        try {
            BlobKey key = new BlobKey(rest.substring(3));
            return key.sha256().equals(rest.substring(3)) ? key : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
