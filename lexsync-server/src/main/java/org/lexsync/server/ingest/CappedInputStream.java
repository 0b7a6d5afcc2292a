package org.lexsync.server.ingest;

import java.io.IOException;
import java.io.InputStream;
import org.lexsync.core.io.CountingInputStream;

/**
 * A request body read with a cap (docs/architecture.md, invariant 5: body size caps): once more than the cap has
 * come, reading fails with {@link TooLargeException}, so an upload never fills the disk either. Counting is core's
 * ({@link CountingInputStream}, as the XML reader's bounds); only the refusal is the server's.
 */
final class CappedInputStream extends CountingInputStream {
    /** The body went over the cap. */
    static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;
        private final long cap;

        TooLargeException(long cap) {
            super("the upload is larger than the server accepts (" + cap + " bytes, server.ingest-max-bytes)");
            this.cap = cap;
        }

        long cap() {
            return cap;
        }
    }

    private final long cap;

    CappedInputStream(InputStream in, long cap) {
        super(in);
        this.cap = cap;
    }

    @Override
    protected void counted(long count) throws TooLargeException {
        if (count > cap) {
            throw new TooLargeException(cap);
        }
    }
}
