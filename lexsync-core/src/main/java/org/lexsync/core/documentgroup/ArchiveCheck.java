package org.lexsync.core.documentgroup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.zip.ZipArchive;
import org.lexsync.core.zip.ZipArchiveEntry;
import org.lexsync.core.zip.ZipArchiveException;
import org.lexsync.core.zip.ZipEntryReader;
import org.lexsync.core.zip.ZipNames;

/**
 * The "Zip validation" step of the §3.2 service workflow, read through the ZIP gate ({@link ZipArchive}): the
 * package is not empty unless the group is deleted, it holds a file for each listed document, each file's
 * bytes have the declared MD5, and every entry has a plain relative name (APPNOTE 4.4.17.1; one that could
 * escape the package is never read). Holds only one small record per entry.
 */
final class ArchiveCheck {
    /** A local file header's signature: bytes that begin so were meant to be a ZIP. */
    private static final byte[] LOCAL_HEADER = {'P', 'K', 3, 4};

    private ArchiveCheck() {
    }

    /** What one ZIP entry held. */
    private record Entry(String md5, long size) {
    }

    /**
     * Opens the package file through the gate and compares it with the group read from its MetaInfo. Bytes that
     * are no ZIP at all hold no entries (the §3.2 "ZipData" rule then decides); a ZIP cut short is corrupt.
     */
    static void check(ReadResult read, Path file, String archive, ArchiveLimits limits, Findings findings) {
        ZipArchive zip;
        try {
            zip = ZipArchive.open(file, archive, limits.zip());
        } catch (ZipArchiveException e) {
            if (e.reason() == ZipArchiveException.Reason.NOT_A_ZIP && !startsLikeAZip(file)) {
                compare(read, Map.of(), size(file), archive, findings);
                return;
            }
            throw ArchiveErrors.of(e);
        }
        try (zip) {
            check(read, zip, null, findings);
        }
    }

    /**
     * Reads every entry of an open package (one pass of the gate, within its bounds) and compares it with the
     * group read from its MetaInfo.
     *
     * @param metaInfoEntry the entry holding the MetaInfo itself when the package carries it, else null
     */
    static void check(ReadResult read, ZipArchive zip, String metaInfoEntry, Findings findings) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        try (ZipEntryReader in = zip.reader()) {
            byte[] buffer = new byte[64 << 10];
            for (ZipArchiveEntry e : zip.entries()) {
                if (e.isDirectory()) {
                    continue;
                }
                String name = e.name();
                String notPlain = ZipNames.notPlain(name);
                if (notPlain != null) {
                    findings.error("eucases:3.2/zip-entry-name", String.format(Locale.ROOT,
                            "package %s entry '%s' is not a plain relative name (%s)", zip.name(), name, notPlain), 0, 0);
                    if (e.unsafeName() != null) {
                        continue; // could escape the package: never read
                    }
                }
                MessageDigest md5 = HashAlgorithm.MD5.newDigest();
                long size = 0;
                in.start(e);
                for (int n; (n = in.read(buffer)) > 0; ) {
                    md5.update(buffer, 0, n);
                    size += n;
                }
                if (entries.putIfAbsent(name, new Entry(HexFormat.of().formatHex(md5.digest()), size)) != null) {
                    findings.error("eucases:3.2/zip-duplicate-entry", "package holds entry '" + name + "' twice",
                            0, 0);
                }
            }
        } catch (ZipArchiveException e) {
            throw ArchiveErrors.of(e);
        }
        if (metaInfoEntry != null) {
            entries.remove(metaInfoEntry);
        }
        compare(read, entries, zip.size(), zip.name(), findings);
    }

    private static boolean startsLikeAZip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return java.util.Arrays.equals(in.readNBytes(LOCAL_HEADER.length), LOCAL_HEADER);
        } catch (IOException e) {
            return false;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    private static void compare(ReadResult read, Map<String, Entry> entries, long rawBytes, String archive,
                                Findings findings) {
        DocumentGroup g = read.group();
        Position at = read.groupPosition();
        if (entries.isEmpty()) {
            if (g.operation() != Operation.DEL) {
                // §3.2 "ZipData validation": the service's own message.
                findings.error("eucases:3.2/zip-empty", String.format(Locale.ROOT,
                        "%s; ZipData length is zero, document identifier: %s and Operation: %s",
                        rawBytes == 0 ? "the package is empty" : "the package is not a ZIP archive with entries",
                        g.identifier(), g.operation() == null ? null : g.operation().token()), at.line(), at.column());
            }
            return;
        }
        boolean mustHoldFiles = g.operation() == Operation.ADD || g.operation() == Operation.UPD;
        List<Document> documents = g.documents();
        java.util.Set<String> listed = new java.util.HashSet<>();
        for (int i = 0; i < documents.size(); i++) {
            Document d = documents.get(i);
            Position p = read.documentPosition(i);
            if (d.file() == null) {
                continue;
            }
            listed.add(d.file());
            Entry e = entries.get(d.file());
            if (e == null) {
                if (mustHoldFiles && d.operation() != Operation.DEL) {
                    findings.error("eucases:3.2/zip-missing-file", String.format(Locale.ROOT,
                            "package %s holds no file '%s' listed by document %d", archive, d.file(), i + 1),
                            p.line(), p.column());
                }
                continue;
            }
            // A malformed declaration was reported by the schema or the prose rules; no second finding here.
            if (d.md5() != null && d.digest().wellFormed() && !d.md5().equalsIgnoreCase(e.md5())) {
                findings.error("eucases:3.2/md5-mismatch", String.format(Locale.ROOT,
                        "file '%s' (%d bytes) has MD5 %s, the document declares %s", d.file(), e.size(), e.md5(),
                        d.md5()), p.line(), p.column());
            }
        }
        for (String name : entries.keySet()) {
            if (!listed.contains(name)) {
                findings.warning("eucases:3.2/zip-unlisted-entry", "package entry '" + name
                        + "' is not listed by any document", 0, 0);
            }
        }
    }

}
