package org.lexsync.core.zip;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.lexsync.core.zip.ZipArchiveException.Reason;

/**
 * The ZIP gate: the one way any part of LexSync opens a ZIP archive (ResourceSync dump packages, EUCases
 * document groups), so that every archive is held to the same bounds ({@link ZipLimits}) and name checks
 * ({@link ZipNames}) and every refusal is a {@link ZipArchiveException} naming the archive and the entry.
 *
 * <p>The central directory is read by hand (APPNOTE.TXT 6.3.10 §4.3), whatever tool wrote the archive.
 * {@link java.util.zip.ZipFile} refuses a whole file for one entry it cannot read (a compression method other
 * than STORED or DEFLATED, an encrypted entry, a ZIP64 field a writer added beside sizes that needed none, a
 * name that is not valid UTF-8) and guesses the encoding of names stored without the UTF-8 flag; here such an
 * entry carries its {@link ZipArchiveEntry#problem()} and only it is unreadable, and names are decoded by their
 * flag ({@link ZipNames#decode}). {@link java.util.zip.ZipInputStream} trusts local headers, which need not
 * agree with the directory.
 *
 * <p>Read: the end of central directory record (searched backwards over the comment), the ZIP64 end record
 * when its locator is there, bytes prepended to the ZIP (a self-extractor stub) allowed for as the JDK does,
 * entry counts ignored in favour of the directory itself (writers that do not use ZIP64 wrap them at 65,536).
 * Data descriptors (bit 3) need no reading: the central directory holds the real sizes. Not read: spanned
 * archives. Every offset and length is checked against the file before it is used; the directory is read
 * into memory once (as the JDK does, at most {@link #MAX_DIRECTORY_BYTES}) and dropped, leaving one small
 * {@link ZipArchiveEntry} per entry. Refused as a whole: more entries than the bound, and entries whose data
 * overlap (two directory records pointing into the same bytes: the "overlapping files" ZIP bomb). Entry data
 * is read through a {@link ZipEntryReader}, which holds the size, ratio, name and CRC-32 checks.
 */
public final class ZipArchive implements AutoCloseable {
    private static final int EOCD = 0x06054b50;
    private static final int ZIP64_LOCATOR = 0x07064b50;
    private static final int ZIP64_EOCD = 0x06064b50;
    private static final int CEN = 0x02014b50;
    static final int LOC = 0x04034b50;
    private static final int EOCD_SIZE = 22;
    private static final int CEN_SIZE = 46;
    static final int LOC_SIZE = 30;
    private static final long MAX32 = 0xffffffffL;
    private static final int FLAG_ENCRYPTED = 1;
    private static final int FLAG_UTF8 = 1 << 11;
    /** The largest central directory read: 262,144 entries (the default entry bound) of 256 bytes each. */
    public static final long MAX_DIRECTORY_BYTES = 64L << 20;

    private final String name;
    private final FileChannel channel;
    private final long size;
    private final List<ZipArchiveEntry> entries;
    /** Where the central directory starts: entry data ends before it. */
    private final long dataEnd;
    private final ZipLimits limits;

    private ZipArchive(String name, FileChannel channel, long size, List<ZipArchiveEntry> entries, long dataEnd,
                       ZipLimits limits) {
        this.name = name;
        this.channel = channel;
        this.size = size;
        this.entries = entries;
        this.dataEnd = dataEnd;
        this.limits = limits;
    }

    /**
     * Opens a ZIP file and reads its central directory.
     *
     * @param name how refusals name the archive (its URL, or its path)
     * @throws ZipArchiveException naming the archive (and, for too many or overlapping entries, the entry) when
     *                             it is no readable ZIP or breaks the entry bound
     */
    public static ZipArchive open(Path file, String name, ZipLimits limits) {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new ZipArchiveException(Reason.IO, name, null, "cannot read the archive (" + e + ")", e);
        }
        try {
            return read(ch, name, limits);
        } catch (IOException | RuntimeException e) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing
            }
            if (e instanceof ZipArchiveException z) {
                throw z;
            }
            if (e instanceof IOException io) {
                throw new ZipArchiveException(Reason.IO, name, null, "cannot read the archive (" + io + ")", io);
            }
            throw (RuntimeException) e;
        }
    }

    private static ZipArchive read(FileChannel ch, String name, ZipLimits limits) throws IOException {
        long size = ch.size();
        if (size < EOCD_SIZE) {
            throw new ZipArchiveException(Reason.NOT_A_ZIP, name, null,
                    "too short for a ZIP file (no END header): truncated, or no ZIP at all");
        }
        int tailLength = (int) Math.min(size, EOCD_SIZE + 0xffff);
        ByteBuffer tail = read(ch, name, size - tailLength, tailLength);
        int end = findEnd(tail, tailLength);
        if (end < 0) {
            throw new ZipArchiveException(Reason.NOT_A_ZIP, name, null, "no END header: truncated, or no ZIP at all");
        }
        long endPos = size - tailLength + end;
        boolean spanned = u16(tail, end + 4) != 0 || u16(tail, end + 6) != 0;
        long cenSize = u32(tail, end + 12);
        long cenOffset = u32(tail, end + 16);
        long cenEnd = endPos;
        if (end >= 20 && tail.getInt(end - 20) == ZIP64_LOCATOR) {
            long recordOffset = tail.getLong(end - 20 + 8);
            long recordPos = zip64Record(ch, name, recordOffset, endPos - 20);
            if (recordPos >= 0) {
                ByteBuffer r = read(ch, name, recordPos, 56);
                // some writers put 0xFFFF in every field of the END record once they write ZIP64
                spanned = r.getInt(16) != 0 || r.getInt(20) != 0;
                cenSize = r.getLong(40);
                cenOffset = r.getLong(48);
                cenEnd = recordPos;
            }
        }
        if (spanned) {
            throw new ZipArchiveException(Reason.CORRUPT, name, null, "a spanned (multi-disk) ZIP");
        }
        if (cenSize < 0 || cenSize > cenEnd || cenSize > Integer.MAX_VALUE - 64) {
            throw new ZipArchiveException(Reason.CORRUPT, name, null,
                    "central directory size " + cenSize + " does not fit the file");
        }
        if (cenSize > MAX_DIRECTORY_BYTES) {
            // read into memory whole: bounded so that a hostile archive cannot exhaust a small heap
            throw new ZipArchiveException(Reason.TOO_MANY_ENTRIES, name, null, String.format(Locale.ROOT,
                    "central directory of %,d bytes is larger than the %,d read here", cenSize, MAX_DIRECTORY_BYTES));
        }
        long cenPos = cenEnd - cenSize;
        long prepended = cenPos - cenOffset;
        if (cenOffset < 0 || prepended < 0) {
            throw new ZipArchiveException(Reason.CORRUPT, name, null,
                    "central directory offset " + cenOffset + " beyond its position");
        }
        List<ZipArchiveEntry> entries = parse(read(ch, name, cenPos, (int) cenSize), name, prepended, cenPos,
                limits.maxEntries());
        refuseOverlaps(entries, name);
        return new ZipArchive(name, ch, size, Collections.unmodifiableList(entries), cenPos, limits);
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
    private static long zip64Record(FileChannel ch, String name, long stated, long locatorPos) throws IOException {
        for (long pos : new long[] {stated, locatorPos - 56}) {
            if (pos >= 0 && pos + 56 <= locatorPos && read(ch, name, pos, 4).getInt(0) == ZIP64_EOCD) {
                return pos;
            }
        }
        return -1;
    }

    private static List<ZipArchiveEntry> parse(ByteBuffer cen, String archive, long prepended, long cenPos,
                                               int maxEntries) {
        List<ZipArchiveEntry> out = new ArrayList<>();
        int p = 0;
        int limit = cen.capacity();
        while (p + CEN_SIZE <= limit) {
            if (cen.getInt(p) != CEN) {
                throw new ZipArchiveException(Reason.CORRUPT, archive, null, String.format(Locale.ROOT,
                        "bad central directory header at entry %d", out.size()));
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
                throw new ZipArchiveException(Reason.CORRUPT, archive, null, String.format(Locale.ROOT,
                        "central directory cut off in entry %d", out.size()));
            }
            byte[] rawName = new byte[nameLength];
            cen.get(p + CEN_SIZE, rawName);
            byte[] extra = null;
            if (extraLength > 0) {
                extra = new byte[extraLength];
                cen.get(p + CEN_SIZE + nameLength, extra);
            }
            String name = ZipNames.decode(rawName, (flags & FLAG_UTF8) != 0, extra);
            if (out.size() == maxEntries) {
                throw new ZipArchiveException(Reason.TOO_MANY_ENTRIES, archive, name, String.format(Locale.ROOT,
                        "more than %d entries", maxEntries));
            }
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
            out.add(new ZipArchiveEntry(out.size(), name, otherName, method, crc, csize, size, local + prepended,
                    problem));
            p = next;
        }
        return out;
    }

    /**
     * Refuses entries whose data overlap: sorted by local header, each entry's header and compressed data must
     * end before the next one starts. The local name and extra field are not counted (they are not read here),
     * so only a real overlap is refused: two records pointing at the same local header, or one whose data runs
     * into the next entry's header (the "overlapping files" construction of a ZIP bomb). Entries that cannot be
     * read anyway are left out.
     */
    private static void refuseOverlaps(List<ZipArchiveEntry> entries, String archive) {
        int n = 0;
        long[] order = new long[entries.size()];
        for (ZipArchiveEntry e : entries) {
            if (e.problem() == null) {
                if (e.localHeader() > (Long.MAX_VALUE >>> 21)) {
                    continue; // beyond any file: refused when read
                }
                // offset in the high bits, index in the low 21 (at most 2^18 entries are ever listed)
                order[n++] = e.localHeader() << 21 | e.index();
            }
        }
        Arrays.sort(order, 0, n);
        for (int i = 1; i < n; i++) {
            ZipArchiveEntry before = entries.get((int) (order[i - 1] & 0x1fffff));
            ZipArchiveEntry after = entries.get((int) (order[i] & 0x1fffff));
            long end = before.localHeader() + LOC_SIZE + before.compressedSize();
            if (end > after.localHeader() || end < 0) {
                throw new ZipArchiveException(Reason.OVERLAPPING_ENTRIES, archive, after.name(), String.format(
                        Locale.ROOT, "its data overlaps entry '%s' (both at offset %d or within it): a ZIP bomb?",
                        before.name(), after.localHeader()));
            }
        }
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

    /** How refusals name the archive. */
    public String name() {
        return name;
    }

    /** The archive file's size in bytes. */
    public long size() {
        return size;
    }

    public ZipLimits limits() {
        return limits;
    }

    /** The entries in central directory order. */
    public List<ZipArchiveEntry> entries() {
        return entries;
    }

    /**
     * A new reader of entry data: one pass with its own expansion budget ({@link ZipLimits#maxExpandedBytes()}
     * and the archive's ratio). Readers are not thread-safe; several may be used in turn on one thread.
     */
    public ZipEntryReader reader() {
        return new ZipEntryReader(this);
    }

    FileChannel channel() {
        return channel;
    }

    long dataEnd() {
        return dataEnd;
    }

    static ByteBuffer read(FileChannel ch, String archive, long position, int length) throws IOException {
        if (position < 0 || position + length > ch.size()) {
            throw new ZipArchiveException(Reason.CORRUPT, archive, null, String.format(Locale.ROOT,
                    "a header at %d runs past the end of the file", position));
        }
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, position + b.position()) < 0) {
                throw new EOFException("the file ends inside a header");
            }
        }
        return b.clear();
    }

    static int u16(ByteBuffer b, int at) {
        return b.getShort(at) & 0xffff;
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & MAX32;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was written: nothing is lost
        }
    }
}
