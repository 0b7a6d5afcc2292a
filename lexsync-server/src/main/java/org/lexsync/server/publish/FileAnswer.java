package org.lexsync.server.publish;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.RetainableByteBuffer;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.lexsync.engine.model.PublishedDocument;

/**
 * Answers stored bytes that are a file on this node's disk (a blob file, an object-store blob in the node's disk
 * cache; {@link PublishedDocument.Body#openFile}) by reading the whole file, or the range asked for, into one pooled
 * buffer and writing it in one go, with its exact Content-Length: no stream, no copy through a heap array, and a
 * HEAD or a range costs no read of the bytes before them. Files above {@link #MAX_BYTES} and answers to be gzipped are
 * left to the streamed answer.
 */
final class FileAnswer {
    /**
     * The largest file answered from one buffer: 1 MiB, so that a burst of concurrent answers holds a few dozen MiB of
     * buffers at most (large buffers may fall outside Jetty's pool and be allocated per request).
     */
    static final long MAX_BYTES = 1024 * 1024;

    private FileAnswer() {
    }

    /**
     * Answers {@code doc} from {@code file} (which the caller closes) and returns true, or returns false having written
     * nothing (too large): stream it.
     */
    static boolean serve(Request request, Response response, Callback callback, PublishedDocument doc,
                         FileChannel file, boolean headOnly) throws IOException {
        long total = file.size();
        if (total > MAX_BYTES) {
            return false;
        }
        HttpFields in = request.getHeaders();
        HttpFields.Mutable out = response.getHeaders();
        String rangeHeader = in.get(HttpHeader.RANGE);
        Range range = rangeHeader == null ? null : Range.parse(rangeHeader, in.get(HttpHeader.IF_RANGE), doc);
        long first = 0;
        long length = total;
        if (range != null) {
            if (!range.satisfiable(total)) {
                out.put(HttpHeader.CONTENT_RANGE, "bytes */" + total);
                response.setStatus(416);
                callback.succeeded();
                return true;
            }
            first = range.first(total);
            long last = range.last(total);
            length = last - first + 1;
            response.setStatus(206);
            out.put(HttpHeader.CONTENT_RANGE, "bytes " + first + "-" + last + "/" + total);
        }
        out.put(HttpHeader.CONTENT_LENGTH, length);
        if (headOnly || length == 0) {
            callback.succeeded();
            return true;
        }
        RetainableByteBuffer pooled = request.getComponents().getByteBufferPool().acquire((int) length, true);
        ByteBuffer buffer = pooled.getByteBuffer();
        try {
            buffer.clear().limit((int) length);
            while (buffer.hasRemaining()) {
                if (file.read(buffer, first + buffer.position()) < 0) {
                    throw new EOFException("the file ended after " + buffer.position() + " of " + length + " bytes");
                }
            }
            buffer.flip();
        } catch (IOException | RuntimeException e) {
            pooled.release();
            throw e;
        }
        response.write(true, buffer, new Callback() {
            @Override
            public void succeeded() {
                pooled.release();
                callback.succeeded();
            }

            @Override
            public void failed(Throwable x) {
                pooled.release();
                callback.failed(x);
            }
        });
        return true;
    }
}
