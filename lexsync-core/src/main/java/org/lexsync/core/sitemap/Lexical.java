package org.lexsync.core.sitemap;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;

/** Allocation-light parsing of attribute values on the per-entry hot path (no regex, no exceptions). */
final class Lexical {
    static final long NOT_A_NUMBER = Long.MIN_VALUE;

    private Lexical() {
    }

    /**
     * A {@code hash} attribute (ResourceSync §7: whitespace-delimited {@code algorithm:hex} tokens) as
     * {@link Digests}, with the same outcome as {@link Digests#parse} but without a regex per entry.
     */
    static Digests digests(String value) {
        return digests(value, null);
    }

    /**
     * {@link #digests(String)}, running {@code base64Found} (when not null) once if the digest of a known algorithm
     * was written in base64 instead of hex.
     */
    static Digests digests(String value, Runnable base64Found) {
        if (value == null) {
            return Digests.NONE;
        }
        EnumMap<HashAlgorithm, Digest> known = null;
        List<String> unknown = null;
        int n = value.length();
        int i = 0;
        while (i < n) {
            while (i < n && isSpace(value.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !isSpace(value.charAt(i))) {
                i++;
            }
            if (start == i) {
                break;
            }
            int colon = value.indexOf(':', start);
            HashAlgorithm algorithm = colon > start && colon < i ? algorithm(value, start, colon) : null;
            if (algorithm == null || colon == i - 1) {
                if (unknown == null) {
                    unknown = new ArrayList<>(1);
                }
                unknown.add(value.substring(start, i));
            } else {
                if (known == null) {
                    known = new EnumMap<>(HashAlgorithm.class);
                }
                String digest = value.substring(colon + 1, i);
                if (base64Found != null && Digest.isBase64(algorithm, digest)) {
                    base64Found.run();
                    base64Found = null;
                }
                known.put(algorithm, Digest.lenient(algorithm, digest));
            }
        }
        if (known == null && unknown == null) {
            return Digests.NONE;
        }
        return new Digests(known == null ? java.util.Map.of() : known, unknown == null ? List.of() : unknown);
    }

    private static HashAlgorithm algorithm(String s, int start, int end) {
        int len = end - start;
        if (len == 3 && s.regionMatches(true, start, "md5", 0, 3)) {
            return HashAlgorithm.MD5;
        }
        if (s.regionMatches(true, start, "sha-256", 0, len) && len == 7) {
            return HashAlgorithm.SHA_256;
        }
        if (s.regionMatches(true, start, "sha-1", 0, len) && len == 5) {
            return HashAlgorithm.SHA_1;
        }
        return HashAlgorithm.fromToken(s.substring(start, end));
    }

    /** A non-negative decimal integer, or {@link #NOT_A_NUMBER}. Surrounding whitespace is tolerated. */
    static long nonNegativeLong(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && isSpace(value.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(value.charAt(end - 1))) {
            end--;
        }
        if (start == end || end - start > 18) {
            return NOT_A_NUMBER;
        }
        long v = 0;
        for (int i = start; i < end; i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return NOT_A_NUMBER;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
