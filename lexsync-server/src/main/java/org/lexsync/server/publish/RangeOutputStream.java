package org.lexsync.server.publish;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Passes on only the bytes from position {@code first} to {@code last} (inclusive) of what is written to it. */
final class RangeOutputStream extends FilterOutputStream {
    private final long first;
    private final long last;
    private long position;

    RangeOutputStream(OutputStream out, long first, long last) {
        super(out);
        this.first = first;
        this.last = last;
    }

    @Override
    public void write(int b) throws IOException {
        if (position >= first && position <= last) {
            out.write(b);
        }
        position++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        long from = Math.max(position, first);
        long to = Math.min(position + len - 1, last);
        if (from <= to) {
            out.write(b, off + (int) (from - position), (int) (to - from + 1));
        }
        position += len;
    }
}
