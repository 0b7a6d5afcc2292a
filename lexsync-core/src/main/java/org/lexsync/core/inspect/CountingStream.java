package org.lexsync.core.inspect;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the raw bytes a reader consumed, for validators' size rules. */
final class CountingStream extends FilterInputStream {
    private final long[] count;

    CountingStream(InputStream in, long[] count) {
        super(in);
        this.count = count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count[0]++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count[0] += n;
        }
        return n;
    }
}
