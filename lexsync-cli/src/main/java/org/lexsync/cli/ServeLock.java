package org.lexsync.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Locale;

/**
 * One {@code lexsync serve} per SQLite data directory: an exclusive lock on {@code serve.lock} in the directory, held
 * while the server runs, with its holder ({@code pid@host since time}) written in it. Two servers on one SQLite file
 * would each schedule every source and fight over its write lock; nodes share a store only through PostgreSQL. The
 * operating system drops the lock when the holder dies, so a killed server never blocks the next one.
 */
final class ServeLock implements AutoCloseable {
    static final String FILE = "serve.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private ServeLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the data directory's lock.
     *
     * @throws Main.UsageException naming the holder when another server has it, or the file when it cannot be made
     */
    static ServeLock acquire(Path dataDir) {
        Path file = dataDir.resolve(FILE).toAbsolutePath();
        FileChannel channel = null;
        try {
            Files.createDirectories(dataDir);
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException sameProcess) {
                lock = null;
            }
            if (lock == null) {
                String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
                channel.close();
                throw new Main.UsageException(String.format(Locale.ROOT, "the store %s is already served by %s "
                        + "(lock %s); a second lexsync serve may not share a SQLite store: several nodes share a "
                        + "store only through PostgreSQL (--jdbc-url)", dataDir.toAbsolutePath(),
                        holder.isEmpty() ? "another process" : holder, file));
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(holder().getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new ServeLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new Main.UsageException("cannot lock the store for serving: " + file + ": " + e.getMessage());
        }
    }

    private static String holder() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "localhost";
        }
        return String.format(Locale.ROOT, "%d@%s since %s%n", ProcessHandle.current().pid(), host, Instant.now());
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // already failing: the first error is the one reported
            }
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel's close below drops it too
        }
        closeQuietly(channel);
    }
}
