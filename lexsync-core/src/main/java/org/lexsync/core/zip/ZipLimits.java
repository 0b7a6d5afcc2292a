package org.lexsync.core.zip;

import java.util.Locale;

/**
 * The bounds the ZIP gate holds every archive to (hostile input, docs/architecture.md "Where each protocol
 * lives (lexsync-core)"): each entry costs memory while the archive is open, so their number is bounded; the
 * bytes one entry and one pass over the archive may expand to are bounded; and so is the expansion ratio, of an
 * entry (uncompressed to compressed bytes) and of a pass (expanded bytes to the archive's size), checked once
 * more than {@code ratioFloor} bytes have come out so that tiny, highly compressible files pass.
 *
 * @param maxEntries       entries the central directory may list
 * @param maxEntryBytes    uncompressed bytes of one entry
 * @param maxExpandedBytes uncompressed bytes of all the entries one {@link ZipEntryReader} reads
 * @param maxRatio         the largest expansion ratio
 * @param ratioFloor       bytes expanded before the ratio is checked
 */
public record ZipLimits(int maxEntries, long maxEntryBytes, long maxExpandedBytes, int maxRatio, long ratioFloor) {
    /** 262,144 entries (about 40 MB of directory), 1 GiB per entry, 16 GiB per pass, ratio 200 past 1 MiB. */
    public static final ZipLimits DEFAULT = new ZipLimits(1 << 18, 1L << 30, 16L << 30, 200, 1L << 20);

    public ZipLimits {
        if (maxEntries < 1 || maxEntryBytes < 1 || maxExpandedBytes < 1 || maxRatio < 1 || ratioFloor < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "ZIP limits must be positive, were entries=%d entry=%d expanded=%d ratio=%d floor=%d",
                    maxEntries, maxEntryBytes, maxExpandedBytes, maxRatio, ratioFloor));
        }
    }
}
