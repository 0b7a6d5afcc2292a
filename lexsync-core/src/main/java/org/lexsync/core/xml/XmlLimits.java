package org.lexsync.core.xml;

import java.util.Locale;

/**
 * Bounds applied to every XML document LexSync reads (docs/architecture.md, invariant 5, hostile input). Defaults fit
 * the largest legitimate documents of the specs we implement: a 50 MB sitemap (Sitemaps 0.9 limit), with
 * room for ResourceSync documents that exceed it in practice.
 *
 * <p>Records are immutable; use the {@code with…} methods to adjust one bound. Every bound is
 * validated eagerly.
 */
public record XmlLimits(long maxDocumentBytes, long maxDecompressedBytes, int maxGzipRatio, int maxDepth,
                        int maxTextLength, int maxAttributeLength, int maxAttributesPerElement,
                        int maxForeignNodes) {

    /** 256 MB raw, 1 GB decompressed, ratio 100, depth 64, 8 MB text, 64 KB attribute, 256 attributes. */
    public static final XmlLimits DEFAULT = new XmlLimits(256L << 20, 1L << 30, 100, 64, 8 << 20, 64 << 10, 256, 10_000);

    public XmlLimits {
        positive("maxDocumentBytes", maxDocumentBytes);
        positive("maxDecompressedBytes", maxDecompressedBytes);
        positive("maxGzipRatio", maxGzipRatio);
        positive("maxDepth", maxDepth);
        positive("maxTextLength", maxTextLength);
        positive("maxAttributeLength", maxAttributeLength);
        positive("maxAttributesPerElement", maxAttributesPerElement);
        positive("maxForeignNodes", maxForeignNodes);
    }

    public static XmlLimits defaults() {
        return DEFAULT;
    }

    public XmlLimits withMaxDocumentBytes(long value) {
        return new XmlLimits(value, maxDecompressedBytes, maxGzipRatio, maxDepth, maxTextLength, maxAttributeLength,
                maxAttributesPerElement, maxForeignNodes);
    }

    public XmlLimits withMaxDecompressedBytes(long value) {
        return new XmlLimits(maxDocumentBytes, value, maxGzipRatio, maxDepth, maxTextLength, maxAttributeLength,
                maxAttributesPerElement, maxForeignNodes);
    }

    public XmlLimits withMaxGzipRatio(int value) {
        return new XmlLimits(maxDocumentBytes, maxDecompressedBytes, value, maxDepth, maxTextLength, maxAttributeLength,
                maxAttributesPerElement, maxForeignNodes);
    }

    public XmlLimits withMaxDepth(int value) {
        return new XmlLimits(maxDocumentBytes, maxDecompressedBytes, maxGzipRatio, value, maxTextLength,
                maxAttributeLength, maxAttributesPerElement, maxForeignNodes);
    }

    public XmlLimits withMaxTextLength(int value) {
        return new XmlLimits(maxDocumentBytes, maxDecompressedBytes, maxGzipRatio, maxDepth, value, maxAttributeLength,
                maxAttributesPerElement, maxForeignNodes);
    }

    public XmlLimits withMaxAttributeLength(int value) {
        return new XmlLimits(maxDocumentBytes, maxDecompressedBytes, maxGzipRatio, maxDepth, maxTextLength, value,
                maxAttributesPerElement, maxForeignNodes);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s must be > 0, was %d", name, value));
        }
    }
}
