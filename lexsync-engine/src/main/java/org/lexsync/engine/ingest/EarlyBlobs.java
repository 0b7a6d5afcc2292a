package org.lexsync.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.FileHashes;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.store.BlobInfo;
import org.lexsync.engine.store.BlobStore;

/**
 * Puts the large files of a validated upload into the store's large-blob tier BEFORE the upload waits for its
 * crawler's turn (issue 31: the puts to an object store, or the fsyncs of blob files, made one crawler's groups wait
 * for each other), in parallel, and is the blob store the group commit's applier puts those files into: a put of a
 * blob made durable here is answered at once (docs/architecture.md, "Ingestion").
 *
 * <p>The order "blob durable first, then the transaction that references it" holds: the applier still commits only
 * after its puts returned, and a blob this class put returned durable before. A blob put for an upload that is then
 * refused or not committed references nothing and is removed by {@code gc} after its grace period, like one the
 * applier put for a group whose commit failed. The files stay the upload's: the applier reads and verifies them as
 * before (a file on disk is put through a hard link of it, so the upload keeps its path).
 */
final class EarlyBlobs implements BlobStore {
    private final BlobStore blobs;
    private final int inlineMax;
    private final Path tempDir;
    /** Blobs put here for uploads not finished yet, with the number of such uploads. */
    private final Map<BlobKey, Integer> durable = new ConcurrentHashMap<>();

    EarlyBlobs(BlobStore blobs, int inlineMax, Path tempDir) {
        this.blobs = blobs;
        this.inlineMax = inlineMax;
        this.tempDir = tempDir;
    }

    /**
     * Puts the files of {@code files} larger than the inline size, in parallel, and returns their keys (to be given
     * to {@link #release} once the upload is answered). A file that cannot be linked is left for the applier to put.
     */
    List<BlobKey> putAll(Map<String, GroupFiles.Extracted> files) {
        List<GroupFiles.Extracted> large = files.values().stream()
                .filter(x -> x.bytes() != null ? x.bytes().length > inlineMax : sizeOf(x.file()) > inlineMax).toList();
        if (large.isEmpty()) {
            return List.of();
        }
        List<BlobKey> keys = new ArrayList<>(large.size());
        try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<@Nullable BlobKey>> puts = new ArrayList<>(large.size());
            for (GroupFiles.Extracted x : large) {
                puts.add(workers.submit(() -> put(x)));
            }
            RuntimeException failure = null;
            for (Future<@Nullable BlobKey> f : puts) {
                try {
                    BlobKey key = f.get();
                    if (key != null) {
                        durable.merge(key, 1, Integer::sum);
                        keys.add(key);
                    }
                } catch (ExecutionException e) {
                    RuntimeException cause = e.getCause() instanceof RuntimeException r ? r
                            : new IllegalStateException(e.getCause());
                    if (failure == null) {
                        failure = cause;
                    } else {
                        failure.addSuppressed(cause);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = new IllegalStateException("interrupted while putting the blobs of a document group", e);
                }
            }
            if (failure != null) {
                release(keys);
                throw failure;
            }
        }
        return keys;
    }

    /** Forgets the blobs of an answered upload (those another upload still waits with stay known). */
    void release(List<BlobKey> keys) {
        for (BlobKey k : keys) {
            durable.computeIfPresent(k, (key, n) -> n == 1 ? null : n - 1);
        }
    }

    /**
     * Puts one file; null when it is left to the applier: no hard link possible, or an I/O error, which the applier
     * then meets again and names as it always did (a full disk is a store error, another one the group's failure).
     * An object store that fails is its typed store error here as there.
     */
    private @Nullable BlobKey put(GroupFiles.Extracted x) {
        if (x.bytes() != null) {
            try {
                return blobs.put(x.bytes());
            } catch (IOException e) {
                return null;
            }
        }
        Path file = Objects.requireNonNull(x.file());
        Path link = tempDir.resolve(file.getFileName() + ".early");
        try {
            Files.createLink(link, file);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
        try {
            Map<HashAlgorithm, String> both = FileHashes.hex(link, HashAlgorithm.SHA_256, HashAlgorithm.MD5);
            return blobs.put(link, new BlobKey(both.get(HashAlgorithm.SHA_256)), both.get(HashAlgorithm.MD5));
        } catch (IOException e) {
            return null;
        } finally {
            TempFiles.deleteQuietly(link); // consumed by the put, unless it failed
        }
    }

    private static long sizeOf(@Nullable Path file) {
        try {
            return file == null ? 0 : Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public BlobKey put(Path file, @Nullable BlobKey knownKey) throws IOException {
        if (knownKey != null && durable.containsKey(knownKey)) {
            Files.deleteIfExists(file);
            return knownKey;
        }
        return blobs.put(file, knownKey);
    }

    @Override
    public BlobKey put(Path file, @Nullable BlobKey knownKey, @Nullable String knownMd5Hex) throws IOException {
        if (knownKey != null && durable.containsKey(knownKey)) {
            Files.deleteIfExists(file);
            return knownKey;
        }
        return blobs.put(file, knownKey, knownMd5Hex);
    }

    @Override
    public BlobKey put(byte[] bytes) throws IOException {
        BlobKey key = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes));
        return durable.containsKey(key) ? key : blobs.put(bytes);
    }

    @Override
    public InputStream open(BlobKey key) throws IOException {
        return blobs.open(key);
    }

    @Override
    public InputStream openWithoutCaching(BlobKey key) throws IOException {
        return blobs.openWithoutCaching(key);
    }

    @Override
    public boolean exists(BlobKey key) throws IOException {
        return blobs.exists(key);
    }

    @Override
    public boolean delete(BlobKey key) throws IOException {
        return blobs.delete(key);
    }

    @Override
    public void forEach(Consumer<BlobInfo> visitor) throws IOException {
        blobs.forEach(visitor);
    }
}
