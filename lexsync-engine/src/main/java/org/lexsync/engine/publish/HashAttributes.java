package org.lexsync.engine.publish;

import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * The {@code hash} values of published entries from a stored file's hex digests: what {@link Digests#parse} makes
 * of {@code "md5:… sha-256:…"}, built directly when the stored values are plain tokens (the usual case, once per
 * entry), else through the parser itself so that odd stored values publish exactly as before.
 */
final class HashAttributes {
    private HashAttributes() {
    }

    /** As {@code Digests.parse("md5:" + hex)}. */
    static Digests md5(String hex) {
        return token(hex) ? Digests.of(Digest.lenient(HashAlgorithm.MD5, hex)) : Digests.parse("md5:" + hex);
    }

    /** As {@code Digests.parse((md5 == null ? "" : "md5:" + md5 + " ") + "sha-256:" + sha256)}. */
    static Digests md5AndSha256(@Nullable String md5, String sha256) {
        if ((md5 == null || token(md5)) && token(sha256)) {
            return md5 == null ? Digests.of(Digest.lenient(HashAlgorithm.SHA_256, sha256))
                    : Digests.of(Digest.lenient(HashAlgorithm.MD5, md5), Digest.lenient(HashAlgorithm.SHA_256, sha256));
        }
        return Digests.parse((md5 == null ? "" : "md5:" + md5 + " ") + "sha-256:" + sha256);
    }

    /** Non-empty and without a character the parser would split on or trim. */
    private static boolean token(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) <= ' ') {
                return false;
            }
        }
        return true;
    }
}
