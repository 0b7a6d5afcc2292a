package org.lexsync.engine.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;

/**
 * A response body that gives up when no bytes arrive for the read timeout (the socket's own timeout, set by
 * {@link HopClient}) or when the exchange's total deadline has passed. The deadline is checked before and after
 * every read, so a body that keeps trickling is cut off at most one read timeout after the deadline. An
 * interrupt is honoured between reads (a virtual thread blocked in a read is woken by it at once: the JDK closes
 * its socket). Closing hands the connection back for reuse when the body was read to its end.
 */
final class TimedBodyStream extends InputStream {
    private final InputStream in;
    private final long deadlineNanos;
    private boolean closed;

    TimedBodyStream(InputStream in, long deadlineNanos) {
        this.in = in == null ? InputStream.nullInputStream() : in;
        this.deadlineNanos = deadlineNanos;
    }

    /** Thrown when the body stalls or the deadline passes; a timeout, not a truncation. */
    static final class BodyTimeoutException extends IOException {
        private static final long serialVersionUID = 1L;

        BodyTimeoutException(String message) {
            super(message);
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException("body stream closed");
        }
        checkDeadline();
        int n;
        try {
            n = in.read(b, off, len);
        } catch (SocketTimeoutException e) {
            throw new BodyTimeoutException(System.nanoTime() - deadlineNanos >= 0
                    ? "total timeout passed while reading the body" : "no bytes received within the read timeout");
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("interrupted while reading the body");
            }
            throw e;
        }
        if (n > 0) {
            checkDeadline();
        }
        return n;
    }

    private void checkDeadline() throws IOException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedIOException("interrupted while reading the body");
        }
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new BodyTimeoutException("total timeout passed while reading the body");
        }
    }

    @Override
    public int available() throws IOException {
        return closed ? 0 : in.available();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                in.close();
            } catch (IOException e) {
                // the connection is dropped instead of reused; nothing depends on it
            }
        }
    }
}
