package org.lexsync.engine.eli;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The ELIs met during a Sitemap walk, as 64-bit hashes in a sorted array (8 bytes each, so a million
 * ELIs take 8 MB), to find the held resources that vanished from the Sitemap (annex §4.1 step 5). A hash
 * collision could only hide one vanished resource, with odds of about n²/2⁶⁴.
 */
final class SeenSet {
    private long[] hashes = new long[1024];
    private int size;
    private boolean sorted = true;

    void add(String eli) {
        if (size == hashes.length) {
            hashes = Arrays.copyOf(hashes, size * 2);
        }
        hashes[size++] = hash(eli);
        sorted = false;
    }

    boolean contains(String eli) {
        if (!sorted) {
            Arrays.sort(hashes, 0, size);
            sorted = true;
        }
        return Arrays.binarySearch(hashes, 0, size, hash(eli)) >= 0;
    }

    int size() {
        return size;
    }

    /** FNV-1a over the UTF-8 bytes, then a 64-bit finaliser to spread it. */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
