package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.GcReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deletes blobs that neither a current file nor a journal row references ({@code lexsync gc}): what remains to collect
 * is bytes no commit ever kept — a commit that failed or was refused after its blobs were put, an upload refused. File or object-store blobs younger than the
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
        JournalBlobs.backfill(db);
        long[] dbCounts = db.write("collect small blobs", c -> SmallBlobs.collect(c, db.sqlite()));
        Sweep sweep = new Sweep(db, files, writtenBefore, pageSize, dbCounts[0], dbCounts[1], dbCounts[2]);
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
        db.write("prune blob pins", c -> {
            BlobPins.prune(c, writtenBefore);
            return null;
        });
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
        private final Instant pinnedSince;
        private final List<BlobInfo> page;
        private long examined;
        private long deleted;
        private long bytes;

        Sweep(Db db, BlobStore files, Instant pinnedSince, int pageSize, long examined, long deleted, long bytes) {
            this.db = db;
            this.files = files;
            this.pinnedSince = pinnedSince;
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
            Map<BlobKey, Long> listed = new LinkedHashMap<>();
            for (BlobInfo info : page) {
                listed.put(info.key(), info.length());
            }
            page.clear();
            List<BlobKey> gone = db.write("collect listed blobs", c -> {
                // held until the deletions below are done: a writer that finds one of these blobs stored pins it
                // first, and so either keeps it or, waiting here, finds it gone afterwards and stores it again
                BlobPins.holdAgainstNewPins(c, db.sqlite());
                Set<String> referenced = ReferencedBlobs.among(c, db.sqlite(), keys);
                referenced.addAll(JournalBlobs.among(c, db.sqlite(), keys));
                Set<String> pinned = BlobPins.among(c, db.sqlite(), keys, pinnedSince);
                List<BlobKey> unreferenced = new ArrayList<>();
                for (BlobKey key : listed.keySet()) {
                    if (!referenced.contains(key.sha256()) && !pinned.contains(key.sha256())) {
                        unreferenced.add(key);
                    }
                }
                try {
                    return unreferenced.isEmpty() ? List.<BlobKey>of() : files.deleteAll(unreferenced);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            for (BlobKey key : gone) {
                deleted++;
                bytes += listed.getOrDefault(key, 0L);
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
