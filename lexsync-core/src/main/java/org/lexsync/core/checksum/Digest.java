package org.lexsync.core.checksum;

import java.util.Locale;
import java.util.Objects;

/** One digest value: an algorithm and its lower-case hex. Written as {@code algorithm:hex}. */
public record Digest(HashAlgorithm algorithm, String hex) {

    public Digest {
        Objects.requireNonNull(algorithm, "algorithm");
        hex = Objects.requireNonNull(hex, "hex").toLowerCase(Locale.ROOT);
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
