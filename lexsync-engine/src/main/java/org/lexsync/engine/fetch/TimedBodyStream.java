package org.lexsync.engine.fetch;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A response body as a blocking {@link InputStream} that gives up when no bytes arrive for the read
 * timeout or when the exchange's deadline passes: the JDK client only times out until the headers, so
 * idle and total limits on the body are kept here. Demand is one buffer list at a time, so memory stays
 * bounded however large the body is. Closing cancels the exchange. The subscriber methods never block:
 * {@link HopClient} runs them on the HTTP client's own thread.
 */
final class TimedBodyStream extends InputStream implements HttpResponse.BodySubscriber<TimedBodyStream> {
    private static final Object END = new Object();

    private final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private final long readTimeoutNanos;
    private final long deadlineNanos;
    private volatile Flow.Subscription subscription;
    private Iterator<ByteBuffer> buffers = List.<ByteBuffer>of().iterator();
    private ByteBuffer current;
    private boolean ended;
    private volatile boolean closed;

    TimedBodyStream(long readTimeoutNanos, long deadlineNanos) {
        this.readTimeoutNanos = readTimeoutNanos;
        this.deadlineNanos = deadlineNanos;
    }

    /** A body handler that hands out a fresh stream per response. */
    static HttpResponse.BodyHandler<TimedBodyStream> handler(long readTimeoutNanos, long deadlineNanos) {
        return info -> new TimedBodyStream(readTimeoutNanos, deadlineNanos);
    }

    /** Thrown when the body stalls or the deadline passes; a timeout, not a truncation. */
    static final class BodyTimeoutException extends IOException {
        private static final long serialVersionUID = 1L;

        BodyTimeoutException(String message) {
            super(message);
        }
    }

    @Override
    public CompletionStage<TimedBodyStream> getBody() {
        return CompletableFuture.completedStage(this);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (closed) {
            s.cancel();
        } else {
            s.request(1);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        queue.add(item);
    }

    @Override
    public void onError(Throwable throwable) {
        queue.add(throwable);
    }

    @Override
    public void onComplete() {
        queue.add(END);
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
        if (len == 0) {
            return 0;
        }
        while (current == null || !current.hasRemaining()) {
            if (buffers.hasNext()) {
                current = buffers.next();
                continue;
            }
            if (ended) {
                return -1;
            }
            next();
        }
        int n = Math.min(len, current.remaining());
        current.get(b, off, n);
        return n;
    }

    @SuppressWarnings("unchecked")
    private void next() throws IOException {
        long now = System.nanoTime();
        long left = deadlineNanos - now;
        if (left <= 0) {
            throw new BodyTimeoutException("total timeout passed while reading the body");
        }
        // Most bodies have arrived by the time they are read: take them without a timed wait, which on a
        // virtual thread means a round trip through the scheduler's timer thread.
        Object item = queue.poll();
        try {
            if (item == null) {
                item = queue.poll(Math.min(readTimeoutNanos, left), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while reading the body");
        }
        if (item == null) {
            throw new BodyTimeoutException(readTimeoutNanos <= left
                    ? "no bytes received within the read timeout" : "total timeout passed while reading the body");
        }
        if (item == END) {
            ended = true;
        } else if (item instanceof Throwable t) {
            ended = true;
            throw t instanceof IOException io ? io : new IOException(t.getMessage(), t);
        } else {
            buffers = ((List<ByteBuffer>) item).iterator();
            Flow.Subscription s = subscription;
            if (s != null) {
                s.request(1);
            }
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Flow.Subscription s = subscription;
            if (s != null && !ended) {
                s.cancel();
            }
            queue.clear();
        }
    }
}
