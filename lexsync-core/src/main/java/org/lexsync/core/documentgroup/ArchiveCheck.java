package org.lexsync.core.documentgroup;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;
import org.lexsync.core.io.CountingInputStream;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Findings;

/**
 * The "Zip validation" step of the §3.2 service workflow, streamed: the package is not empty unless the
 * group is deleted, it holds a file for each listed document, and each file's bytes have the declared MD5.
 * Holds only one small record per entry.
 */
final class ArchiveCheck {
    private ArchiveCheck() {
    }

    /** What one ZIP entry held. */
    private record Entry(String md5, long size) {
    }

    /**
     * Streams {@code zip} (closed afterwards) and compares it with the group read from its MetaInfo.
     *
     * @param metaInfoEntry the entry holding the MetaInfo itself when the package carries it, else null
     */
    static void check(ReadResult read, InputStream zip, String archive, String metaInfoEntry, ArchiveLimits limits,
                      Findings findings) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        CountingInputStream raw = new CountingInputStream(zip);
        String current = null;
        try (ZipInputStream in = new ZipInputStream(raw)) {
            byte[] buffer = new byte[64 << 10];
            long expanded = 0;
            ZipEntry e;
            while ((e = in.getNextEntry()) != null) {
                current = e.getName();
                if (entries.size() >= limits.maxEntries()) {
                    throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.TOO_MANY_ENTRIES,
                            archive, current, "more than " + limits.maxEntries() + " entries", null);
                }
                if (e.isDirectory()) {
                    continue;
                }
                MessageDigest md5 = HashAlgorithm.MD5.newDigest();
                long size = 0;
                int n;
                while ((n = in.read(buffer)) > 0) {
                    md5.update(buffer, 0, n);
                    size += n;
                    expanded += n;
                    if (expanded > limits.maxExpandedBytes()) {
                        throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.TOO_LARGE,
                                archive, current, "more than " + limits.maxExpandedBytes() + " bytes expanded", null);
                    }
                    if (expanded > (1 << 20) && expanded > raw.count() * (long) limits.maxRatio()) {
                        throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.ZIP_BOMB,
                                archive, current, String.format(Locale.ROOT, "expanded %d bytes from %d (ratio limit %d)",
                                expanded, raw.count(), limits.maxRatio()), null);
                    }
                }
                if (!SemanticRules.safeEntryName(current)) {
                    findings.error("eucases:3.2/zip-entry-name", "package entry '" + current
                            + "' is not a plain relative name (path traversal)", 0, 0);
                }
                if (entries.putIfAbsent(current, new Entry(HexFormat.of().formatHex(md5.digest()), size)) != null) {
                    findings.error("eucases:3.2/zip-duplicate-entry", "package holds entry '" + current + "' twice",
                            0, 0);
                }
            }
        } catch (ZipException e) {
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.CORRUPT, archive, current,
                    String.valueOf(e.getMessage()), e);
        } catch (IOException e) {
            throw new DocumentGroupArchiveException(DocumentGroupArchiveException.Reason.IO, archive, current,
                    String.valueOf(e.getMessage()), e);
        }
        if (metaInfoEntry != null) {
            entries.remove(metaInfoEntry);
        }
        compare(read, entries, raw.count(), archive, findings);
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
