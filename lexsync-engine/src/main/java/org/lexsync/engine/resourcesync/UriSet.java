package org.lexsync.engine.resourcesync;

import java.util.Arrays;

/**
 * A compact set of URIs seen in a source's listing: eight bytes per URI (a 64-bit hash; collisions are
 * negligible at that width), so that a listing of millions of resources can be compared with the store
 * without holding the URIs (DESIGN §4.3).
 */
final class UriSet {
    private long[] hashes = new long[1024];
    private int size;
    private boolean sorted;

    void add(String uri) {
        if (size == hashes.length) {
            hashes = Arrays.copyOf(hashes, hashes.length * 2);
        }
        hashes[size++] = hash64(uri);
        sorted = false;
    }

    boolean contains(String uri) {
        if (!sorted) {
            Arrays.sort(hashes, 0, size);
            sorted = true;
        }
        return Arrays.binarySearch(hashes, 0, size, hash64(uri)) >= 0;
    }

    int size() {
        return size;
    }

    /** FNV-1a over the UTF-16 units, then a final avalanche. */
    static long hash64(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
