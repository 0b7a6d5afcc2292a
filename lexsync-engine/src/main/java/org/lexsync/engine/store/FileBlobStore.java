package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Blobs as files under {@code root/ab/cd/<sha256>} (docs/architecture.md, invariant 2): bytes go to a temp file on the
 * same filesystem, are fsynced, atomically renamed into place, and the directory is fsynced, so a blob either exists
 * whole under its key or not at all, whatever instant the process dies. Identical content is stored once. Safe for
 * concurrent use.
 */
public final class FileBlobStore implements BlobStore {
    private static final int BUFFER = 64 * 1024;

    private final Path root;
    private final Path tmp;
    private volatile ReuseGuard reuse = ReuseGuard.NONE;

    /** A store rooted at {@code root}, staging in {@code tmp} (which must be on the same filesystem). */
    public FileBlobStore(Path root, Path tmp) throws IOException {
        this(Files.createDirectories(root), Files.createDirectories(tmp), true);
    }

    private FileBlobStore(Path root, Path tmp, boolean created) {
        this.root = root;
        this.tmp = tmp;
    }

    /** A store over existing directories that creates nothing (for a read-only data directory). */
    static FileBlobStore existing(Path root, Path tmp) {
        return new FileBlobStore(root, tmp, false);
    }

    /** What a put does before it trusts a blob it finds already stored (the store's {@link BlobPins}). */
    void guardReuse(ReuseGuard guard) {
        this.reuse = guard;
    }

    public Path root() {
        return root;
    }

    /** The staging directory; hand it to the fetcher so downloads can be renamed into place without a copy. */
    public Path tempDirectory() {
        return tmp;
    }

    /** Where the blob with this key lives (whether or not it exists). */
    public Path pathOf(BlobKey key) {
        String h = key.sha256();
        return root.resolve(h.substring(0, 2)).resolve(h.substring(2, 4)).resolve(h);
    }

    @Override
    public BlobKey put(Path file, BlobKey knownKey) throws IOException {
        BlobKey key = knownKey != null ? knownKey : hash(file);
        Path target = pathOf(key);
        if (alreadyStored(key, target)) {
            Files.deleteIfExists(file);
            return key;
        }
        Path staged = file;
        if (!file.getParent().toAbsolutePath().normalize().equals(tmp.toAbsolutePath().normalize())
                && !Files.getFileStore(file).equals(Files.getFileStore(tmp))) {
            staged = tmp.resolve(UUID.randomUUID() + ".blob");
            Files.copy(file, staged);
            Files.delete(file);
        }
        fsync(staged);
        install(staged, target);
        return key;
    }

    @Override
    public BlobKey put(byte[] bytes) throws IOException {
        MessageDigest sha = org.lexsync.core.checksum.HashAlgorithm.SHA_256.newDigest();
        BlobKey key = BlobKey.of(sha.digest(bytes));
        Path target = pathOf(key);
        if (alreadyStored(key, target)) {
            return key;
        }
        Path staged = tmp.resolve(UUID.randomUUID() + ".blob");
        try (FileChannel ch = FileChannel.open(staged, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                ch.write(buffer);
            }
            ch.force(true);
        }
        install(staged, target);
        return key;
    }

    /** True when the blob is stored and will stay so (pinned against gc); false when it must be written. */
    private boolean alreadyStored(BlobKey key, Path target) {
        if (!Files.exists(target)) {
            return false;
        }
        reuse.reusing(key);
        return Files.exists(target);
    }

    private void install(Path staged, Path target) throws IOException {
        Path dir = target.getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            fsync(dir.getParent());
            fsync(dir.getParent().getParent());
        }
        try {
            Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
            Files.deleteIfExists(staged);
            return;
        }
        fsync(dir);
    }

    @Override
    public InputStream open(BlobKey key) throws IOException {
        try {
            return Files.newInputStream(pathOf(key));
        } catch (NoSuchFileException e) {
            throw new NoSuchBlobException(key);
        }
    }

    @Override
    public boolean exists(BlobKey key) {
        return Files.exists(pathOf(key));
    }

    @Override
    public long length(BlobKey key) throws IOException {
        try {
            return Files.size(pathOf(key));
        } catch (NoSuchFileException e) {
            throw new NoSuchBlobException(key);
        }
    }

    @Override
    public InputStream openRange(BlobKey key, long first, long last) throws IOException {
        FileChannel file = openLocal(key);
        return file == null ? null : java.nio.channels.Channels.newInputStream(file.position(first));
    }

    @Override
    public FileChannel openLocal(BlobKey key) throws IOException {
        try {
            return FileChannel.open(pathOf(key), StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    @Override
    public boolean delete(BlobKey key) throws IOException {
        return Files.deleteIfExists(pathOf(key));
    }

    @Override
    public void forEach(Consumer<BlobInfo> visitor) throws IOException {
        try (DirectoryStream<Path> level1 = Files.newDirectoryStream(root)) {
            for (Path d1 : level1) {
                if (!Files.isDirectory(d1)) {
                    continue;
                }
                try (DirectoryStream<Path> level2 = Files.newDirectoryStream(d1)) {
                    for (Path d2 : level2) {
                        if (!Files.isDirectory(d2)) {
                            continue;
                        }
                        try (DirectoryStream<Path> files = Files.newDirectoryStream(d2)) {
                            for (Path f : files) {
                                BlobKey key;
                                try {
                                    key = new BlobKey(f.getFileName().toString());
                                } catch (IllegalArgumentException notABlob) {
                                    continue;
                                }
                                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                                visitor.accept(new BlobInfo(key, a.size(), a.lastModifiedTime().toInstant()));
                            }
                        }
                    }
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Hashes a file with SHA-256. */
    public static BlobKey hash(Path file) throws IOException {
        MessageDigest sha = org.lexsync.core.checksum.HashAlgorithm.SHA_256.newDigest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[BUFFER];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        }
        return BlobKey.of(sha.digest());
    }

    /** Forces a file's bytes, or a directory's entries, to the device (a read-only descriptor suffices on Linux). */
    private static void fsync(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
