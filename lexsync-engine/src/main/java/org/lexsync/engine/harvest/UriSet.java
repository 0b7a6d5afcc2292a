package org.lexsync.engine.harvest;

/**
 * A compact set of the URIs a harvester met in a source's listing — a Resource List or Dump, an ELI Sitemap walk — so
 * that a URI listed twice is recognised as it is read and the held resources missing from the listing can be found,
 * without holding the URIs (docs/architecture.md, invariant 3): a 64-bit hash per URI in an open-addressing table, at
 * most 16 bytes per URI. A collision could only make one URI look seen, with odds of about n²/2⁶⁴.
 */
public final class UriSet {
    private static final long EMPTY = 0L;

    private long[] table = new long[1024];
    private int size;

    /** Adds {@code uri}; false when it was already in the set. */
    public boolean add(String uri) {
        if ((size + 1) * 4L > table.length * 3L) {
            grow();
        }
        if (insert(table, hash64(uri))) {
            size++;
            return true;
        }
        return false;
    }

    /** True when {@code uri} was added. */
    public boolean contains(String uri) {
        long h = hash64(uri);
        int mask = table.length - 1;
        for (int i = (int) h & mask; ; i = (i + 1) & mask) {
            long v = table[i];
            if (v == EMPTY) {
                return false;
            }
            if (v == h) {
                return true;
            }
        }
    }

    /** How many distinct URIs were added. */
    public int size() {
        return size;
    }

    private void grow() {
        long[] bigger = new long[table.length * 2];
        for (long v : table) {
            if (v != EMPTY) {
                insert(bigger, v);
            }
        }
        table = bigger;
    }

    private static boolean insert(long[] t, long h) {
        int mask = t.length - 1;
        for (int i = (int) h & mask; ; i = (i + 1) & mask) {
            long v = t[i];
            if (v == EMPTY) {
                t[i] = h;
                return true;
            }
            if (v == h) {
                return false;
            }
        }
    }

    /** FNV-1a over the UTF-16 units, then a final avalanche; never 0 (the empty slot). */
    static long hash64(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h == EMPTY ? 1L : h;
    }
}
