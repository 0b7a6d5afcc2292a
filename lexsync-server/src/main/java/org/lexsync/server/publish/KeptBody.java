package org.lexsync.server.publish;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;

/**
 * Bytes kept in memory to be answered without reading them again: held in a direct buffer (written to the socket
 * without a copy to a temporary one) with their Content-Length encoded once, and, made on the first request that asks
 * for it, their gzip form. Shared by the rendered documents ({@link CachedDocument}) and the hot stored bytes
 * ({@link HotBytes}); it knows nothing of paths or headers other than its length.
 */
final class KeptBody {
    private final ByteBuffer body;
    private final HttpField contentLength;
    private volatile Gzipped gzip;

    /** The gzip form of the bytes and its Content-Length field. */
    record Gzipped(ByteBuffer body, HttpField contentLength) {
    }

    KeptBody(byte[] bytes) {
        this(bytes, bytes.length);
    }

    /** The first {@code length} bytes of {@code bytes}. */
    KeptBody(byte[] bytes, int length) {
        this.body = ByteBuffer.allocateDirect(length).put(bytes, 0, length).flip().asReadOnlyBuffer();
        this.contentLength = new PreEncodedHttpField(HttpHeader.CONTENT_LENGTH, length);
    }

    /** The Content-Length of the whole plain body. */
    HttpField contentLength() {
        return contentLength;
    }

    /** Length of the plain body. */
    int length() {
        return body.capacity();
    }

    /** The plain bytes from {@code from}, {@code length} of them: a view for one response to consume. */
    ByteBuffer body(int from, int length) {
        return body.slice(from, length);
    }

    /** The gzip form of the bytes, made once (the caller reweighs its cache when it was just made). */
    Gzipped gzip() {
        Gzipped g = gzip;
        if (g == null) {
            byte[] plain = new byte[body.capacity()];
            body.get(0, plain);
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, plain.length / 8));
            try (GZIPOutputStream z = new GZIPOutputStream(out, 64 * 1024)) {
                z.write(plain);
            } catch (IOException e) {
                throw new UncheckedIOException(e);   // in memory: cannot happen
            }
            byte[] zipped = out.toByteArray();
            g = new Gzipped(ByteBuffer.allocateDirect(zipped.length).put(zipped).flip().asReadOnlyBuffer(),
                    new PreEncodedHttpField(HttpHeader.CONTENT_LENGTH, zipped.length));
            gzip = g;
        }
        return g;
    }

    /** True once the gzip form was made. */
    boolean gzipped() {
        return gzip != null;
    }

    /** Bytes held (plain, and gzip once made), for a cache's budget. */
    long weight() {
        Gzipped g = gzip;
        return body.capacity() + (g == null ? 0 : g.body().capacity());
    }
}
