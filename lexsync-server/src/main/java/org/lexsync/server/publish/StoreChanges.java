package org.lexsync.server.publish;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;

/**
 * Tells the publish routes, without a query, whether the store may have changed since they last read its journal
 * head and sources, so that a request reads the store only after a change (docs/architecture.md, "Publishing the
 * aggregate", what a request costs). Take a {@link #mark()} before reading the head; a later mark
 * {@link #unchanged unchanged} from it means the head read then is still the head.
 *
 * <ul>
 *   <li><b>Writes through this server's facade</b> (harvests by the scheduler, pings and run-now, ingestion, sources
 *   registered on reload): {@link org.lexsync.engine.StoreView#commits()}, counted right after each commit and before the writing call
 *   returns, so the very next request sees them, on every store.</li>
 *   <li><b>Writes by another process on a SQLite store</b> (a cron {@code lexsync sync} while the server runs): every
 *   commit in WAL mode writes the {@code -wal} file, a checkpoint the database file, so a stat of both (size and
 *   modification time; one system call each, no database lock) is compared per request. A modification time is
 *   only as fine as the file system's clock (a kernel tick, up to 2 s on coarse file systems), so two commits within
 *   one tick could leave the same stamp: a mark taken less than {@link #SETTLE_MILLIS} ({@link #FINE_SETTLE_MILLIS}
 *   where the stamps have fractions of a second) after the files' last
 *   modification is never trusted, and requests read the head until the files have been still that long. Any later
 *   commit then gets a newer timestamp, so it is seen by the first request that starts {@link #STAMP_REUSE_NANOS}
 *   (1 ms) after it: the two stats are shared by the requests of one millisecond rather than made by each (at tens of
 *   thousands of requests a second they were ≈ 7 % of a kept answer's time, docs/benchmarks.md). A false alarm (a lease renewal, a run
 *   record, the node heartbeat) costs one head read. Assumes the file's clock is this host's (a local file system;
 *   not a clock stepped backwards).</li>
 *   <li><b>Writes by another process or node on PostgreSQL</b>: every commit of a batch or a source notifies
 *   {@code lexsync_journal} inside its transaction and the facade's listener ({@link org.lexsync.engine.Operations#onJournalChanges})
 *   counts what it hears, so such a write is seen by the first request after the notification arrives (measured:
 *   docs/benchmarks.md). Polling stays as the fallback: a head read is trusted for at most {@link #FALLBACK_POLL_NANOS}
 *   while notifications arrive, for at most {@link #POLL_NANOS} while the listening connection is down.</li>
 * </ul>
 */
final class StoreChanges {
    /** How long the store's files must be still before their stamp is trusted (covers coarse timestamps). */
    static final long SETTLE_MILLIS = 2_000;
    /**
     * The same where the files' stamps have a fraction of a second (ext4, xfs, btrfs, tmpfs: a kernel tick of a few
     * milliseconds): this server's node heartbeat writes the database every {@code cluster.heartbeat} (2 s), so with
     * {@link #SETTLE_MILLIS} alone the files were never still long enough and every request read the head again.
     */
    static final long FINE_SETTLE_MILLIS = 200;
    /** How long one look at the SQLite files' stamps serves the marks taken after it (the commit count is read each time). */
    static final long STAMP_REUSE_NANOS = 1_000_000L;
    /** On PostgreSQL while no notifications arrive (their connection is down): the longest a head read is trusted. */
    static final long POLL_NANOS = 1_000_000_000L;
    /** On PostgreSQL while notifications arrive: the longest a head read is trusted all the same. */
    static final long FALLBACK_POLL_NANOS = 30_000_000_000L;

    private final LexSync lexsync;
    private final @Nullable Path database;
    private final @Nullable Path wal;
    private final AtomicLong notified = new AtomicLong();
    private final long fallbackPollNanos;
    private volatile @Nullable Stamps stamps;

    /** One look at the SQLite files: their sizes and stamps, whether they had settled, and when it was taken. */
    private record Stamps(long nanos, long databaseSize, long databaseModified, long walSize, long walModified,
                          boolean settled) {
    }

    StoreChanges(LexSync lexsync) {
        this(lexsync, FALLBACK_POLL_NANOS);
    }

    /** With {@code fallbackPollNanos} as the longest a head read is trusted while notifications arrive. */
    StoreChanges(LexSync lexsync, long fallbackPollNanos) {
        this.lexsync = lexsync;
        this.fallbackPollNanos = fallbackPollNanos;
        this.database = lexsync.store().sqliteFile().orElse(null);
        this.wal = database == null ? null : database.resolveSibling(database.getFileName() + "-wal");
        if (database == null) {
            lexsync.operations().onJournalChanges(seq -> notified.incrementAndGet());
        }
    }

    /**
     * Where the store stands as far as can be told without a query: this facade's commits, and the stamps of the
     * database files (SQLite) or the time of the mark, the notifications heard and whether they arrive (PostgreSQL).
     */
    record Mark(long commits, long databaseSize, long databaseModified, long walSize, long walModified,
                boolean settled, long nanos, long notified, boolean live) {
    }

    /** The mark of now; take it before reading what it guards. */
    Mark mark() {
        long commits = lexsync.store().commits();
        if (database == null || wal == null) {
            // the state of the listener first: a notification heard after it moves the count, never missed
            boolean live = lexsync.operations().journalNotificationsLive();
            return new Mark(commits, 0, 0, 0, 0, false, System.nanoTime(), notified.get(), live);
        }
        long t = System.nanoTime();
        Stamps files = stamps;
        if (files == null || t - files.nanos() >= STAMP_REUSE_NANOS) {
            files = stamps(t);
            stamps = files;
        }
        return new Mark(commits, files.databaseSize(), files.databaseModified(), files.walSize(), files.walModified(),
                files.settled(), 0, 0, false);
    }

    /** The files' stamps now (taken at {@code nanos}); never settled when they cannot be read. */
    private Stamps stamps(long nanos) {
        BasicFileAttributes db;
        BasicFileAttributes log;
        try {
            db = attributes(database);
            log = attributes(wal);
        } catch (IOException e) {
            return new Stamps(nanos, 0, 0, 0, 0, false);   // cannot tell: never trusted, the head is read
        }
        long dbModified = db == null ? 0 : db.lastModifiedTime().toMillis();
        long walModified = log == null ? 0 : log.lastModifiedTime().toMillis();
        long age = System.currentTimeMillis() - Math.max(dbModified, walModified);
        long settle = fineStamp(db) && fineStamp(log) ? FINE_SETTLE_MILLIS : SETTLE_MILLIS;
        return new Stamps(nanos, db == null ? -1 : db.size(), dbModified, log == null ? -1 : log.size(), walModified,
                age > settle);
    }

    /** True when nothing can have been written to the store between {@code then} and {@code now}. */
    boolean unchanged(Mark then, Mark now) {
        if (then.commits() != now.commits()) {
            return false;
        }
        if (database == null) {
            long trusted = then.live() && now.live() ? fallbackPollNanos : POLL_NANOS;
            return then.notified() == now.notified() && now.nanos() - then.nanos() < trusted;
        }
        return then.settled() && then.databaseSize() == now.databaseSize()
                && then.databaseModified() == now.databaseModified() && then.walSize() == now.walSize()
                && then.walModified() == now.walModified();
    }

    /**
     * True when the file's modification time has a fraction of a second, so the file system keeps stamps finer than a
     * second (a stamp that falls on a whole second by chance only makes the wait the longer one). No file: true.
     */
    private static boolean fineStamp(@Nullable BasicFileAttributes file) {
        return file == null || file.lastModifiedTime().toInstant().getNano() != 0;
    }

    /** The file's attributes, null when it does not exist (no WAL beside a store opened read-only). */
    private static @Nullable BasicFileAttributes attributes(Path file) throws IOException {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
