package org.lexsync.engine.resourcesync;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;

/**
 * One downloaded dump package (ResourceSync §11.1, §13.1) opened from its temp file: every entry name
 * checked against traversal before anything is read, {@code manifest.xml} at the top level (§11.2,
 * §13.2), and bitstreams extracted one at a time — small ones into memory, others to temp files — within
 * {@link DumpLimits}, their length and promised hashes computed on the way.
 */
final class ZipPackage implements AutoCloseable {
    static final String MANIFEST = "manifest.xml";

    private final URI url;
    private final Path file;
    private final ZipFile zip;
    private final DumpLimits limits;
    private final long packageBytes;
    private long expanded;
    /** Read buffer, reused: a package is unpacked by one thread. */
    private final byte[] buffer = new byte[16 * 1024];

    private ZipPackage(URI url, Path file, ZipFile zip, DumpLimits limits) throws IOException {
        this.url = url;
        this.file = file;
        this.zip = zip;
        this.limits = limits;
        this.packageBytes = Files.size(file);
    }

    /** Opens and checks a package; the temp file is deleted on close. */
    static ZipPackage open(URI url, Path file, DumpLimits limits) {
        ZipFile zip;
        try {
            zip = new ZipFile(file.toFile());
        } catch (ZipException e) {
            TempFiles.deleteQuietly(file);
            throw new DumpPackageException(url, null, "not a ZIP file (" + e.getMessage() + ")");
        } catch (IOException e) {
            TempFiles.deleteQuietly(file);
            throw new DumpPackageException(url, null, e.toString());
        }
        try {
            ZipPackage p = new ZipPackage(url, file, zip, limits);
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                String why = unsafe(name);
                if (why != null) {
                    throw new DumpPackageException(url, name, why);
                }
            }
            if (zip.getEntry(MANIFEST) == null) {
                throw new DumpPackageException(url, MANIFEST, "the package has no manifest.xml at its top level (§11.2)");
            }
            return p;
        } catch (IOException | RuntimeException e) {
            try {
                zip.close();
            } catch (IOException ignored) {
                // already failing
            }
            TempFiles.deleteQuietly(file);
            if (e instanceof DumpPackageException d) {
                throw d;
            }
            throw new DumpPackageException(url, null, e.toString());
        }
    }

    /** Why an entry name or manifest path could escape the package, or null when it is safe. */
    static String unsafe(String name) {
        if (name.isEmpty()) {
            return "empty entry name";
        }
        if (name.indexOf('\\') >= 0) {
            return "backslash in entry name";
        }
        if (name.indexOf('\0') >= 0) {
            return "NUL in entry name";
        }
        if (name.startsWith("/")) {
            return "absolute entry name";
        }
        if (name.length() >= 2 && name.charAt(1) == ':' && Character.isLetter(name.charAt(0))) {
            return "drive letter in entry name";
        }
        for (String part : name.split("/")) {
            if (part.equals("..")) {
                return "'..' in entry name (path traversal)";
            }
        }
        return null;
    }

    URI url() {
        return url;
    }

    InputStream manifest() {
        try {
            return zip.getInputStream(zip.getEntry(MANIFEST));
        } catch (IOException e) {
            throw new DumpPackageException(url, MANIFEST, e.toString());
        }
    }

    /**
     * What an extraction produced: the bytes in memory (small bitstreams) or a temp file, never both; the
     * length and, for a file, the hex of each promised algorithm (bytes in memory are checked by the applier).
     */
    record Extracted(Path file, byte[] bytes, long length, Map<HashAlgorithm, String> hex) {
        /** Null when every promised digest matches, else a description of the first mismatch. */
        String mismatch(Digests expected, Long expectedLength) {
            if (expectedLength != null && expectedLength != length) {
                return String.format(Locale.ROOT, "length %d, manifest says %d", length, expectedLength);
            }
            for (Digest d : expected.known().values()) {
                String got = hex.get(d.algorithm());
                if (got != null && !got.equals(d.hex())) {
                    return String.format(Locale.ROOT, "%s:%s, manifest says %s", d.algorithm().token(), got, d.hex());
                }
            }
            return null;
        }
    }

    /**
     * Extracts the bitstream at a manifest {@code path} (§11.2: relative to the package root, written with
     * a leading slash): into memory when the entry declares at most {@link DumpLimits#inlineMax()} bytes,
     * else (or once it turns out larger than declared) to a new file in {@code dir}. The promised algorithms
     * are computed on the way only for a file, which would otherwise be read again; bytes in memory are
     * hashed by the applier's workers (in parallel, and only once), so the planner thread stays light.
     */
    Extracted extract(String path, Path dir, Digests expected) {
        String name = path.startsWith("/") ? path.substring(1) : path;
        String why = unsafe(name);
        if (why != null) {
            throw new DumpPackageException(url, path, why);
        }
        ZipEntry entry = zip.getEntry(name);
        if (entry == null || entry.isDirectory()) {
            throw new DumpPackageException(url, path, "the manifest names a bitstream the package does not hold");
        }
        long declared = entry.getSize();
        Sink sink = new Sink(dir, declared >= 0 && declared <= limits.inlineMax() ? (int) declared : -1,
                limits.inlineMax(), expected);
        try {
            long n = 0;
            long compressed = Math.max(1, entry.getCompressedSize());
            try (InputStream in = zip.getInputStream(entry); sink) {
                for (int r; (r = in.read(buffer)) > 0; ) {
                    n += r;
                    expanded += r;
                    if (n > limits.maxEntryBytes()) {
                        throw new DumpPackageException(url, path, "bitstream larger than " + limits.maxEntryBytes() + " bytes");
                    }
                    if (expanded > limits.maxPackageBytes()
                            || expanded > limits.ratioFloor() && expanded / Math.max(1, packageBytes) > limits.maxRatio()) {
                        throw new DumpPackageException(url, path, "the package expands beyond its bounds ("
                                + expanded + " bytes from " + packageBytes + ")");
                    }
                    if (n > limits.ratioFloor() && n / compressed > limits.maxRatio()) {
                        throw new DumpPackageException(url, path, "expansion ratio above " + limits.maxRatio());
                    }
                    sink.write(buffer, r);
                }
            }
            return new Extracted(sink.file, sink.file == null ? sink.bytes() : null, n, sink.hex());
        } catch (IOException e) {
            TempFiles.deleteQuietly(sink.file);
            throw new DumpPackageException(url, path, e.toString());
        } catch (RuntimeException e) {
            TempFiles.deleteQuietly(sink.file);
            throw e;
        }
    }

    /**
     * Where extracted bytes go: a growing array up to the inline bound, then (spilling what it holds) a temp
     * file, whose bytes are hashed with the promised algorithms as they are written.
     */
    private static final class Sink implements AutoCloseable {
        private final Path dir;
        private final int inlineMax;
        private final Digests expected;
        private final Map<HashAlgorithm, MessageDigest> digests = new EnumMap<>(HashAlgorithm.class);
        private byte[] memory;
        private int used;
        private Path file;
        private OutputStream out;

        Sink(Path dir, int declared, int inlineMax, Digests expected) {
            this.dir = dir;
            this.inlineMax = inlineMax;
            this.expected = expected;
            this.memory = declared >= 0 ? new byte[declared] : null;
        }

        void write(byte[] buffer, int length) throws IOException {
            if (out == null && memory != null && used + length <= inlineMax) {
                if (used + length > memory.length) {
                    memory = Arrays.copyOf(memory, Math.min(inlineMax, Math.max(used + length, memory.length * 2)));
                }
                System.arraycopy(buffer, 0, memory, used, length);
                used += length;
                return;
            }
            if (out == null) {
                file = Files.createTempFile(dir, "rs-", ".bit");
                out = Files.newOutputStream(file);
                for (HashAlgorithm a : expected.known().keySet()) {
                    digests.put(a, a.newDigest());
                }
                if (memory != null) {
                    digest(memory, used);
                    out.write(memory, 0, used);
                    memory = null;
                }
            }
            digest(buffer, length);
            out.write(buffer, 0, length);
        }

        private void digest(byte[] bytes, int length) {
            for (MessageDigest d : digests.values()) {
                d.update(bytes, 0, length);
            }
        }

        /** The hex of each promised algorithm over a file's bytes; empty for bytes kept in memory. */
        Map<HashAlgorithm, String> hex() {
            Map<HashAlgorithm, String> hex = new EnumMap<>(HashAlgorithm.class);
            digests.forEach((a, d) -> hex.put(a, HexFormat.of().formatHex(d.digest())));
            return hex;
        }

        byte[] bytes() {
            byte[] m = memory == null ? new byte[0] : memory;
            return used == m.length ? m : Arrays.copyOf(m, used);
        }

        @Override
        public void close() throws IOException {
            if (out != null) {
                out.close();
            } else if (memory == null) {
                memory = new byte[0];
            }
        }
    }

    @Override
    public void close() {
        try {
            zip.close();
        } catch (IOException ignored) {
            // the file goes anyway
        }
        TempFiles.deleteQuietly(file);
    }
}
