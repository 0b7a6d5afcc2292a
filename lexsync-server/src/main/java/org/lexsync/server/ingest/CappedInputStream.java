package org.lexsync.server.ingest;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body read with a cap (docs/architecture.md, invariant 5: body size caps): once more than the cap has
 * come, reading fails with {@link TooLargeException}, so an upload never fills the disk either.
 */
final class CappedInputStream extends FilterInputStream {
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
    private long count;

    CappedInputStream(InputStream in, long cap) {
        super(in);
        this.cap = cap;
    }

    /** Bytes read so far. */
    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    private void counted(int n) throws TooLargeException {
        count += n;
        if (count > cap) {
            throw new TooLargeException(cap);
        }
    }
}
