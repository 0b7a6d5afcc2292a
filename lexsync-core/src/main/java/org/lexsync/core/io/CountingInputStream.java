package org.lexsync.core.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes read (and skipped) through it: for size rules (sitemaps' 50 MB), expansion ratios (gzip,
 * ZIP) and truncation checks on the wire. A subclass that enforces a limit overrides {@link #counted(long)}, which
 * is told the new total after every read or skip that moved it (the XML reader's bounds, the server's upload cap).
 * Not thread-safe.
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

    /** Told the total after every read or skip that moved it; throws to refuse going on. Does nothing here. */
    protected void counted(long total) throws IOException {
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count++;
            counted(count);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count += n;
            counted(count);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        if (skipped > 0) {
            count += skipped;
            counted(count);
        }
        return skipped;
    }
}
