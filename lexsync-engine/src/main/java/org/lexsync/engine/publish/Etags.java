package org.lexsync.engine.publish;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Strong ETags known before a document is written: a hash of what the document is a projection of (its kind, scope,
 * position, the journal sequence it ends at and the settings), so the server can answer a conditional GET without
 * rendering and the ETag of a closed document never changes.
 */
final class Etags {
    private Etags() {
    }

    static String of(String... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String p : parts) {
                md.update(p.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return "\"" + HexFormat.of().formatHex(md.digest(), 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
