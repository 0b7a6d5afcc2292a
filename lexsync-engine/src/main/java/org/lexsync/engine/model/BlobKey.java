package org.lexsync.engine.model;

import java.util.HexFormat;
import java.util.Locale;

/** The content address of a blob: the lower-case hex SHA-256 of its bytes. */
public record BlobKey(String sha256) {

    public BlobKey {
        if (sha256 == null || sha256.length() != 64) {
            throw new IllegalArgumentException("a blob key is 64 hex digits of SHA-256, was " + sha256);
        }
        boolean lower = true;
        for (int i = 0; i < 64; i++) {
            char c = sha256.charAt(i);
            if (c >= 'A' && c <= 'F') {
                lower = false;
            } else if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                throw new IllegalArgumentException("a blob key is 64 hex digits of SHA-256, was " + sha256);
            }
        }
        if (!lower) {
            sha256 = sha256.toLowerCase(Locale.ROOT);
        }
    }

    public static BlobKey of(byte[] sha256Digest) {
        return new BlobKey(HexFormat.of().formatHex(sha256Digest));
    }

    @Override
    public String toString() {
        return sha256;
    }
}
