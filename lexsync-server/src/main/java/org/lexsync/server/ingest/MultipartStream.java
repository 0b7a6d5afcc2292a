package org.lexsync.server.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.io.Content;
import org.jspecify.annotations.Nullable;

/**
 * Splits a {@code multipart/form-data} body (RFC 7578) into its parts as it streams by, handing each part's bytes to
 * an output stream the caller chooses from the part's headers: nothing is held in memory beyond one read buffer, so an
 * upload of any size goes to disk (docs/architecture.md, invariant 3). The parsing itself (delimiters, header lines,
 * compliance) is Jetty's {@link MultiPart.Parser}, fed from the blocking request stream; this class only adapts its
 * callbacks to {@link PartSink}s. A body that ends before its closing delimiter is a {@link MalformedBodyException}
 * (an upload cut short).
 */
final class MultipartStream {
    /** Bytes of one part's header block at most. */
    private static final int MAX_HEADERS = 16 << 10;
    /** Bytes read from the request per step. */
    private static final int READ = 64 << 10;

    /** Where a part's bytes go. */
    @FunctionalInterface
    interface PartSink {
        /** The stream for the part with these headers (lower-cased names); closed by the reader. */
        OutputStream open(Map<String, String> headers) throws IOException;
    }

    /** The body is not the multipart document its headers promised (or was cut short). */
    static final class MalformedBodyException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedBodyException(String message) {
            super(message);
        }
    }

    private final InputStream in;
    private final String boundary;

    MultipartStream(InputStream in, String boundary) {
        this.in = in;
        this.boundary = boundary;
    }

    /** The {@code boundary} parameter of a multipart content type (Jetty reads it), or null when none is usable. */
    static @Nullable String boundary(String contentType) {
        String b = MultiPart.extractBoundary(contentType);
        // RFC 2046 §5.1.1: 1 to 70 characters
        return b == null || b.isEmpty() || b.length() > 70 ? null : b;
    }

    /** Reads the whole body, each part into the stream {@code sink} gives for it. */
    void read(PartSink sink) throws IOException {
        Parts parts = new Parts(sink);
        MultiPart.Parser parser = new MultiPart.Parser(boundary, parts);
        parser.setPartHeadersMaxLength(MAX_HEADERS);
        byte[] buf = new byte[READ];
        try {
            while (!parts.done()) {
                int n = in.read(buf);
                if (n < 0) {
                    parse(parser, Content.Chunk.EOF);
                    break;
                }
                // the chunk gets its own copy of what was read: the parser's content chunks are views of it and are
                // written out before the next read, but nothing here relies on the parser letting go of them
                parse(parser, Content.Chunk.from(ByteBuffer.wrap(Arrays.copyOf(buf, n)), false));
                parts.rethrow();
            }
            parts.rethrow();
            if (!parts.complete) {
                throw new MalformedBodyException("the body ends before its closing delimiter (cut short?)");
            }
        } finally {
            parts.closeQuietly();
        }
    }

    /** One step of the parser; a refusal it throws instead of reporting (a bad message) is a malformed body. */
    private static void parse(MultiPart.Parser parser, Content.Chunk chunk) throws MalformedBodyException {
        try {
            parser.parse(chunk);
        } catch (RuntimeException e) {
            throw new MalformedBodyException("malformed multipart body: " + e.getMessage());
        }
    }

    /** Jetty's parser callbacks, turned into a sink per part; an I/O error is kept and rethrown by the reader. */
    private static final class Parts implements MultiPart.Parser.Listener {
        private final PartSink sink;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private @Nullable OutputStream out;
        private @Nullable IOException failure;
        private boolean complete;

        Parts(PartSink sink) {
            this.sink = sink;
        }

        boolean done() {
            return complete || failure != null;
        }

        void rethrow() throws IOException {
            if (failure != null) {
                throw failure;
            }
        }

        @Override
        public void onPartBegin() {
            headers.clear();
        }

        @Override
        public void onPartHeader(String name, String value) {
            if (name != null) {
                headers.put(name.strip().toLowerCase(Locale.ROOT), value == null ? "" : value.strip());
            }
        }

        @Override
        public void onPartHeaders() {
            if (failure != null) {
                return;
            }
            try {
                out = sink.open(Map.copyOf(headers));
            } catch (IOException e) {
                failure = e;
            }
        }

        @Override
        public void onPartContent(Content.Chunk chunk) {
            try {
                ByteBuffer bytes = chunk.getByteBuffer();
                if (out != null && failure == null && bytes.hasRemaining()) {
                    if (bytes.hasArray()) {
                        out.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
                    } else {
                        byte[] copy = new byte[bytes.remaining()];
                        bytes.duplicate().get(copy);
                        out.write(copy);
                    }
                }
            } catch (IOException e) {
                failure = e;
            }
        }

        @Override
        public void onPartEnd() {
            OutputStream o = out;
            out = null;
            if (o != null) {
                try {
                    o.close();
                } catch (IOException e) {
                    if (failure == null) {
                        failure = e;
                    }
                }
            }
        }

        @Override
        public void onComplete() {
            complete = true;
        }

        @Override
        public void onFailure(Throwable cause) {
            if (failure == null) {
                failure = cause instanceof java.io.EOFException
                        ? new MalformedBodyException("the body ends before its closing delimiter (cut short?)")
                        : cause instanceof IOException io ? io
                        : new MalformedBodyException("malformed multipart body: " + cause.getMessage());
            }
        }

        void closeQuietly() {
            if (out != null) {
                try {
                    out.close();
                } catch (IOException ignored) {
                    // the upload failed already; the caller deletes the spool directory
                }
                out = null;
            }
        }
    }
}
