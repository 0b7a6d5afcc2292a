package org.lexsync.core.xml;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts bytes read and refuses to go past a limit (hostile-input guard for raw and decompressed bytes). */
final class BoundedInputStream extends FilterInputStream {
    private final long limit;
    private final String document;
    private final XmlDocumentException.Reason reason;
    private final BoundedInputStream ratioBase;
    private final int maxRatio;
    private long count;

    BoundedInputStream(InputStream in, long limit, String document, XmlDocumentException.Reason reason,
                       BoundedInputStream ratioBase, int maxRatio) {
        super(in);
        this.limit = limit;
        this.document = document;
        this.reason = reason;
        this.ratioBase = ratioBase;
        this.maxRatio = maxRatio;
    }

    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            advance(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
            advance(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        if (skipped > 0) {
            advance(skipped);
        }
        return skipped;
    }

    private void advance(long n) {
        count += n;
        if (count > limit) {
            throw new XmlDocumentException(reason, document, 0, 0, "more than " + limit + " bytes");
        }
        // The ratio only means something once a little has been expanded; 1 MB of slack avoids refusing
        // tiny, highly compressible but harmless documents.
        if (ratioBase != null && count > (1 << 20) && count > ratioBase.count() * (long) maxRatio) {
            throw new XmlDocumentException(XmlDocumentException.Reason.GZIP_BOMB, document, 0, 0,
                    "expanded " + count + " bytes from " + ratioBase.count() + " (ratio limit " + maxRatio + ")");
        }
    }
}
