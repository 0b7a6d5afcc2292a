package org.lexsync.server.publish;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
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
 * cache, a dump package; {@link PublishedDocument.Body#openFile}) with its exact Content-Length, reading only what is
 * answered: a HEAD reads nothing and a range starts at its first byte. Up to {@link #MAX_BYTES} the bytes are read
 * into one pooled buffer and written in one go (no stream, no copy through a heap array); a larger answer is copied
 * from the file in chunks. Answers to be gzipped are left to the streamed answer.
 */
final class FileAnswer {
    /** The chunk a larger answer is copied in. */
    private static final int CHUNK = 64 * 1024;

    /**
     * The largest answer read into one buffer: 1 MiB, so that a burst of concurrent answers holds a few dozen MiB of
     * buffers at most (large buffers may fall outside Jetty's pool and be allocated per request).
     */
    static final long MAX_BYTES = 1024 * 1024;

    private FileAnswer() {
    }

    /** Answers {@code doc} from {@code file}, which the caller closes. */
    static void serve(Request request, Response response, Callback callback, PublishedDocument doc,
                      FileChannel file, boolean headOnly) throws IOException {
        long total = file.size();
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
                return;
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
            return;
        }
        if (length > MAX_BYTES) {
            copy(file, first, length, Response.asBufferedOutputStream(request, response));
            callback.succeeded();
            return;
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
    }

    /**
     * Copies {@code length} bytes from {@code first} and closes {@code out}, only on success: closing after a failure
     * would complete a 200 with what little was written.
     */
    private static void copy(FileChannel file, long first, long length, OutputStream out) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK);
        long done = 0;
        while (done < length) {
            chunk.clear().limit((int) Math.min(CHUNK, length - done));
            int n = file.read(chunk, first + done);
            if (n < 0) {
                throw new EOFException("the file ended after " + done + " of " + length + " bytes");
            }
            out.write(chunk.array(), 0, n);
            done += n;
        }
        out.close();
    }
}
