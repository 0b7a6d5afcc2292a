package org.lexsync.engine.store;

import org.lexsync.engine.model.StoreException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One {@code gc} at a time per store. Two at once are not safe together: one may delete, from a listing taken
 * before, a blob that a writer stored again after the other gc deleted it and has not committed yet ({@link BlobPins}
 * covers a writer against one gc only). On PostgreSQL a session advisory lock held on a connection of its own for the
 * whole run (freed by the server if the process dies); on SQLite an exclusive lock on {@code gc.lock} in the data
 * directory, which the operating system frees with the process. A second gc is refused at once, not queued.
 */
final class GcLock implements AutoCloseable {
    /** The advisory lock's key on PostgreSQL: "lexsyncG" as a 64-bit number, unlikely to meet another tool's. */
    private static final long ADVISORY_KEY = 0x6c657873796e6347L;

    private final AutoCloseable held;

    private GcLock(AutoCloseable held) {
        this.held = held;
    }

    static GcLock take(StoreConfig config, boolean sqlite) {
        return sqlite ? onFile(config.dataDir().resolve("gc.lock")) : onDatabase(config);
    }

    private static GcLock onFile(Path file) {
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw busy("another process holds " + file);
            }
            FileChannel open = channel;
            return new GcLock(() -> {
                lock.release();
                open.close();
            });
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw busy("this process is already collecting");
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StoreException("collect blobs", "cannot lock " + file + ": " + e.getMessage(), e);
        }
    }

    private static GcLock onDatabase(StoreConfig config) {
        Connection c = null;
        try {
            c = OwnSessions.open(config, "lexsync gc", 0);
            try (PreparedStatement st = c.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
                st.setLong(1, ADVISORY_KEY);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    if (!rs.getBoolean(1)) {
                        throw busy("another process holds its lock on " + config.effectiveJdbcUrl());
                    }
                }
            }
            return new GcLock(c); // closing the session frees the lock
        } catch (SQLException e) {
            closeQuietly(c);
            throw StoreFailures.of(config, "collect blobs", e);
        } catch (RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    private static StoreException busy(String detail) {
        return new StoreException("collect blobs", "another gc is running on this store (" + detail
                + "); run one at a time", null);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // the lock is gone with it either way
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(held);
    }
}
