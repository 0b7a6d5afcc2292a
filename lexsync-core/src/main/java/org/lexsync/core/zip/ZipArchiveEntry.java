package org.lexsync.core.zip;

/**
 * One entry of a {@link ZipArchive} as its central directory describes it: the gate hands these out instead of
 * {@link java.util.zip.ZipEntry} so that every part of LexSync sees the same decoded name and the same reason
 * an entry cannot be read.
 *
 * @param index          its position in the central directory (0-based)
 * @param name           its name, decoded by its flag ({@link ZipNames#decode})
 * @param otherName      for a name stored without the UTF-8 flag and read as IBM437, the same bytes read as
 *                       ISO-8859-1 (a few Windows writers use it) when that differs; else null
 * @param method         compression method (APPNOTE 4.4.5): 0 STORED, 8 DEFLATED, others unreadable here
 * @param crc            the CRC-32 the directory states
 * @param compressedSize the compressed size the directory states
 * @param size           the uncompressed size the directory states
 * @param localHeader    where its local header is in the file
 * @param problem        why its data cannot be read (another compression method, encrypted, sizes outside the
 *                       file), or null when it can
 */
public record ZipArchiveEntry(int index, String name, String otherName, int method, long crc, long compressedSize,
                              long size, long localHeader, String problem) {
    /** True for a directory entry (a name ending in a slash or, from Windows tools, a backslash). */
    public boolean isDirectory() {
        return name.endsWith("/") || name.endsWith("\\");
    }

    /** Why the name could escape the archive's root (the gate then never reads it), or null ({@link ZipNames#unsafe}). */
    public String unsafeName() {
        return ZipNames.unsafe(name);
    }
}
