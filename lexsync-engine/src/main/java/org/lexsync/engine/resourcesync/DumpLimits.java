package org.lexsync.engine.resourcesync;

import java.util.Locale;

/**
 * Bounds on unpacking dump packages (DESIGN §4.5): the largest bitstream, the most bytes one package may
 * expand to, and the largest expansion ratio of an entry (checked once it is past {@code ratioFloor} bytes,
 * so tiny, highly compressible files pass).
 */
record DumpLimits(long maxEntryBytes, long maxPackageBytes, int maxRatio, long ratioFloor) {
    static final DumpLimits DEFAULT = new DumpLimits(1L << 30, 16L << 30, 200, 1L << 20);

    DumpLimits {
        if (maxEntryBytes < 1 || maxPackageBytes < 1 || maxRatio < 1 || ratioFloor < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "dump limits must be positive, were entry=%d package=%d ratio=%d floor=%d", maxEntryBytes,
                    maxPackageBytes, maxRatio, ratioFloor));
        }
    }
}
