package org.lexsync.engine.resourcesync;

import java.util.Locale;
import org.lexsync.core.zip.ZipLimits;

/**
 * Bounds on unpacking dump packages (docs/architecture.md, invariant 5): the largest bitstream, the most bytes one
 * package may expand to, and the largest expansion ratio of an entry (checked once it is past {@code ratioFloor} bytes,
 * so tiny, highly compressible files pass), {@code inlineMax}: bitstreams up to that size are extracted into memory
 * instead of a temp file (a file per small bitstream would cost more than the bytes), and {@code maxEntries}: the most
 * entries a package's central directory may list, since each costs memory while the package is open
 * (docs/architecture.md, invariant 3; a 46-byte directory record per entry would otherwise let a small hostile file
 * fill the heap). The Python {@code resync} library writes at most 50,000 per package. All but {@code inlineMax} are
 * held by the ZIP gate ({@link #zip()}).
 */
record DumpLimits(long maxEntryBytes, long maxPackageBytes, int maxRatio, long ratioFloor, int inlineMax,
                  int maxEntries) {
    /** Bitstreams up to the store's in-database blob size stay in memory. */
    static final int DEFAULT_INLINE_MAX = 64 * 1024;
    /** About 40 MB of directory in memory at most. */
    static final int DEFAULT_MAX_ENTRIES = ZipLimits.DEFAULT.maxEntries();
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

    /** The bounds the ZIP gate holds a package to: the package bound is the bound of one pass over its bitstreams. */
    ZipLimits zip() {
        return new ZipLimits(maxEntries, maxEntryBytes, maxPackageBytes, maxRatio, ratioFloor);
    }
}
