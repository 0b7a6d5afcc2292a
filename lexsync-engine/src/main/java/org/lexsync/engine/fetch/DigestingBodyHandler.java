package org.lexsync.engine.fetch;

import org.lexsync.engine.disk.DiskFailures;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

import org.lexsync.core.io.CountingInputStream;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;

/**
 * Streams one response body to a temp file in a single pass (docs/architecture.md, invariant 3): undoes the
 * Content-Encoding (gzip, deflate), enforces the size cap on both the wire and the decoded bytes, detects a body
 * shorter than its Content-Length, and feeds MD5, SHA-256 and any other algorithm the source promised while writing.
 * The file is deleted on every failure.
 */
final class DigestingBodyHandler {
    private static final int BUFFER = 64 * 1024;
    private static final int MIN_BUFFER = 1024;

    private final Path tempDirectory;
    private final long maxBytes;

    DigestingBodyHandler(Path tempDirectory, long maxBytes) {
        this.tempDirectory = tempDirectory;
        this.maxBytes = maxBytes;
    }

    /**
     * A written body: the file (null when the body stayed in memory), the in-memory bytes (null when written to
     * the file), its decoded length and lower-case hex digests by algorithm.
     */
    record Body(Path file, byte[] inline, long length, Map<HashAlgorithm, String> digests) {
        String hex(HashAlgorithm algorithm) {
            return digests.get(algorithm);
        }
    }

    /**
     * Writes {@code raw} to a new temp file. {@code contentLength} is the announced wire length or -1.
     *
     * @throws FetchException TOO_LARGE, TRUNCATED, TIMEOUT, HTTP_STATUS (unsupported encoding) or CONNECTION
     */
    Body write(URI url, InputStream raw, String contentEncoding, long contentLength, Set<HashAlgorithm> extra,
               int inlineLimit) throws InterruptedException {
        if (contentLength > maxBytes && isIdentity(contentEncoding)) {
            throw FetchException.fatal(url, FetchFailure.TOO_LARGE, String.format(Locale.ROOT,
                    "Content-Length %d exceeds the cap of %d bytes", contentLength, maxBytes));
        }
        EnumMap<HashAlgorithm, MessageDigest> digests = new EnumMap<>(HashAlgorithm.class);
        digests.put(HashAlgorithm.MD5, HashAlgorithm.MD5.newDigest());
        digests.put(HashAlgorithm.SHA_256, HashAlgorithm.SHA_256.newDigest());
        for (HashAlgorithm a : extra) {
            digests.computeIfAbsent(a, HashAlgorithm::newDigest);
        }
        Path file = null;
        Counting wire = new Counting(raw);
        try {
            long length = 0;
            // Bodies up to inlineLimit stay in memory; the temp file is created only when a body outgrows it.
            int expected = contentLength >= 0 && isIdentity(contentEncoding) ? (int) Math.min(contentLength, BUFFER) : -1;
            ByteArrayOutputStream memory = inlineLimit > 0
                    ? new ByteArrayOutputStream(Math.min(inlineLimit, expected >= 0 ? expected : 8192)) : null;
            OutputStream out = memory;
            try (InputStream in = decode(url, wire, contentEncoding)) {
                if (out == null) {
                    file = tempFile(raw);
                    out = LocalFile.open(file);
                }
                // Sized to the body when its length is known: a 64 KB buffer per small resource was most of
                // the garbage of a sync of many small files.
                byte[] buffer = new byte[expected >= 0 ? Math.max(MIN_BUFFER, expected + 1) : BUFFER];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    length += n;
                    if (length > maxBytes || wire.count() > maxBytes && isIdentity(contentEncoding)) {
                        throw FetchException.fatal(url, FetchFailure.TOO_LARGE, String.format(Locale.ROOT,
                                "body exceeds the cap of %d bytes", maxBytes));
                    }
                    for (MessageDigest d : digests.values()) {
                        d.update(buffer, 0, n);
                    }
                    if (memory != null && out == memory && length > inlineLimit) {
                        file = tempFile(raw);
                        out = LocalFile.open(file);
                        memory.writeTo(out);
                        memory = null;
                    }
                    out.write(buffer, 0, n);
                }
                // A decoder may stop at the end of its data; read the wire to its end so truncation is judged
                // on every byte the server sent.
                while (wire.count() <= maxBytes && wire.read(buffer) >= 0) {
                    // discard trailing bytes
                }
            } finally {
                if (out != null) {
                    out.close();
                }
            }
            if (contentLength >= 0 && wire.count() < contentLength) {
                throw FetchException.transientFailure(url, FetchFailure.TRUNCATED, String.format(Locale.ROOT,
                        "body ended after %d of %d announced bytes", wire.count(), contentLength), null);
            }
            EnumMap<HashAlgorithm, String> hex = new EnumMap<>(HashAlgorithm.class);
            digests.forEach((a, d) -> hex.put(a, HexFormat.of().formatHex(d.digest())));
            Body body = memory != null ? new Body(null, memory.toByteArray(), length, hex)
                    : new Body(file, null, length, hex);
            file = null;
            return body;
        } catch (LocalFile.WriteFailure e) {
            // our disk, not the source: a full or read-only store is named as such (issue 13.4, exit code 4)
            throw DiskFailures.of(tempDirectory, "write the body of " + url + " to a temp file", e.getCause());
        } catch (TimedBodyStream.BodyTimeoutException e) {
            throw FetchException.transientFailure(url, FetchFailure.TIMEOUT, e.getMessage(), e);
        } catch (InterruptedIOException e) {
            throw new InterruptedException(e.getMessage());
        } catch (ZipException | EOFException e) {
            throw FetchException.transientFailure(url, FetchFailure.TRUNCATED,
                    "encoded body is cut short or corrupt: " + e.getMessage(), e);
        } catch (IOException e) {
            throw FetchException.transientFailure(url, FetchFailure.TRUNCATED, String.format(Locale.ROOT,
                    "body broke off after %d bytes: %s", wire.count(), e.getMessage()), e);
        } finally {
            closeQuietly(raw);
            if (file != null) {
                TempFiles.deleteQuietly(file);
            }
        }
    }

    private Path tempFile(InputStream raw) {
        try {
            return Files.createTempFile(tempDirectory, "fetch-", ".part");
        } catch (IOException e) {
            closeQuietly(raw);
            throw DiskFailures.of(tempDirectory, "create a temp file in " + tempDirectory, e);
        }
    }

    /** A temp file whose write failures are told apart from failures reading the body (they are local). */
    private static final class LocalFile extends java.io.FilterOutputStream {
        /** Writing the temp file failed. */
        static final class WriteFailure extends UncheckedIOException {
            private static final long serialVersionUID = 1L;

            WriteFailure(IOException cause) {
                super(cause);
            }
        }

        private LocalFile(OutputStream out) {
            super(out);
        }

        static OutputStream open(Path file) {
            try {
                return new LocalFile(Files.newOutputStream(file));
            } catch (IOException e) {
                throw new WriteFailure(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new WriteFailure(e);
            }
        }

        @Override
        public void write(int b) {
            try {
                out.write(b);
            } catch (IOException e) {
                throw new WriteFailure(e);
            }
        }

        @Override
        public void close() {
            try {
                out.close();
            } catch (IOException e) {
                throw new WriteFailure(e);
            }
        }
    }

    static boolean isIdentity(String encoding) {
        return encoding == null || encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity");
    }

    private InputStream decode(URI url, InputStream wire, String encoding) throws IOException {
        if (isIdentity(encoding)) {
            return wire;
        }
        String e = encoding.trim().toLowerCase(Locale.ROOT);
        return switch (e) {
            case "gzip", "x-gzip" -> new GZIPInputStream(wire, BUFFER);
            case "deflate" -> deflate(wire);
            default -> throw FetchException.fatal(url, FetchFailure.HTTP_STATUS,
                    "unsupported Content-Encoding " + encoding);
        };
    }

    /** RFC 9110 §8.4.1.2 says zlib-wrapped; some servers send raw deflate, told apart by the zlib header. */
    private static InputStream deflate(InputStream wire) throws IOException {
        BufferedInputStream in = new BufferedInputStream(wire, 2);
        in.mark(2);
        int cmf = in.read();
        int flg = in.read();
        in.reset();
        boolean zlib = cmf >= 0 && flg >= 0 && (cmf & 0x0f) == 8 && ((cmf << 8) | flg) % 31 == 0;
        Inflater inflater = new Inflater(!zlib);
        return new InflaterInputStream(in, inflater, BUFFER) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    inflater.end();
                }
            }
        };
    }

    static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // Closing only cancels the exchange; nothing to recover.
        }
    }

    /** Counts the bytes read from the wire (before decoding); the raw stream is closed by the handler itself. */
    private static final class Counting extends CountingInputStream {
        Counting(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // closed by the handler
        }
    }
}
