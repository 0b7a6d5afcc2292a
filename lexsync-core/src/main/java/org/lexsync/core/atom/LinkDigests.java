package org.lexsync.core.atom;

import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * Parses the Link Extensions {@code hash} attribute and merges it with the obsolete {@code le:md5} form
 * (rinfo §3.3.6). The common single-token value is parsed without regular expressions or lower-casing
 * copies (the reader calls this per link); anything else goes to {@link Digests#parse}.
 */
final class LinkDigests {
    private static final HashAlgorithm[] ALGORITHMS = HashAlgorithm.values();

    private LinkDigests() {
    }

    static Digests parse(String value) {
        if (value == null || value.isEmpty()) {
            return Digests.NONE;
        }
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            return Digests.parse(value);
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isWhitespace(value.charAt(i))) {
                return Digests.parse(value);
            }
        }
        for (HashAlgorithm a : ALGORITHMS) {
            String token = a.token();
            if (token.length() == colon && value.regionMatches(true, 0, token, 0, colon)) {
                return Digests.of(new Digest(a, value.substring(colon + 1)));
            }
        }
        return Digests.parse(value);
    }

    static Digests merge(Digests hash, String leMd5) {
        if (leMd5 == null || leMd5.isBlank() || hash.known().containsKey(HashAlgorithm.MD5)) {
            return hash;
        }
        return hash.with(new Digest(HashAlgorithm.MD5, leMd5.strip()));
    }
}
