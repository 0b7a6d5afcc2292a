package org.lexsync.engine.resourcesync;

import org.lexsync.engine.disk.DiskFailures;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.lexsync.core.checksum.Digest;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.zip.ZipArchive;
import org.lexsync.core.zip.ZipArchiveEntry;
import org.lexsync.core.zip.ZipArchiveException;
import org.lexsync.core.zip.ZipEntryReader;
import org.lexsync.core.zip.ZipNames;
import org.lexsync.engine.model.StoreUnavailableException;

/**
 * One downloaded dump package (ResourceSync §11.1, §13.1) opened from its temp file, whatever tool wrote it:
 * opened through the ZIP gate {@link ZipArchive} (ZIP64, data descriptors, STORED and DEFLATED, directory
 * entries, a stub before the ZIP; an entry it cannot read fails alone; too many or overlapping entries refuse
 * the package), every entry name checked against traversal and matched to manifest paths as {@link ZipNames}
 * describes, {@code manifest.xml} at the top level (§11.2, §13.2) or, for a folder zipped whole, at the top of
 * that folder, and bitstreams extracted one at a time — small ones into memory, others to temp files — by one
 * {@link ZipEntryReader} within {@link DumpLimits} (the gate checks sizes, ratios, length and CRC-32), with the
 * promised hashes of files computed on the way. Every refusal is a {@link DumpPackageException} naming the
 * package and the entry.
 */
final class ZipPackage implements AutoCloseable {
    static final String MANIFEST = "manifest.xml";
    /** At most this many names are quoted per kind of note; the rest are counted. */
    private static final int MAX_QUOTED = 5;

    private final URI url;
    private final Path file;
    private final ZipArchive zip;
    private final ZipEntryReader reader;
    private final ZipEntryReader manifestReader;
    private final DumpLimits limits;
    /** "" or, for a package wrapped in one top-level folder that holds the manifest, that folder with its slash. */
    private final String root;
    private final ZipArchiveEntry manifest;
    /** Normalised name to entry, for every file entry with a safe name stored once. */
    private final Map<String, ZipArchiveEntry> byName;
    /** Normalised names stored more than once: which one is meant is unknowable. */
    private final Set<String> duplicates;
    /**
     * Other spellings of names, tried when a path finds none: without the UTF-8 flag read as ISO-8859-1
     * instead of IBM437 (a few Windows writers), and non-ASCII names in Unicode composed form (NFC).
     */
    private final Map<String, ZipArchiveEntry> others;
    /** What opening found worth reporting (refused names, names read differently, a wrapping folder); bounded. */
    private final List<String> notes;
    /** File entries besides the manifest, to tell whether the manifest left some out. */
    private final int bitstreams;
    /** Entries (by index) the manifest named. */
    private final BitSet used = new BitSet();
    private int usedCount;
    /** Read buffer, reused: a package is unpacked by one thread. */
    private final byte[] buffer = new byte[16 * 1024];

    private ZipPackage(URI url, Path file, ZipArchive zip, DumpLimits limits, Index index) {
        this.url = url;
        this.file = file;
        this.zip = zip;
        this.limits = limits;
        this.root = index.root;
        this.manifest = index.manifest;
        this.byName = index.byName;
        this.duplicates = index.duplicates;
        this.others = index.others;
        this.notes = index.notes;
        this.bitstreams = index.bitstreams;
        this.reader = zip.reader();
        this.manifestReader = zip.reader();
    }

    /**
     * Opens and checks a package; the temp file is deleted on close. Refuses (with a
     * {@link DumpPackageException} naming the package) what is not a readable ZIP or has no (or more than
     * one) {@code manifest.xml}; single entries with unsafe names are left out and noted, not fatal (they are
     * never extracted, and nothing is ever written under an entry's name).
     */
    static ZipPackage open(URI url, Path file, DumpLimits limits) {
        ZipArchive zip;
        try {
            zip = ZipArchive.open(file, url.toString(), limits.zip());
        } catch (ZipArchiveException e) {
            TempFiles.deleteQuietly(file);
            if (e.reason() == ZipArchiveException.Reason.IO) {
                throw new DumpPackageException(url, null, "cannot read the package (" + e.getCause() + ")");
            }
            throw new DumpPackageException(url, e.entry(), "not a readable ZIP file (" + e.detail() + ")", true);
        }
        try {
            return new ZipPackage(url, file, zip, limits, index(url, zip));
        } catch (RuntimeException e) {
            zip.close();
            TempFiles.deleteQuietly(file);
            if (e instanceof DumpPackageException d) {
                throw d;
            }
            throw new DumpPackageException(url, null, "not a readable ZIP file (" + e + ")");
        }
    }

    /** What one pass over the central directory learns about a package. */
    private static final class Index {
        String root = "";
        ZipArchiveEntry manifest;
        final Map<String, ZipArchiveEntry> byName;
        final Set<String> duplicates = new HashSet<>();
        /** Other spellings of names (see the field of the same name). */
        final Map<String, ZipArchiveEntry> others = new HashMap<>();
        final List<String> notes = new ArrayList<>();
        int bitstreams;
        private int refused;
        private int renamed;

        Index(int entries) {
            byName = new HashMap<>(Math.max(16, entries * 4 / 3 + 1));
        }
    }

    private static Index index(URI url, ZipArchive zip) {
        Index x = new Index(zip.entries().size());
        List<ZipArchiveEntry> wrappedManifests = new ArrayList<>(1);
        for (ZipArchiveEntry e : zip.entries()) {
            String stored = e.name();
            if (e.isDirectory()) {
                continue;
            }
            String name = ZipNames.normalize(stored);
            if (name == null) {
                if (x.refused++ < MAX_QUOTED) {
                    x.notes.add(String.format(Locale.ROOT, "entry '%s' refused: %s; it is never extracted",
                            stored, ZipNames.unsafe(stored)));
                }
                continue;
            }
            if (!name.equals(stored) && x.renamed++ == 0) {
                // one note: a package written by one tool names all its entries alike
                x.notes.add(String.format(Locale.ROOT, "entry '%s' is read as '%s'", stored, name));
            }
            if (x.byName.putIfAbsent(name, e) != null) {
                x.duplicates.add(name);
            }
            if (e.otherName() != null) {
                String other = ZipNames.normalize(e.otherName());
                if (other != null) {
                    x.others.putIfAbsent(other, e);
                }
            }
            String composed = ZipNames.composed(name);
            if (composed != name) {
                x.others.putIfAbsent(composed, e); // macOS stores names decomposed (NFD)
            }
            if (name.equals(MANIFEST)) {
                x.manifest = e;
                continue;
            }
            int slash = name.indexOf('/');
            if (slash > 0 && name.length() - slash - 1 == MANIFEST.length() && name.endsWith("/" + MANIFEST)) {
                wrappedManifests.add(e);
            }
            x.bitstreams++;
        }
        if (x.refused > MAX_QUOTED) {
            x.notes.add(String.format(Locale.ROOT, "%d more entries refused", x.refused - MAX_QUOTED));
        }
        int quoted = 0;
        for (String d : x.duplicates) {
            x.byName.remove(d);
            if (quoted++ < MAX_QUOTED) {
                x.notes.add(String.format(Locale.ROOT, "entry name '%s' is stored more than once; none of them is"
                        + " extracted", d));
            }
        }
        if (quoted > MAX_QUOTED) {
            x.notes.add(String.format(Locale.ROOT, "%d more names stored more than once", quoted - MAX_QUOTED));
        }
        if (x.duplicates.contains(MANIFEST)) {
            throw new DumpPackageException(url, MANIFEST, "the package holds more than one manifest.xml", true);
        }
        if (x.manifest == null && wrappedManifests.size() == 1) {
            // a folder zipped as a whole: its manifest is at the top level of that folder
            String name = ZipNames.normalize(wrappedManifests.get(0).name());
            x.root = name.substring(0, name.length() - MANIFEST.length());
            x.manifest = wrappedManifests.get(0);
            x.bitstreams--;
            x.notes.add(String.format(Locale.ROOT, "no manifest.xml at the top level (§11.2) but in the folder '%s';"
                    + " paths are read relative to that folder", x.root));
        }
        if (x.manifest == null) {
            throw new DumpPackageException(url, MANIFEST, "the package has no manifest.xml at its top level (§11.2)",
                    true);
        }
        return x;
    }

    /** Why an entry name or manifest path could escape the package, or null when it is safe (see {@link ZipNames}). */
    static String unsafe(String name) {
        return ZipNames.unsafe(name);
    }

    URI url() {
        return url;
    }

    /** What opening found worth a finding: entries refused for their names, names read differently, a wrapping folder. */
    List<String> notes() {
        return notes;
    }

    /**
     * Bitstreams the manifest did not name (ZIP entries that are not extracted), with up to a few of
     * their names; null when there are none. Looks at the entries again only in that case.
     */
    String unlisted() {
        if (usedCount >= bitstreams) {
            return null;
        }
        List<String> quoted = new ArrayList<>(MAX_QUOTED);
        int count = 0;
        for (ZipArchiveEntry e : zip.entries()) {
            String name = ZipNames.normalize(e.name());
            if (e.isDirectory() || name == null || name.endsWith("/") || e == manifest || used.get(e.index())
                    || duplicates.contains(name)) {
                continue;
            }
            if (count++ < MAX_QUOTED) {
                quoted.add("'" + e.name() + "'");
            }
        }
        if (count == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%d entr%s not named by the manifest, ignored: %s%s", count,
                count == 1 ? "y" : "ies", String.join(", ", quoted), count > MAX_QUOTED ? ", …" : "");
    }

    /** Counts the bitstream at a manifest path as named by the manifest though it is not extracted. */
    void listed(String path) {
        try {
            use(entry(path));
        } catch (DumpPackageException absent) {
            // nothing to count
        }
    }

    private void use(ZipArchiveEntry e) {
        if (!used.get(e.index())) {
            used.set(e.index());
            usedCount++;
        }
    }

    /** The manifest's bytes, streamed (it may be large; it is read by a streaming XML reader). */
    InputStream manifest() {
        // its own reader: the manifest is read a little at a time between the bitstreams it names
        try {
            return manifestReader.stream(manifest);
        } catch (ZipArchiveException e) {
            throw new DumpPackageException(url, MANIFEST, "unreadable (" + e.detail() + ")", true);
        }
    }

    /** The entry a manifest path names (§11.2, §13.2), or a typed refusal naming the path. */
    private ZipArchiveEntry entry(String path) {
        String name = ZipNames.normalize(path.startsWith("/") ? path.substring(1) : path);
        if (name == null) {
            throw new DumpPackageException(url, path, ZipNames.unsafe(path));
        }
        if (!root.isEmpty()) {
            name = root + name;
        }
        if (duplicates.contains(name)) {
            throw new DumpPackageException(url, path, "the package holds more than one entry of that name;"
                    + " which one is meant is unknowable");
        }
        ZipArchiveEntry entry = byName.get(name);
        if (entry == null) {
            String composed = ZipNames.composed(name);
            if (composed != name) {
                entry = byName.get(composed);
            }
            if (entry == null && !others.isEmpty()) {
                entry = others.get(name);
                if (entry == null && composed != name) {
                    entry = others.get(composed);
                }
            }
        }
        if (entry == null) {
            throw new DumpPackageException(url, path, "the manifest names a bitstream the package does not hold");
        }
        return entry;
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
     * Extracts the bitstream at a manifest {@code path} (§11.2, §13.2: relative to the package root, written
     * with a leading slash; {@link ZipNames} says how other spellings are read): into memory when the entry
     * declares at most {@link DumpLimits#inlineMax()} bytes, else (or once it turns out larger than declared)
     * to a new file in {@code dir}. The bytes are counted as they come, so the bounds hold whatever sizes the
     * entry declares, and checked against the entry's CRC-32 and size, so a corrupt bitstream the manifest
     * promises no hash for does not pass. The promised algorithms are computed on the way only for a file,
     * which would otherwise be read again; bytes in memory are hashed by the applier's workers.
     *
     * @throws DumpPackageException naming the package and the path; {@link DumpPackageException#refusesPackage()}
     *         tells whether the whole package must be given up (it expands beyond the package bound) or only
     *         this bitstream (missing, ambiguous, an unsafe name, unreadable, corrupt, over the entry bounds)
     */
    Extracted extract(String path, Path dir, Digests expected) {
        ZipArchiveEntry entry = entry(path);
        use(entry);
        long declared = entry.size();
        Sink sink = new Sink(dir, declared <= limits.inlineMax() ? (int) declared : -1, limits.inlineMax(), expected);
        try {
            long n = 0;
            reader.start(entry);
            try (sink) {
                for (int r; (r = reader.read(buffer)) > 0; ) {
                    n += r;
                    sink.write(buffer, r);
                }
            }
            return new Extracted(sink.file, sink.file == null ? sink.bytes() : null, n, sink.hex());
        } catch (ZipArchiveException e) {
            TempFiles.deleteQuietly(sink.file);
            throw refusal(path, e);
        } catch (IOException e) {
            TempFiles.deleteQuietly(sink.file);
            // a scratch directory on a full or read-only disk is a local store error (exit 4), not a bad package
            if (DiskFailures.of(dir, "unpack " + path + " of " + url + " into " + dir, e)
                    instanceof StoreUnavailableException local) {
                throw local;
            }
            throw new DumpPackageException(url, path, "unreadable entry (" + e.getMessage() + ")");
        } catch (RuntimeException e) {
            TempFiles.deleteQuietly(sink.file);
            throw e;
        }
    }

    /**
     * The gate's refusal of a bitstream as the package's: expanding beyond the package bounds refuses the whole
     * package; over the entry bounds or corrupt, the bitstream alone; an entry the gate cannot read (an unsafe
     * name, another method, encrypted, a broken header) is "unreadable".
     */
    private DumpPackageException refusal(String path, ZipArchiveException e) {
        return switch (e.reason()) {
            case ARCHIVE_TOO_LARGE, ARCHIVE_RATIO -> new DumpPackageException(url, path, e.detail(), true);
            case ENTRY_TOO_LARGE, ENTRY_RATIO, CORRUPT_ENTRY -> new DumpPackageException(url, path, e.detail());
            default -> new DumpPackageException(url, path, "unreadable entry (" + e.detail() + ")");
        };
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
        reader.close();
        manifestReader.close();
        zip.close();
        TempFiles.deleteQuietly(file);
    }
}
