package org.lexsync.engine.fetch;

import java.util.Locale;
import java.util.Objects;

import org.lexsync.core.checksum.Digests;

/**
 * What the source promised about the bytes (docs/architecture.md, invariant 1): digests of any algorithm and a length.
 * A fetch whose bytes do not match fails and the bytes are deleted.
 *
 * @param length promised length in bytes, or null when the source gave none
 */
public record Expectation(Digests hashes, Long length) {
    public static final Expectation NONE = new Expectation(Digests.NONE, null);

    public Expectation {
        hashes = Objects.requireNonNullElse(hashes, Digests.NONE);
        if (length != null && length < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "length must be >= 0, was %d", length));
        }
    }

    public static Expectation of(Digests hashes, Long length) {
        return new Expectation(hashes, length);
    }

    public boolean isNone() {
        return hashes.known().isEmpty() && length == null;
    }
}
