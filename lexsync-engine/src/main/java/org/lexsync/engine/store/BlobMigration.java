package org.lexsync.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.StoreException;

/**
 * Copies the large blobs of a data directory ({@code <data dir>/blobs}) into an object store, for
 * {@code lexsync store migrate --to-blobs} (issue 31). Each blob is put under its content address, read back and
 * hashed: only a blob whose SHA-256 matches is recorded in {@link MigrationProgress}, so a run killed at any instant
 * resumes with the blobs not yet verified, and {@link #deleteOld} deletes only files verified in the bucket. The
 * files are never changed before that; the inline tier in the database is not touched (it stays where it is).
 */
public final class BlobMigration {
    private static final int BUFFER = 64 * 1024;

    /** Told after each blob. */
    public interface Listener {
        /** {@code key} is verified at the target ({@code copied} false: it was so before this run). */
        void blob(BlobKey key, long length, boolean copied, int done, int total);
    }

    /** What a run did. */
    public record Result(int copied, int alreadyVerified, long bytesCopied, int total) {
    }

    private final FileBlobStore from;
    private final S3BlobStore to;
    private final MigrationProgress progress;

    public BlobMigration(FileBlobStore from, S3BlobStore to, MigrationProgress progress) {
        this.from = from;
        this.to = to;
        this.progress = progress;
    }

    /** The location recorded in the progress table for this target. */
    public String target() {
        return to.config().location();
    }

    /** Copies and verifies every blob not verified yet. */
    public Result run(Listener listener) {
        List<BlobInfo> all = list();
        Set<String> verified = progress.verified(target(), MigrationProgress.BLOB);
        int copied = 0;
        int already = 0;
        long bytes = 0;
        for (int i = 0; i < all.size(); i++) {
            BlobInfo blob = all.get(i);
            boolean copy = !verified.contains(blob.key().sha256());
            if (copy) {
                copy(blob.key());
                progress.markVerified(target(), MigrationProgress.BLOB, blob.key().sha256());
                copied++;
                bytes += blob.length();
            } else {
                already++;
            }
            listener.blob(blob.key(), blob.length(), copy, i + 1, all.size());
        }
        return new Result(copied, already, bytes, all.size());
    }

    /**
     * Deletes the files verified at the target; a file not verified there (one a harvest wrote after the copy) is
     * kept. Returns how many were deleted.
     */
    public int deleteOld() {
        Set<String> verified = progress.verified(target(), MigrationProgress.BLOB);
        int deleted = 0;
        for (BlobInfo blob : list()) {
            if (verified.contains(blob.key().sha256())) {
                try {
                    if (from.delete(blob.key())) {
                        deleted++;
                    }
                } catch (IOException e) {
                    throw org.lexsync.engine.disk.DiskFailures.of(from.root(), "delete migrated blob " + blob.key().sha256(), e);
                }
            }
        }
        return deleted;
    }

    private List<BlobInfo> list() {
        List<BlobInfo> all = new ArrayList<>();
        try {
            from.forEach(all::add);
        } catch (IOException e) {
            throw new StoreException("list the blobs in " + from.root(), e.toString(), e);
        }
        all.sort(java.util.Comparator.comparing(b -> b.key().sha256()));
        return all;
    }

    /** Puts the blob (through a link to its file: the object store's put consumes the file it is given), verifies. */
    private void copy(BlobKey key) {
        Path file = from.pathOf(key);
        Path staged = from.tempDirectory().resolve(UUID.randomUUID() + ".migrate");
        try {
            try {
                Files.createLink(staged, file);
            } catch (UnsupportedOperationException | IOException noLink) {
                Files.copy(file, staged);
            }
            to.put(staged, key);
        } catch (IOException e) {
            throw new StoreException("copy blob " + key.sha256() + " to " + target(), e.toString(), e);
        } finally {
            try {
                Files.deleteIfExists(staged);
            } catch (IOException ignored) {
                // a leftover link in tmp is removed by gc's sweep of temporary files
            }
        }
        String read = readBack(key);
        if (!read.equals(key.sha256())) {
            throw new StoreException("verify blob " + key.sha256() + " in " + target(),
                    "the object store returns bytes with SHA-256 " + read, null);
        }
    }

    private String readBack(BlobKey key) {
        MessageDigest sha = HashAlgorithm.SHA_256.newDigest();
        byte[] buffer = new byte[BUFFER];
        try (InputStream in = to.openWithoutCaching(key)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new StoreException("read back blob " + key.sha256() + " from " + target(), e.toString(), e);
        }
        return java.util.HexFormat.of().formatHex(sha.digest());
    }
}
