package org.lexsync.core.documentgroup;

import java.util.Locale;
import org.lexsync.core.zip.ZipLimits;

/**
 * Bounds applied while examining a document group's ZIP package (docs/architecture.md, invariant 5). The §3.2 service
 * accepts uploads up to 20 MB; the defaults leave generous room above that. Held by the ZIP gate ({@link #zip()}).
 *
 * @param maxEntries       entries in one package
 * @param maxExpandedBytes total uncompressed bytes of all entries
 * @param maxRatio         uncompressed to compressed bytes, checked once 1 MB has been expanded
 */
public record ArchiveLimits(int maxEntries, long maxExpandedBytes, int maxRatio) {
    /** 10,000 entries, 1 GB expanded, ratio 100. */
    public static final ArchiveLimits DEFAULT = new ArchiveLimits(10_000, 1L << 30, 100);
    /** Bytes expanded before the ratio is checked, so that tiny, highly compressible files pass. */
    private static final long RATIO_FLOOR = 1L << 20;

    public ArchiveLimits {
        if (maxEntries <= 0 || maxExpandedBytes <= 0 || maxRatio <= 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "archive limits must be > 0, were entries=%d bytes=%d ratio=%d", maxEntries, maxExpandedBytes,
                    maxRatio));
        }
    }

    /** The bounds the ZIP gate holds a package to: one entry may be as large as the whole. */
    public ZipLimits zip() {
        return new ZipLimits(maxEntries, maxExpandedBytes, maxExpandedBytes, maxRatio, RATIO_FLOOR);
    }
}
