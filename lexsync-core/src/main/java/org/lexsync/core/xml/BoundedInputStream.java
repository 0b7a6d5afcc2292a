package org.lexsync.core.xml;

import java.io.InputStream;
import org.lexsync.core.io.CountingInputStream;

/** Counts bytes read and refuses to go past a limit (hostile-input guard for raw and decompressed bytes). */
final class BoundedInputStream extends CountingInputStream {
    private final long limit;
    private final String document;
    private final XmlDocumentException.Reason reason;
    private final BoundedInputStream ratioBase;
    private final int maxRatio;

    BoundedInputStream(InputStream in, long limit, String document, XmlDocumentException.Reason reason,
                       BoundedInputStream ratioBase, int maxRatio) {
        super(in);
        this.limit = limit;
        this.document = document;
        this.reason = reason;
        this.ratioBase = ratioBase;
        this.maxRatio = maxRatio;
    }

    @Override
    protected void counted(long count) {
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
