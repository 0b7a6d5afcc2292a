package org.lexsync.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.documentgroup.ArchiveLimits;
import org.lexsync.core.io.TempFiles;
import org.lexsync.core.zip.ZipArchive;
import org.lexsync.core.zip.ZipArchiveEntry;
import org.lexsync.core.zip.ZipArchiveException;
import org.lexsync.core.zip.ZipEntryReader;

/**
 * Takes the files of a validated document group out of its ZIP through the ZIP gate ({@link ZipArchive}, the one
 * reader of ZIPs; docs/architecture.md, invariant 5): small files into memory while the group's total in memory stays
 * under {@link #MEMORY_BUDGET}, the others into temp files in the store's temp directory (so the applier renames
 * them into the blob store). Also reads a packaged upload's {@code metainfo.xml}. Whoever receives the files owns
 * them: {@link Extracted#discard()} deletes those nobody took.
 */
final class GroupFiles {
    /** Bytes of one group kept in memory at most; the rest goes to temp files (bounded heap, invariant 3). */
    static final long MEMORY_BUDGET = 2L << 20;
    /** The largest MetaInfo read into memory. */
    static final int MAX_METAINFO = 16 << 20;

    private GroupFiles() {
    }

    /** One file taken out of the ZIP: in memory or in a temp file. */
    record Extracted(byte @Nullable [] bytes, @Nullable Path file) {
        void discard() {
            if (file != null) {
                TempFiles.deleteQuietly(file);
            }
        }
    }

    /**
     * The bytes of the entry named {@code name} (letter case ignored, at the root), or null when there is none.
     *
     * @throws ZipArchiveException when the archive is no ZIP or the entry is refused by the gate
     */
    static byte @Nullable [] entry(Path zip, String archive, String name, ArchiveLimits limits) {
        try (ZipArchive a = ZipArchive.open(zip, archive, limits.zip()); ZipEntryReader r = a.reader()) {
            for (ZipArchiveEntry e : a.entries()) {
                if (!e.isDirectory() && e.name().toLowerCase(Locale.ROOT).equals(name)) {
                    try (InputStream in = r.stream(e)) {
                        byte[] b = in.readNBytes(MAX_METAINFO + 1);
                        if (b.length > MAX_METAINFO) {
                            throw new ZipArchiveException(ZipArchiveException.Reason.ENTRY_TOO_LARGE, archive, e.name(),
                                    "a MetaInfo larger than " + MAX_METAINFO + " bytes", null);
                        }
                        return b;
                    } catch (IOException x) {
                        if (x.getCause() instanceof ZipArchiveException z) {
                            throw z;
                        }
                        throw new ZipArchiveException(ZipArchiveException.Reason.IO, archive, e.name(),
                                String.valueOf(x.getMessage()), x);
                    }
                }
            }
            return null;
        }
    }

    /**
     * Takes the entries named in {@code wanted} out of the ZIP (the validator already checked that they are there,
     * safe, and have their MD5s). On failure, whatever was taken out is deleted.
     */
    static Map<String, Extracted> extract(Path zip, String archive, Set<String> wanted, ArchiveLimits limits,
                                          Path tempDir) {
        Map<String, Extracted> out = new HashMap<>();
        long inMemory = 0;
        try (ZipArchive a = ZipArchive.open(zip, archive, limits.zip()); ZipEntryReader r = a.reader()) {
            byte[] buffer = new byte[64 << 10];
            for (ZipArchiveEntry e : a.entries()) {
                if (e.isDirectory() || !wanted.contains(e.name()) || out.containsKey(e.name())) {
                    continue;
                }
                if (e.size() <= 64 << 10 && inMemory + e.size() <= MEMORY_BUDGET) {
                    try (InputStream in = r.stream(e)) {
                        byte[] b = in.readAllBytes();
                        inMemory += b.length;
                        out.put(e.name(), new Extracted(b, null));
                    }
                } else {
                    Path file = Files.createTempFile(tempDir, "ingest-", ".part");
                    out.put(e.name(), new Extracted(null, file));
                    try (OutputStream o = Files.newOutputStream(file)) {
                        r.start(e);
                        for (int n; (n = r.read(buffer)) > 0; ) {
                            o.write(buffer, 0, n);
                        }
                    }
                }
            }
            return out;
        } catch (IOException | RuntimeException x) {
            out.values().forEach(Extracted::discard);
            if (x instanceof IOException io && io.getCause() instanceof ZipArchiveException z) {
                throw z;
            }
            if (x instanceof RuntimeException re) {
                throw re;
            }
            throw new java.io.UncheckedIOException((IOException) x);
        }
    }
}
