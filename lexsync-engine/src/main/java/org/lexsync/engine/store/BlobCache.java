package org.lexsync.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;

/**
 * A bounded directory of object-store blobs on the node's own disk ({@code <data dir>/cache/blobs/ab/<sha256>}),
 * so that a blob read again is read like a local file. Blobs are content-addressed and immutable, so an entry never
 * goes stale. A file appears under its name only whole (written to {@code tmp/}, then renamed), so a process killed
 * while filling leaves at most a temp file, which a later sweep removes; no fsync, as the directory is a cache. A file
 * this process did not fill itself (another process sharing the directory filled it, or it is left from before a
 * restart or a power loss) is checked against its SHA-256 once, at its first read; after that only its size is
 * checked on each read. The bound ({@code bytes}) is kept by sweeps that list the directory (so they see every
 * process's files), delete the least recently read files (by modification time, renewed at most once a minute per
 * file) down to seven eighths of it, and run when this process's own fills since the last sweep reach an eighth of it
 * or its count of the directory goes over it. Blobs larger than a quarter of the bound are not kept. Deleting the
 * directory while no process uses it loses nothing. Safe for concurrent use, and for several processes at once.
 */
final class BlobCache {
    /** The bound when the configuration says nothing: 1 GiB. */
    static final long DEFAULT_BYTES = 1L << 30;
    private static final long TOUCH_EVERY_MILLIS = Duration.ofMinutes(1).toMillis();
    private static final long STALE_TEMP_MILLIS = Duration.ofHours(1).toMillis();
    private static final long UNWRITABLE_PAUSE_MILLIS = Duration.ofMinutes(1).toMillis();
    private static final int BUFFER = 64 * 1024;

    private final Path root;
    private final Path tmp;
    private final long bound;
    private final LongSupplier clock;
    /** The files this process checked (filled or hashed), with their length and when they were last touched. */
    private final ConcurrentHashMap<String, Known> known = new ConcurrentHashMap<>();
    /** The directory's bytes as of the last sweep plus this process's fills since. */
    private final AtomicLong used = new AtomicLong();
    /** This process's fills since the last sweep; huge until the first sweep, so that the first fill sweeps. */
    private final AtomicLong sinceSweep = new AtomicLong(Long.MAX_VALUE / 4);
    private final AtomicBoolean sweeping = new AtomicBoolean();
    private volatile long unwritableUntil;

    /** A checked file: its length, and when this process last renewed its modification time. */
    private record Known(long length, long touched) {
    }

    /** A cache under {@code root} holding at most {@code bytes} (at least 1); nothing is created before a fill. */
    BlobCache(Path root, long bytes) {
        this(root, bytes, System::currentTimeMillis);
    }

    BlobCache(Path root, long bytes, LongSupplier clock) {
        if (bytes < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the blob cache's bound must be at least 1 byte, was %d", bytes));
        }
        this.root = root;
        this.tmp = root.resolve("tmp");
        this.bound = bytes;
        this.clock = clock;
    }

    /** The largest blob kept: a quarter of the bound (a larger one would push out most of the others). */
    long largestEntry() {
        return bound / 4;
    }

    /** Where a blob's file is (whether or not it is there). */
    Path pathOf(BlobKey key) {
        String h = key.sha256();
        return root.resolve(h.substring(0, 2)).resolve(h);
    }

    /**
     * The kept file of {@code key}, open for reading at its start, or null when it is not kept (or was found damaged:
     * a wrong size or SHA-256, and is deleted).
     */
    @Nullable FileChannel open(BlobKey key) {
        Path file = pathOf(key);
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            known.remove(key.sha256());
            return null;
        } catch (IOException e) {
            return null;
        }
        try {
            long size = ch.size();
            Known k = known.get(key.sha256());
            long now = clock.getAsLong();
            if (k == null) {
                if (!sameContent(ch, key)) {
                    return discard(ch, key, file);
                }
                ch.position(0);
                known.put(key.sha256(), new Known(size, now));
                touch(file, now);
            } else if (k.length() != size) {
                return discard(ch, key, file);
            } else if (now - k.touched() >= TOUCH_EVERY_MILLIS) {
                known.put(key.sha256(), new Known(size, now));
                touch(file, now);
            }
            return ch;
        } catch (IOException e) {
            closeQuietly(ch);
            return null;
        }
    }

    /**
     * Copies {@code in} (the blob's bytes from the object store, checked against its key as they are read: it throws
     * when they are short or wrong) into the cache and closes it. Returns false, keeping nothing, when the cache
     * cannot be written (no space, a read-only directory: reads then go to the object store for a minute); a failure
     * of {@code in} is thrown as is, and nothing is kept either.
     */
    boolean fill(BlobKey key, InputStream in, long length) {
        if (clock.getAsLong() < unwritableUntil) {
            closeQuietly(in);
            return false;
        }
        Path temp = tmp.resolve(UUID.randomUUID() + ".part");
        boolean done = false;
        try (in) {
            FileChannel out;
            try {
                Files.createDirectories(tmp);
                out = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (IOException e) {
                return unwritable();
            }
            long written = 0;
            try (out) {
                byte[] buffer = new byte[BUFFER];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    if (!write(out, buffer, n)) {
                        return unwritable();
                    }
                    written += n;
                }
            }
            if (length >= 0 && written != length) {
                throw new IOException("the object store sent " + written + " bytes of " + length);
            }
            Path target = pathOf(key);
            try {
                Files.createDirectories(target.getParent());
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                return unwritable();
            }
            done = true;
            long now = clock.getAsLong();
            touch(target, now);
            known.put(key.sha256(), new Known(written, now));
            added(written);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (!done) {
                deleteQuietly(temp);
            }
        }
    }

    /** Forgets and deletes the kept file of {@code key}, if any (the blob was deleted from the object store). */
    void drop(BlobKey key) {
        known.remove(key.sha256());
        deleteQuietly(pathOf(key));
    }

    private boolean write(FileChannel out, byte[] buffer, int n) {
        try {
            ByteBuffer b = ByteBuffer.wrap(buffer, 0, n);
            while (b.hasRemaining()) {
                out.write(b);
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private boolean unwritable() {
        unwritableUntil = clock.getAsLong() + UNWRITABLE_PAUSE_MILLIS;
        return false;
    }

    private void added(long bytes) {
        long total = used.addAndGet(bytes);
        long since = sinceSweep.addAndGet(bytes);
        if ((total > bound || since >= bound / 8) && sweeping.compareAndSet(false, true)) {
            try {
                sweep();
            } finally {
                sweeping.set(false);
            }
        }
    }

    /**
     * Lists the directory (every process's files), deletes the least recently read down to seven eighths of the
     * bound when it holds more than the bound, and temp files older than an hour (a process killed while filling).
     */
    void sweep() {
        long now = clock.getAsLong();
        List<Entry> entries = new ArrayList<>();
        java.util.Set<String> present = new java.util.HashSet<>();
        long total = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(root)) {
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                if (name.equals("tmp")) {
                    deleteStaleTemps(dir, now);
                    continue;
                }
                if (name.length() != 2 || !Files.isDirectory(dir)) {
                    continue;
                }
                try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                    for (Path f : files) {
                        BasicFileAttributes a;
                        try {
                            a = Files.readAttributes(f, BasicFileAttributes.class);
                        } catch (NoSuchFileException gone) {
                            continue;
                        }
                        entries.add(new Entry(f, a.size(), a.lastModifiedTime().toMillis()));
                        present.add(f.getFileName().toString());
                        total += a.size();
                    }
                }
            }
        } catch (NoSuchFileException e) {
            // nothing filled yet, or the directory was wiped: empty
        } catch (IOException e) {
            return;   // cannot list: the next fill tries again
        }
        known.keySet().retainAll(present);
        if (total > bound) {
            entries.sort(Comparator.comparingLong(Entry::modified));
            long target = bound - bound / 8;
            for (Entry e : entries) {
                if (total <= target) {
                    break;
                }
                known.remove(e.file().getFileName().toString());
                deleteQuietly(e.file());
                total -= e.length();
            }
        }
        used.set(total);
        sinceSweep.set(0);
    }

    private record Entry(Path file, long length, long modified) {
    }

    private static void deleteStaleTemps(Path dir, long now) throws IOException {
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(dir)) {
            for (Path t : temps) {
                try {
                    if (now - Files.getLastModifiedTime(t).toMillis() > STALE_TEMP_MILLIS) {
                        Files.deleteIfExists(t);
                    }
                } catch (NoSuchFileException gone) {
                    // another process finished or removed it
                }
            }
        }
    }

    /** True when the file's bytes have the key's SHA-256. */
    private static boolean sameContent(FileChannel ch, BlobKey key) throws IOException {
        MessageDigest sha = HashAlgorithm.SHA_256.newDigest();
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
        ch.position(0);
        while (ch.read(buffer) >= 0) {
            buffer.flip();
            sha.update(buffer);
            buffer.clear();
        }
        return HexFormat.of().formatHex(sha.digest()).equals(key.sha256());
    }

    private @Nullable FileChannel discard(FileChannel ch, BlobKey key, Path file) {
        closeQuietly(ch);
        known.remove(key.sha256());
        deleteQuietly(file);
        return null;
    }

    private static void touch(Path file, long now) {
        try {
            Files.setLastModifiedTime(file, FileTime.fromMillis(now));
        } catch (IOException e) {
            // evicted meanwhile, or a read-only directory: the order of eviction is a hint only
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a later sweep tries again
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // nothing to do
        }
    }
}
