package org.lexsync.core.zip;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;
import org.lexsync.core.zip.ZipArchiveException.Reason;

/**
 * Reads entries' data out of a {@link ZipArchive}, decompressed, into caller buffers without allocating per
 * entry, and holds the gate's checks while it does: an entry whose name could escape the root or whose data
 * cannot be read is refused before a byte comes out; the bytes are counted as they come, so the
 * {@link ZipLimits} hold whatever sizes an entry declares (the entry's size and ratio, the pass's total and
 * ratio); and at the entry's end its length and CRC-32 are checked against the directory, so a corrupt entry
 * never reads to its end unnoticed. One pass: its expansion budget covers every entry it reads. Not
 * thread-safe.
 */
public final class ZipEntryReader implements AutoCloseable {
    private final ZipArchive archive;
    private final FileChannel channel;
    private final ZipLimits limits;
    private final byte[] input = new byte[16 * 1024];
    private final ByteBuffer inputBuffer = ByteBuffer.wrap(input);
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private ZipArchiveEntry entry;
    private long position;
    private long remaining;
    private boolean deflated;
    private boolean done;
    /** Bytes out of the current entry. */
    private long count;
    /** What the ratio of the current entry is taken against: its compressed size, bounded by the file's. */
    private long compressed;
    /** Bytes out of every entry this reader read. */
    private long expanded;

    ZipEntryReader(ZipArchive archive) {
        this.archive = archive;
        this.channel = archive.channel();
        this.limits = archive.limits();
    }

    /**
     * Positions the reader at an entry's data.
     *
     * @throws ZipArchiveException naming the entry when its name is unsafe or its data cannot be read
     */
    public void start(ZipArchiveEntry e) {
        entry = e;
        done = false;
        String unsafe = e.unsafeName();
        if (unsafe != null) {
            throw refuse(Reason.UNSAFE_NAME, unsafe, null);
        }
        if (e.problem() != null) {
            throw refuse(Reason.UNREADABLE_ENTRY, e.problem(), null);
        }
        long data;
        try {
            if (e.localHeader() + ZipArchive.LOC_SIZE > archive.size()) {
                throw refuse(Reason.UNREADABLE_ENTRY, "its local header runs past the end of the file", null);
            }
            ByteBuffer h = ZipArchive.read(channel, archive.name(), e.localHeader(), ZipArchive.LOC_SIZE);
            if (h.getInt(0) != ZipArchive.LOC) {
                throw refuse(Reason.UNREADABLE_ENTRY, "bad local header", null);
            }
            data = e.localHeader() + ZipArchive.LOC_SIZE + ZipArchive.u16(h, 26) + ZipArchive.u16(h, 28);
        } catch (IOException x) {
            throw refuse(Reason.IO, "cannot read the archive (" + x + ")", x);
        }
        if (e.compressedSize() > archive.dataEnd() - data) {
            throw refuse(Reason.UNREADABLE_ENTRY, "entry data runs past the end of the entries", null);
        }
        position = data;
        remaining = e.compressedSize();
        deflated = e.method() == 8;
        inflater.reset();
        crc.reset();
        count = 0;
        // a declared compressed size beyond the file is a lie; the file's size bounds it
        compressed = Math.max(1, Math.min(e.compressedSize(), archive.size()));
    }

    /** Up to {@code out.length} bytes of the entry's data into {@code out}; -1 at its end. */
    public int read(byte[] out) {
        return read(out, 0, out.length);
    }

    /**
     * Up to {@code length} bytes (at least 1) of the entry's data into {@code out} at {@code offset}; -1 at its
     * end, once its length and CRC-32 matched the directory.
     *
     * @throws ZipArchiveException naming the entry when it is unreadable, corrupt or beyond the bounds;
     *                             {@link Reason#refusesArchive()} tells whether the pass can go on with others
     */
    public int read(byte[] out, int offset, int length) {
        if (entry == null) {
            throw new IllegalStateException("no entry started");
        }
        if (done) {
            return -1;
        }
        int n;
        try {
            n = deflated ? inflate(out, offset, length) : copy(out, offset, length);
        } catch (ZipException x) {
            throw refuse(Reason.UNREADABLE_ENTRY, x.getMessage(), x);
        } catch (IOException x) {
            throw refuse(Reason.IO, "cannot read the archive (" + x + ")", x);
        }
        if (n < 0) {
            finish();
            return -1;
        }
        count(n);
        crc.update(out, offset, n);
        return n;
    }

    /**
     * The entry's data as a stream (for a streaming reader such as an XML parser): started at once; its read
     * failures are {@link IOException}s whose cause is the {@link ZipArchiveException}.
     */
    public InputStream stream(ZipArchiveEntry e) {
        start(e);
        return new InputStream() {
            private final byte[] one = new byte[1];

            @Override
            public int read() throws IOException {
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                try {
                    return ZipEntryReader.this.read(b, off, len);
                } catch (ZipArchiveException x) {
                    throw new IOException(x.getMessage(), x);
                }
            }
        };
    }

    /** Bytes this reader has expanded so far, over every entry it read. */
    public long expanded() {
        return expanded;
    }

    private int copy(byte[] out, int offset, int length) throws IOException {
        if (remaining == 0) {
            return -1;
        }
        int n = channel.read(ByteBuffer.wrap(out, offset, (int) Math.min(length, remaining)), position);
        if (n <= 0) {
            throw new ZipException("the file ends inside the entry");
        }
        position += n;
        remaining -= n;
        return n;
    }

    private int inflate(byte[] out, int offset, int length) throws IOException {
        try {
            while (true) {
                if (inflater.finished()) {
                    return -1;
                }
                if (inflater.needsInput()) {
                    if (remaining == 0) {
                        throw new ZipException("compressed data ends early");
                    }
                    inputBuffer.clear().limit((int) Math.min(input.length, remaining));
                    int n = channel.read(inputBuffer, position);
                    if (n <= 0) {
                        throw new ZipException("the file ends inside the entry");
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

    /** The bounds, checked on every chunk: the entry's size, the pass's total and ratio, the entry's ratio. */
    private void count(int n) {
        count += n;
        expanded += n;
        if (count > limits.maxEntryBytes()) {
            throw refuse(Reason.ENTRY_TOO_LARGE, "entry larger than " + limits.maxEntryBytes() + " bytes", null);
        }
        if (expanded > limits.maxExpandedBytes()) {
            throw refuse(Reason.ARCHIVE_TOO_LARGE, String.format(Locale.ROOT,
                    "the archive expands beyond its bounds (%d bytes from %d, at most %d)", expanded, archive.size(),
                    limits.maxExpandedBytes()), null);
        }
        if (expanded > limits.ratioFloor() && expanded / Math.max(1, archive.size()) > limits.maxRatio()) {
            throw refuse(Reason.ARCHIVE_RATIO, String.format(Locale.ROOT,
                    "the archive expands beyond its bounds (%d bytes from %d, ratio above %d): a ZIP bomb?", expanded,
                    archive.size(), limits.maxRatio()), null);
        }
        if (count > limits.ratioFloor() && count / compressed > limits.maxRatio()) {
            throw refuse(Reason.ENTRY_RATIO, "expansion ratio above " + limits.maxRatio() + " (a ZIP bomb?)", null);
        }
    }

    /** At the entry's end: its length and CRC-32 against the directory's. */
    private void finish() {
        done = true;
        if (count != entry.size()) {
            throw refuse(Reason.CORRUPT_ENTRY, String.format(Locale.ROOT,
                    "corrupt entry: %d bytes where the ZIP directory says %d", count, entry.size()), null);
        }
        if (crc.getValue() != entry.crc()) {
            throw refuse(Reason.CORRUPT_ENTRY, String.format(Locale.ROOT,
                    "corrupt entry: CRC-32 %08x where the ZIP directory says %08x", crc.getValue(), entry.crc()), null);
        }
    }

    private ZipArchiveException refuse(Reason reason, String detail, Throwable cause) {
        return new ZipArchiveException(reason, archive.name(), entry.name(), detail, cause);
    }

    @Override
    public void close() {
        inflater.end();
    }
}
