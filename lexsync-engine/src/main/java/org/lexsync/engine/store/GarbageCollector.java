package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.GcReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deletes blobs that no current file references ({@code lexsync gc}). File or object-store blobs younger than the
 * grace period are kept, since an applier may have made them durable and not yet committed the batch that
 * references them; database blobs are only ever written with their reference, so they need none. The large tier's
 * listing is swept a page of {@value #PAGE} blobs at a time: one query says which of them a representation still
 * references, one batch delete removes the others.
 */
final class GarbageCollector {
    /** Listed blobs looked up and deleted together: S3's {@code DeleteObjects} takes at most 1,000 keys. */
    static final int PAGE = 1000;

    private GarbageCollector() {
    }

    static GcReport collect(Db db, BlobStore files, Path tmp, Instant writtenBefore, int pageSize) throws IOException {
        long[] dbCounts = db.write("collect small blobs", c -> {
            long examined;
            long deleted = 0;
            long bytes = 0;
            try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*) FROM blobs"); ResultSet rs = st.executeQuery()) {
                rs.next();
                examined = rs.getLong(1);
            }
            String unreferenced = " FROM blobs WHERE NOT EXISTS"
                    + " (SELECT 1 FROM representations r WHERE r.blob_key = blobs.sha256)";
            try (PreparedStatement st = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(length), 0)" + unreferenced);
                 ResultSet rs = st.executeQuery()) {
                rs.next();
                deleted = rs.getLong(1);
                bytes = rs.getLong(2);
            }
            try (PreparedStatement st = c.prepareStatement("DELETE" + unreferenced)) {
                st.executeUpdate();
            }
            return new long[] {examined, deleted, bytes};
        });
        Sweep sweep = new Sweep(db, files, pageSize, dbCounts[0], dbCounts[1], dbCounts[2]);
        files.forEach(info -> {
            sweep.examined++;
            if (info.written() != null && !info.written().isBefore(writtenBefore)) {
                return;
            }
            sweep.page.add(info);
            if (sweep.page.size() == pageSize) {
                sweep.run();
            }
        });
        sweep.run();
        deleteStaleTempFiles(tmp, writtenBefore);
        return new GcReport(sweep.examined, sweep.deleted, sweep.bytes);
    }

    /**
     * The blobs listed so far that are old enough to go, a page at a time: one query for which of them are still
     * referenced, one batch delete (a single {@code DeleteObjects} on an object store) for the rest.
     */
    private static final class Sweep {
        private final Db db;
        private final BlobStore files;
        private final List<BlobInfo> page;
        private long examined;
        private long deleted;
        private long bytes;

        Sweep(Db db, BlobStore files, int pageSize, long examined, long deleted, long bytes) {
            this.db = db;
            this.files = files;
            this.page = new ArrayList<>(pageSize);
            this.examined = examined;
            this.deleted = deleted;
            this.bytes = bytes;
        }

        void run() {
            if (page.isEmpty()) {
                return;
            }
            List<String> keys = new ArrayList<>(page.size());
            for (BlobInfo info : page) {
                keys.add(info.key().sha256());
            }
            Set<String> referenced = db.read("look up listed blobs", c -> ReferencedBlobs.among(c, db.sqlite(), keys));
            Map<BlobKey, Long> unreferenced = new LinkedHashMap<>();
            for (BlobInfo info : page) {
                if (!referenced.contains(info.key().sha256())) {
                    unreferenced.put(info.key(), info.length());
                }
            }
            page.clear();
            if (unreferenced.isEmpty()) {
                return;
            }
            try {
                for (BlobKey gone : files.deleteAll(List.copyOf(unreferenced.keySet()))) {
                    deleted++;
                    bytes += unreferenced.getOrDefault(gone, 0L);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Temp files left by a process killed between download and rename. */
    private static void deleteStaleTempFiles(Path tmp, Instant writtenBefore) throws IOException {
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(tmp)) {
            for (Path f : stream) {
                if (Files.isRegularFile(f) && Files.getLastModifiedTime(f).toInstant().isBefore(writtenBefore)) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }
}
