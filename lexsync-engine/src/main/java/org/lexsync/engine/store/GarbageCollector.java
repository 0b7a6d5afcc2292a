package org.lexsync.engine.store;

import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.model.StoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Deletes blobs that no current file references ({@code lexsync gc}). File or object-store blobs younger than the
 * grace period are kept, since an applier may have made them durable and not yet committed the batch that
 * references them; database blobs are only ever written with their reference, so they need none.
 */
final class GarbageCollector {
    private GarbageCollector() {
    }

    static GcReport collect(Db db, BlobStore files, Path tmp, Instant writtenBefore) throws IOException {
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
        AtomicLong examined = new AtomicLong(dbCounts[0]);
        AtomicLong deleted = new AtomicLong(dbCounts[1]);
        AtomicLong bytes = new AtomicLong(dbCounts[2]);
        db.read("collect file blobs", c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT 1 FROM representations WHERE blob_key = ? LIMIT 1")) {
                files.forEach(info -> {
                    examined.incrementAndGet();
                    if (info.written() != null && !info.written().isBefore(writtenBefore)) {
                        return;
                    }
                    try {
                        st.setString(1, info.key().sha256());
                        try (ResultSet rs = st.executeQuery()) {
                            if (!rs.next() && files.delete(info.key())) {
                                deleted.incrementAndGet();
                                bytes.addAndGet(info.length());
                            }
                        }
                    } catch (java.sql.SQLException e) {
                        throw new StoreException("collect file blobs", e.getMessage(), e);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return null;
        });
        deleteStaleTempFiles(tmp, writtenBefore);
        return new GcReport(examined.get(), deleted.get(), bytes.get());
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
