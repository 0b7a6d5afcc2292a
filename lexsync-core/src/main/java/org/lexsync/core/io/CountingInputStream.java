package org.lexsync.core.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes read (and skipped) through it: for size rules (sitemaps' 50 MB), expansion ratios (gzip,
 * ZIP) and truncation checks on the wire. Not thread-safe.
 */
public class CountingInputStream extends FilterInputStream {
    private long count;

    public CountingInputStream(InputStream in) {
        super(in);
    }

    /** Bytes read or skipped so far. */
    public final long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count += Math.max(skipped, 0);
        return skipped;
    }
}
