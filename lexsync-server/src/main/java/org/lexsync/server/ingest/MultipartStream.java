package org.lexsync.server.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Splits a {@code multipart/form-data} body (RFC 7578, with the delimiters of RFC 2046 §5.1.1) into its parts as it
 * streams by, handing each part's bytes to an output stream the caller chooses from the part's headers: nothing is
 * held in memory beyond one buffer, so an upload of any size goes to disk (docs/architecture.md, invariant 3). A
 * body that ends before its closing delimiter is a {@link MalformedBodyException} (an upload cut short).
 */
final class MultipartStream {
    /** Bytes of one part's header block at most. */
    private static final int MAX_HEADERS = 16 << 10;

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
    private final byte[] delimiter;
    private final byte[] buf;
    private int start;
    private int end;

    MultipartStream(InputStream in, String boundary) {
        this.in = in;
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.buf = new byte[(64 << 10) + delimiter.length];
        // the first delimiter may open the body without a line break before it: pretend there is one
        buf[0] = '\r';
        buf[1] = '\n';
        end = 2;
    }

    /** The {@code boundary} parameter of a multipart content type, or null. */
    static @Nullable String boundary(String contentType) {
        for (String param : contentType.split(";")) {
            String p = param.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("boundary=")) {
                String b = p.substring("boundary=".length());
                if (b.length() >= 2 && b.startsWith("\"") && b.endsWith("\"")) {
                    b = b.substring(1, b.length() - 1);
                }
                return b.isEmpty() || b.length() > 70 ? null : b;
            }
        }
        return null;
    }

    /** Reads the whole body, each part into the stream {@code sink} gives for it. */
    void read(PartSink sink) throws IOException {
        copyUntilDelimiter(OutputStream.nullOutputStream()); // the preamble
        while (true) {
            if (!ensure(2)) {
                throw new MalformedBodyException("the body ends after a delimiter");
            }
            if (buf[start] == '-' && buf[start + 1] == '-') {
                return; // close delimiter; the epilogue is ignored
            }
            skipLine(); // transport padding and the line break after the delimiter
            Map<String, String> headers = headers();
            try (OutputStream out = sink.open(headers)) {
                copyUntilDelimiter(out);
            }
        }
    }

    /** The part's header lines up to the empty line, names lower-cased (RFC 2046 §5.1.1, RFC 7578 §4.8). */
    private Map<String, String> headers() throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        int total = 0;
        while (true) {
            String line = line();
            total += line.length() + 2;
            if (total > MAX_HEADERS) {
                throw new MalformedBodyException("a part's headers exceed " + MAX_HEADERS + " bytes");
            }
            if (line.isEmpty()) {
                return headers;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
            }
        }
    }

    private void skipLine() throws IOException {
        line();
    }

    /** One CRLF-terminated line (UTF-8, as RFC 7578 §5.1 lets field names be), without its line break. */
    private String line() throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        while (true) {
            if (!ensure(1)) {
                throw new MalformedBodyException("the body ends inside a part's headers");
            }
            byte c = buf[start++];
            if (c == '\n') {
                byte[] bytes = b.toByteArray();
                int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, n, StandardCharsets.UTF_8);
            }
            b.write(c);
            if (b.size() > MAX_HEADERS) {
                throw new MalformedBodyException("a part's header line exceeds " + MAX_HEADERS + " bytes");
            }
        }
    }

    /** Copies bytes to {@code out} up to the next delimiter, which it consumes. */
    private void copyUntilDelimiter(OutputStream out) throws IOException {
        while (true) {
            int at = indexOf();
            if (at >= 0) {
                out.write(buf, start, at - start);
                start = at + delimiter.length;
                return;
            }
            int safe = end - (delimiter.length - 1); // a delimiter may begin in the last bytes
            if (safe > start) {
                out.write(buf, start, safe - start);
                start = safe;
            }
            if (!fill()) {
                throw new MalformedBodyException("the body ends before its closing delimiter (cut short?)");
            }
        }
    }

    private int indexOf() {
        byte first = delimiter[0];
        int last = end - delimiter.length;
        outer:
        for (int i = start; i <= last; i++) {
            if (buf[i] != first) {
                continue;
            }
            for (int k = 1; k < delimiter.length; k++) {
                if (buf[i + k] != delimiter[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Makes at least {@code n} unread bytes available; false at the end of the body. */
    private boolean ensure(int n) throws IOException {
        while (end - start < n) {
            if (!fill()) {
                return false;
            }
        }
        return true;
    }

    /** Moves the unread bytes to the front and reads more; false when the body has ended. */
    private boolean fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            start = 0;
        }
        int n = in.read(buf, end, buf.length - end);
        if (n < 0) {
            return false;
        }
        end += n;
        return true;
    }
}
