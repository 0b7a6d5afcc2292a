package org.lexsync.engine.resourcesync;

import java.util.Locale;

/**
 * Bounds on unpacking dump packages (DESIGN §4.5): the largest bitstream, the most bytes one package may
 * expand to, and the largest expansion ratio of an entry (checked once it is past {@code ratioFloor} bytes,
 * so tiny, highly compressible files pass), {@code inlineMax}: bitstreams up to that size are extracted
 * into memory instead of a temp file (a file per small bitstream would cost more than the bytes), and
 * {@code maxEntries}: the most entries a package's central directory may list, since each costs memory
 * while the package is open (DESIGN §4.3; a 46-byte directory record per entry would otherwise let a small
 * hostile file fill the heap). The Python {@code resync} library writes at most 50,000 per package.
 */
record DumpLimits(long maxEntryBytes, long maxPackageBytes, int maxRatio, long ratioFloor, int inlineMax,
                  int maxEntries) {
    /** Bitstreams up to the store's in-database blob size stay in memory. */
    static final int DEFAULT_INLINE_MAX = 64 * 1024;
    /** About 40 MB of directory in memory at most. */
    static final int DEFAULT_MAX_ENTRIES = 1 << 18;
    static final DumpLimits DEFAULT = new DumpLimits(1L << 30, 16L << 30, 200, 1L << 20);

    DumpLimits {
        if (maxEntryBytes < 1 || maxPackageBytes < 1 || maxRatio < 1 || ratioFloor < 0 || inlineMax < 0
                || maxEntries < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "dump limits must be positive, were entry=%d package=%d ratio=%d floor=%d inline=%d entries=%d",
                    maxEntryBytes, maxPackageBytes, maxRatio, ratioFloor, inlineMax, maxEntries));
        }
    }

    DumpLimits(long maxEntryBytes, long maxPackageBytes, int maxRatio, long ratioFloor, int inlineMax) {
        this(maxEntryBytes, maxPackageBytes, maxRatio, ratioFloor, inlineMax, DEFAULT_MAX_ENTRIES);
    }

    DumpLimits(long maxEntryBytes, long maxPackageBytes, int maxRatio, long ratioFloor) {
        this(maxEntryBytes, maxPackageBytes, maxRatio, ratioFloor, DEFAULT_INLINE_MAX);
    }
}
