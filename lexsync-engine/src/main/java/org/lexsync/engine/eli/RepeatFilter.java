package org.lexsync.engine.eli;

/**
 * Remembers the ELIs a Sitemap walk has already yielded, as 64-bit hashes of their characters in an
 * open-addressing table (at most 16 bytes per ELI), so that an ELI listed twice — in one Sitemap or in two
 * Sitemaps of an index, which publishers do — is fetched and applied once. A hash collision could only make
 * one ELI look repeated, with odds of about n²/2⁶⁴.
 */
final class RepeatFilter {
    private static final long EMPTY = 0L;
    private long[] table = new long[1 << 12];
    private int size;
    private boolean hasZero;

    /** Adds {@code eli}; false when it was already there. */
    boolean add(String eli) {
        long h = hash(eli);
        if (h == EMPTY) {
            if (hasZero) {
                return false;
            }
            hasZero = true;
            return true;
        }
        if (!insert(table, h)) {
            return false;
        }
        if (++size * 2 > table.length) {
            long[] bigger = new long[table.length * 2];
            for (long v : table) {
                if (v != EMPTY) {
                    insert(bigger, v);
                }
            }
            table = bigger;
        }
        return true;
    }

    /** FNV-1a over the UTF-16 code units (no allocation per ELI), then a 64-bit finaliser to spread it. */
    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0, n = s.length(); i < n; i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    private static boolean insert(long[] t, long h) {
        int mask = t.length - 1;
        int i = (int) (h ^ (h >>> 32)) & mask;
        while (t[i] != EMPTY) {
            if (t[i] == h) {
                return false;
            }
            i = (i + 1) & mask;
        }
        t[i] = h;
        return true;
    }
}
