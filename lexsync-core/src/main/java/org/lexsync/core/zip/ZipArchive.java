package org.lexsync.engine.resourcesync;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * A ZIP file's central directory read by hand (APPNOTE.TXT 6.3.10 §4.3), for dump packages whatever tool
 * wrote them. {@link java.util.zip.ZipFile} refuses a whole file for one entry it cannot read (a compression
 * method other than STORED or DEFLATED, an encrypted entry, a ZIP64 field a writer added beside sizes that
 * needed none, a name that is not valid UTF-8) and guesses the encoding of names stored without the UTF-8
 * flag; here such an entry carries its {@link Entry#problem()} and only it is unreadable, and names are
 * decoded by their flag ({@link ZipNames#decode}).
 *
 * <p>Read: the end of central directory record (searched backwards over the comment), the ZIP64 end record
 * when its locator is there, bytes prepended to the ZIP (a self-extractor stub) allowed for as the JDK does,
 * entry counts ignored in favour of the directory itself (writers that do not use ZIP64 wrap them at 65,536).
 * Data descriptors (bit 3) need no reading: the central directory holds the real sizes. Not read: spanned
 * archives. Every offset and length is checked against the file before it is used; the directory is read
 * into memory once (as the JDK does) and dropped, leaving one small {@link Entry} per entry.
 */
final class ZipDirectory implements AutoCloseable {
    private static final int EOCD = 0x06054b50;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int ZIP64_EOCD = 0x06064b50;
    private static final int CEN = 0x02014b50;
    private static final int LOC = 0x04034b50;
    private static final int EOCD_SIZE = 22;
    private static final int CEN_SIZE = 46;
    private static final int LOC_SIZE = 30;
    private static final long MAX32 = 0xffffffffL;
    private static final int FLAG_ENCRYPTED = 1;
    private static final int FLAG_UTF8 = 1 << 11;
    /** The largest central directory read: 262,144 entries (the default entry bound) of 256 bytes each. */
    static final long MAX_DIRECTORY_BYTES = 64L << 20;

    /**
     * One entry: its position in the directory, decoded name (and, for a name without the UTF-8 flag read as
     * IBM437, the same bytes read as ISO-8859-1, which a few Windows writers use; else null), method, CRC-32,
     * sizes, where its local header is in the file, and why its data cannot be read (null when it can).
     */
    record Entry(int index, String name, String otherName, int method, long crc, long compressedSize, long size,
                 long localHeader, String problem) {
        boolean isDirectory() {
            return name.endsWith("/") || name.endsWith("\\");
        }
    }

    private final FileChannel channel;
    private final List<Entry> entries;
    /** Where the central directory starts: entry data ends before it. */
    private final long dataEnd;

    private ZipDirectory(FileChannel channel, List<Entry> entries, long dataEnd) {
        this.channel = channel;
        this.entries = entries;
        this.dataEnd = dataEnd;
    }

    /**
     * Reads the directory of a ZIP file listing at most {@code maxEntries} entries; a {@link ZipException}
     * says why the file is no readable ZIP (or too many entries).
     */
    static ZipDirectory open(Path file, int maxEntries) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            long size = ch.size();
            if (size < EOCD_SIZE) {
                throw new ZipException("too short for a ZIP file (no END header): truncated, or no ZIP at all");
            }
            int tailLength = (int) Math.min(size, EOCD_SIZE + 0xffff);
            ByteBuffer tail = read(ch, size - tailLength, tailLength);
            int end = findEnd(tail, tailLength);
            if (end < 0) {
                throw new ZipException("no END header: truncated, or no ZIP at all");
            }
            long endPos = size - tailLength + end;
            boolean spanned = u16(tail, end + 4) != 0 || u16(tail, end + 6) != 0;
            long cenSize = u32(tail, end + 12);
            long cenOffset = u32(tail, end + 16);
            long cenEnd = endPos;
            if (end >= 20 && tail.getInt(end - 20) == ZIP64_LOCATOR) {
                long recordOffset = tail.getLong(end - 20 + 8);
                long recordPos = zip64Record(ch, recordOffset, endPos - 20);
                if (recordPos >= 0) {
                    ByteBuffer r = read(ch, recordPos, 56);
                    // some writers put 0xFFFF in every field of the END record once they write ZIP64
                    spanned = r.getInt(16) != 0 || r.getInt(20) != 0;
                    cenSize = r.getLong(40);
                    cenOffset = r.getLong(48);
                    cenEnd = recordPos;
                }
            }
            if (spanned) {
                throw new ZipException("a spanned (multi-disk) ZIP");
            }
            if (cenSize < 0 || cenSize > cenEnd || cenSize > Integer.MAX_VALUE - 64) {
                throw new ZipException("central directory size " + cenSize + " does not fit the file");
            }
            if (cenSize > MAX_DIRECTORY_BYTES) {
                // read into memory whole: bounded so that a hostile package cannot exhaust a small heap (DESIGN §4.3)
                throw new ZipException(String.format(Locale.ROOT,
                        "central directory of %,d bytes is larger than the %,d read here", cenSize, MAX_DIRECTORY_BYTES));
            }
            long cenPos = cenEnd - cenSize;
            long prepended = cenPos - cenOffset;
            if (cenOffset < 0 || prepended < 0) {
                throw new ZipException("central directory offset " + cenOffset + " beyond its position");
            }
            List<Entry> entries = parse(read(ch, cenPos, (int) cenSize), prepended, cenPos, maxEntries);
            return new ZipDirectory(ch, entries, cenPos);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** The END record's position in {@code tail}: the last one whose comment ends the file, else the last one. */
    private static int findEnd(ByteBuffer tail, int length) {
        int fallback = -1;
        for (int i = length - EOCD_SIZE; i >= 0; i--) {
            if (tail.getInt(i) == EOCD) {
                if (i + EOCD_SIZE + u16(tail, i + 20) == length) {
                    return i;
                }
                if (fallback < 0) {
                    fallback = i; // trailing bytes after the ZIP
                }
            }
        }
        return fallback;
    }

    /** The ZIP64 end record's position (at the stated offset, or just before its locator when bytes were prepended), or -1. */
    private static long zip64Record(FileChannel ch, long stated, long locatorPos) throws IOException {
        for (long pos : new long[] {stated, locatorPos - 56}) {
            if (pos >= 0 && pos + 56 <= locatorPos && read(ch, pos, 4).getInt(0) == ZIP64_EOCD) {
                return pos;
            }
        }
        return -1;
    }

    private static List<Entry> parse(ByteBuffer cen, long prepended, long cenPos, int maxEntries)
            throws ZipException {
        List<Entry> out = new ArrayList<>();
        int p = 0;
        int limit = cen.capacity();
        while (p + CEN_SIZE <= limit) {
            if (out.size() == maxEntries) {
                throw new ZipException(String.format(Locale.ROOT, "more than %d entries", maxEntries));
            }
            if (cen.getInt(p) != CEN) {
                throw new ZipException(String.format(Locale.ROOT, "bad central directory header at entry %d",
                        out.size()));
            }
            int flags = u16(cen, p + 8);
            int method = u16(cen, p + 10);
            long crc = u32(cen, p + 16);
            long csize = u32(cen, p + 20);
            long size = u32(cen, p + 24);
            int nameLength = u16(cen, p + 28);
            int extraLength = u16(cen, p + 30);
            int commentLength = u16(cen, p + 32);
            long local = u32(cen, p + 42);
            int next = p + CEN_SIZE + nameLength + extraLength + commentLength;
            if (next > limit) {
                throw new ZipException(String.format(Locale.ROOT, "central directory cut off in entry %d",
                        out.size()));
            }
            byte[] rawName = new byte[nameLength];
            cen.get(p + CEN_SIZE, rawName);
            byte[] extra = null;
            if (extraLength > 0) {
                extra = new byte[extraLength];
                cen.get(p + CEN_SIZE + nameLength, extra);
            }
            String name = ZipNames.decode(rawName, (flags & FLAG_UTF8) != 0, extra);
            String latin1 = (flags & FLAG_UTF8) == 0 ? new String(rawName, StandardCharsets.ISO_8859_1) : null;
            String otherName = latin1 != null && !latin1.equals(name) && !name.equals(
                    new String(rawName, StandardCharsets.UTF_8)) ? latin1 : null;
            String problem = null;
            if (size == MAX32 || csize == MAX32 || local == MAX32) {
                long[] z = zip64Fields(extra, size == MAX32, csize == MAX32, local == MAX32);
                if (z == null) {
                    problem = "its ZIP64 sizes are missing";
                } else {
                    size = size == MAX32 ? z[0] : size;
                    csize = csize == MAX32 ? z[1] : csize;
                    local = local == MAX32 ? z[2] : local;
                }
            }
            if (problem == null && (flags & FLAG_ENCRYPTED) != 0) {
                problem = "encrypted";
            } else if (problem == null && method != 0 && method != 8) {
                problem = String.format(Locale.ROOT, "compression method %d: only STORED and DEFLATED (APPNOTE 4.4.5)"
                        + " are read", method);
            } else if (problem == null && (size < 0 || csize < 0 || local < 0 || local + prepended > cenPos)) {
                problem = "its local header or sizes lie outside the file";
            }
            out.add(new Entry(out.size(), name, otherName, method, crc, csize, size, local + prepended, problem));
            p = next;
        }
        return out;
    }

    /**
     * The ZIP64 extended information field (APPNOTE 4.5.3): the fields present are those whose header value
     * is 0xFFFFFFFF, in the order size, compressed size, local header offset; null when it is absent or short.
     */
    private static long[] zip64Fields(byte[] extra, boolean size, boolean csize, boolean local) {
        if (extra == null) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(extra).order(ByteOrder.LITTLE_ENDIAN);
        int i = 0;
        while (i + 4 <= extra.length) {
            int tag = u16(b, i);
            int length = u16(b, i + 2);
            int data = i + 4;
            if (data + length > extra.length) {
                return null;
            }
            if (tag == 0x0001) {
                long[] v = new long[3];
                int at = data;
                boolean[] wanted = {size, csize, local};
                for (int k = 0; k < 3; k++) {
                    if (wanted[k]) {
                        if (at + 8 > data + length) {
                            return null;
                        }
                        v[k] = b.getLong(at);
                        at += 8;
                    }
                }
                return v;
            }
            i = data + length;
        }
        return null;
    }

    List<Entry> entries() {
        return entries;
    }

    /**
     * Reads one entry's data, decompressed, into caller buffers without allocating per entry; one reader per
     * package (not thread-safe, as a package is unpacked by one thread).
     */
    final class Reader implements AutoCloseable {
        private final byte[] input = new byte[16 * 1024];
        private final ByteBuffer inputBuffer = ByteBuffer.wrap(input);
        private final Inflater inflater = new Inflater(true);
        private long position;
        private long remaining;
        private boolean deflated;

        /** Positions the reader at an entry's data; a {@link ZipException} when it cannot be read. */
        void start(Entry e) throws IOException {
            if (e.problem() != null) {
                throw new ZipException(e.problem());
            }
            ByteBuffer h = ZipDirectory.read(channel, e.localHeader(), LOC_SIZE);
            if (h.getInt(0) != LOC) {
                throw new ZipException("bad local header");
            }
            long data = e.localHeader() + LOC_SIZE + u16(h, 26) + u16(h, 28);
            if (e.compressedSize() > dataEnd - data) {
                throw new ZipException("entry data runs past the end of the entries");
            }
            position = data;
            remaining = e.compressedSize();
            deflated = e.method() == 8;
            inflater.reset();
        }

        /** Up to {@code out.length} bytes of the entry's data into {@code out}; -1 at its end. */
        int read(byte[] out) throws IOException {
            return read(out, 0, out.length);
        }

        /** Up to {@code length} bytes (at least 1) of the entry's data into {@code out} at {@code offset}; -1 at its end. */
        int read(byte[] out, int offset, int length) throws IOException {
            if (!deflated) {
                if (remaining == 0) {
                    return -1;
                }
                int n = channel.read(ByteBuffer.wrap(out, offset, (int) Math.min(length, remaining)), position);
                if (n <= 0) {
                    throw new EOFException("the file ends inside the entry");
                }
                position += n;
                remaining -= n;
                return n;
            }
            try {
                while (true) {
                    if (inflater.finished()) {
                        return -1;
                    }
                    if (inflater.needsInput()) {
                        if (remaining == 0) {
                            throw new EOFException("compressed data ends early");
                        }
                        inputBuffer.clear().limit((int) Math.min(input.length, remaining));
                        int n = channel.read(inputBuffer, position);
                        if (n <= 0) {
                            throw new EOFException("the file ends inside the entry");
                        }
                        position += n;
                        remaining -= n;
                        inflater.setInput(input, 0, n);
                    }
                    int k = inflater.inflate(out, offset, length);
                    if (k > 0) {
                        return k;
                    }
                    if (inflater.needsDictionary()) {
                        throw new ZipException("compressed data needs a preset dictionary");
                    }
                }
            } catch (DataFormatException e) {
                throw new ZipException("bad compressed data (" + e.getMessage() + ")");
            }
        }

        @Override
        public void close() {
            inflater.end();
        }
    }

    private static ByteBuffer read(FileChannel ch, long position, int length) throws IOException {
        if (position < 0 || position + length > ch.size()) {
            throw new ZipException(String.format(Locale.ROOT, "a header at %d runs past the end of the file", position));
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, position + b.position()) < 0) {
                throw new EOFException("the file ends inside a header");
            }
        }
        return b.clear();
    }

    private static int u16(ByteBuffer b, int at) {
        return b.getShort(at) & 0xffff;
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & MAX32;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
