package org.lexsync.core.checksum;

import java.util.Locale;
import java.util.Objects;

/** One digest value: an algorithm and its lower-case hex. Written as {@code algorithm:hex}. */
public record Digest(HashAlgorithm algorithm, String hex) {

    public Digest {
        Objects.requireNonNull(algorithm, "algorithm");
        hex = Objects.requireNonNull(hex, "hex").toLowerCase(Locale.ROOT);
    }

    /**
     * A digest as a source wrote it: hex in any case, or, when the value is not hex but base64 of a digest of
     * the algorithm's length (as early ResourceSync tools and HTTP {@code Content-MD5}, RFC 1864, write MD5),
     * converted to hex. {@link #isBase64(HashAlgorithm, String)} tells which of the two it was.
     */
    public static Digest lenient(HashAlgorithm algorithm, String value) {
        byte[] raw = isBase64(algorithm, value) ? java.util.Base64.getDecoder().decode(value) : null;
        return new Digest(algorithm, raw == null ? value : java.util.HexFormat.of().formatHex(raw));
    }

    /** True when {@code value} is not a hex digest of {@code algorithm} but the base64 of one. */
    public static boolean isBase64(HashAlgorithm algorithm, String value) {
        int bytes = algorithm.hexLength() / 2;
        int base64Length = (bytes + 2) / 3 * 4;
        if (value.length() != base64Length || new Digest(algorithm, value).wellFormed()) {
            return false;
        }
        try {
            return java.util.Base64.getDecoder().decode(value).length == bytes;
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /** True when {@code hex} has the algorithm's length and only hex digits. */
    public boolean wellFormed() {
        if (hex.length() != algorithm.hexLength()) {
            return false;
        }
        for (int i = 0; i < hex.length(); i++) {
            char c = hex.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return algorithm.token() + ":" + hex;
    }
}
