package org.lexsync.core.zip;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes ZIP files byte by byte (APPNOTE 6.3.x) in layouts {@link java.util.zip.ZipOutputStream} cannot
 * produce, as other tools write them: names without the UTF-8 flag in any encoding, duplicate names, STORED
 * entries with data descriptors, ZIP64 extra fields on small entries, Unicode Path extra fields,
 * directory sizes or CRCs that lie, and directory records that share another entry's data (overlapping
 * entries, the construction of the "overlapping files" ZIP bomb).
 */
public final class RawZip {
    private static final int FLAG_DATA_DESCRIPTOR = 1 << 3;
    private static final int FLAG_UTF8 = 1 << 11;

    /** One entry as it is written; every field is what goes into the headers, right or wrong. */
    public static final class Entry {
        byte[] name;
        byte[] data;
        boolean deflate = true;
        boolean utf8Flag;
        boolean dataDescriptor;
        boolean zip64;
        byte[] extra = new byte[0];
        Long crcOverride;
        /** Extra bytes in the central directory only (e.g. a ZIP64 field beside header sizes that need none). */
        byte[] centralExtra = new byte[0];
        int methodOverride = -1;
        int moreFlags;
        boolean brokenLocalHeader;
        Long sizeOverride;
        /** When set, no local header or data is written: the directory record points at this entry's. */
        Entry sharesDataOf;
        long writtenOffset;
        long writtenCompressed;
        long writtenCrc;

        public Entry stored() {
            deflate = false;
            return this;
        }

        public Entry dataDescriptor() {
            dataDescriptor = true;
            return this;
        }

        public Entry zip64() {
            zip64 = true;
            return this;
        }

        public Entry utf8Flag() {
            utf8Flag = true;
            return this;
        }

        /** Adds an Info-ZIP Unicode Path extra field (0x7075) carrying {@code unicode}. */
        public Entry unicodePath(String unicode) {
            byte[] u = unicode.getBytes(StandardCharsets.UTF_8);
            CRC32 c = new CRC32();
            c.update(name);
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            le16(b, 0x7075);
            le16(b, 5 + u.length);
            b.write(1);
            le32(b, c.getValue());
            b.writeBytes(u);
            extra = b.toByteArray();
            return this;
        }

        /** A ZIP64 extended information field although the header's sizes fit (some writers always add it). */
        public Entry zip64ExtraBesideRealSizes(boolean empty) {
            centralExtra = empty ? new byte[] {1, 0, 0, 0} : zip64Extra(data.length, deflate ? deflate(data).length
                    : data.length, 0);
            return this;
        }

        /** General purpose bit 0: the entry is (said to be) encrypted. */
        public Entry encrypted() {
            moreFlags |= 1;
            return this;
        }

        /** The local header's signature is wrong. */
        public Entry brokenLocalHeader() {
            brokenLocalHeader = true;
            return this;
        }

        /** The headers name this compression method (the data stays as written). */
        public Entry method(int method) {
            methodOverride = method;
            return this;
        }

        /** The central directory states this CRC instead of the right one. */
        public Entry crc(long crc) {
            crcOverride = crc;
            return this;
        }

        /** The central directory states this uncompressed size instead of the right one. */
        public Entry size(long size) {
            sizeOverride = size;
            return this;
        }
    }

    private final List<Entry> entries = new ArrayList<>();
    private Integer countOverride;
    private byte[] trailing = new byte[0];

    /** The END record states this entry count (writers without ZIP64 wrap it at 65,536). */
    public RawZip count(int count) {
        countOverride = count;
        return this;
    }

    /** Bytes after the END record (no comment length covers them). */
    public RawZip trailing(byte[] bytes) {
        trailing = bytes;
        return this;
    }

    /** An entry whose name is written in UTF-8 with the UTF-8 flag (deflated unless changed). */
    public Entry add(String name, byte[] data) {
        return addRaw(name.getBytes(StandardCharsets.UTF_8), data).utf8Flag();
    }

    /** An entry whose name is these bytes, without the UTF-8 flag. */
    public Entry addRaw(byte[] name, byte[] data) {
        Entry e = new Entry();
        e.name = name;
        e.data = data;
        entries.add(e);
        return e;
    }

    public Entry add(String name, String data) {
        return add(name, data.getBytes(StandardCharsets.UTF_8));
    }

    /** A central-directory record named {@code name} pointing at {@code target}'s local header and data. */
    public Entry overlapping(String name, Entry target) {
        Entry e = add(name, target.data);
        e.sharesDataOf = target;
        e.deflate = target.deflate;
        return e;
    }

    public byte[] build() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream cen = new ByteArrayOutputStream();
        for (Entry e : entries) {
            if (e.sharesDataOf != null) {
                Entry t = e.sharesDataOf;
                writeCentral(cen, e, t.writtenCrc, t.writtenCompressed, t.data.length, t.writtenOffset,
                        t.deflate ? 8 : 0, e.utf8Flag ? FLAG_UTF8 : 0, e.extra);
                continue;
            }
            CRC32 c = new CRC32();
            c.update(e.data);
            long crc = c.getValue();
            byte[] body = e.deflate ? deflate(e.data) : e.data;
            long offset = out.size();
            e.writtenOffset = offset;
            e.writtenCompressed = body.length;
            e.writtenCrc = crc;
            int flags = (e.utf8Flag ? FLAG_UTF8 : 0) | (e.dataDescriptor ? FLAG_DATA_DESCRIPTOR : 0) | e.moreFlags;
            int method = e.methodOverride >= 0 ? e.methodOverride : e.deflate ? 8 : 0;
            int version = e.zip64 ? 45 : 20;
            byte[] localExtra = e.zip64 ? concat(zip64Extra(e.data.length, body.length, -1), e.extra) : e.extra;
            le32(out, e.brokenLocalHeader ? 0x04034b51 : 0x04034b50);
            le16(out, version);
            le16(out, flags);
            le16(out, method);
            le16(out, 0);
            le16(out, 0x21);
            le32(out, e.dataDescriptor ? 0 : crc);
            le32(out, e.dataDescriptor ? 0 : e.zip64 ? 0xffffffffL : body.length);
            le32(out, e.dataDescriptor ? 0 : e.zip64 ? 0xffffffffL : e.data.length);
            le16(out, e.name.length);
            le16(out, localExtra.length);
            out.writeBytes(e.name);
            out.writeBytes(localExtra);
            out.writeBytes(body);
            if (e.dataDescriptor) {
                le32(out, 0x08074b50);
                le32(out, crc);
                if (e.zip64) {
                    le64(out, body.length);
                    le64(out, e.data.length);
                } else {
                    le32(out, body.length);
                    le32(out, e.data.length);
                }
            }
            long size = e.sizeOverride != null ? e.sizeOverride : e.data.length;
            byte[] cenExtra = concat(e.zip64 ? concat(zip64Extra(size, body.length, offset), e.extra) : e.extra,
                    e.centralExtra);
            le32(cen, 0x02014b50);
            le16(cen, version);
            le16(cen, version);
            le16(cen, flags);
            le16(cen, method);
            le16(cen, 0);
            le16(cen, 0x21);
            le32(cen, e.crcOverride != null ? e.crcOverride : crc);
            le32(cen, e.zip64 ? 0xffffffffL : body.length);
            le32(cen, e.zip64 ? 0xffffffffL : size);
            le16(cen, e.name.length);
            le16(cen, cenExtra.length);
            le16(cen, 0);
            le16(cen, 0);
            le16(cen, 0);
            le32(cen, 0);
            le32(cen, e.zip64 ? 0xffffffffL : offset);
            cen.writeBytes(e.name);
            cen.writeBytes(cenExtra);
        }
        long cenOffset = out.size();
        out.writeBytes(cen.toByteArray());
        le32(out, 0x06054b50);
        le16(out, 0);
        le16(out, 0);
        int count = countOverride != null ? countOverride : entries.size();
        le16(out, count);
        le16(out, count);
        le32(out, cen.size());
        le32(out, cenOffset);
        le16(out, 0);
        out.writeBytes(trailing);
        return out.toByteArray();
    }

    private static void writeCentral(ByteArrayOutputStream cen, Entry e, long crc, long compressed, long size,
                                     long offset, int method, int flags, byte[] extra) {
        le32(cen, 0x02014b50);
        le16(cen, 20);
        le16(cen, 20);
        le16(cen, flags);
        le16(cen, method);
        le16(cen, 0);
        le16(cen, 0x21);
        le32(cen, crc);
        le32(cen, compressed);
        le32(cen, size);
        le16(cen, e.name.length);
        le16(cen, extra.length);
        le16(cen, 0);
        le16(cen, 0);
        le16(cen, 0);
        le32(cen, 0);
        le32(cen, offset);
        cen.writeBytes(e.name);
        cen.writeBytes(extra);
    }

    /** The ZIP64 extended information extra field (0x0001): sizes, and the offset when not negative. */
    private static byte[] zip64Extra(long size, long compressed, long offset) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        le16(b, 0x0001);
        le16(b, offset >= 0 ? 24 : 16);
        le64(b, size);
        le64(b, compressed);
        if (offset >= 0) {
            le64(b, offset);
        }
        return b.toByteArray();
    }

    private static byte[] deflate(byte[] data) {
        Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        while (!d.finished()) {
            b.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return b.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static void le16(ByteArrayOutputStream o, int v) {
        o.write(v & 0xff);
        o.write(v >>> 8 & 0xff);
    }

    private static void le32(ByteArrayOutputStream o, long v) {
        for (int i = 0; i < 4; i++) {
            o.write((int) (v >>> 8 * i & 0xff));
        }
    }

    private static void le64(ByteArrayOutputStream o, long v) {
        for (int i = 0; i < 8; i++) {
            o.write((int) (v >>> 8 * i & 0xff));
        }
    }
}
