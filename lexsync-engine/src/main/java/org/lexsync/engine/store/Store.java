package org.lexsync.engine.store;

import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.StoreException;
import org.lexsync.engine.model.StoreUnavailableException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.LongConsumer;
import org.jspecify.annotations.Nullable;

/**
 * The data directory (docs/architecture.md, "Core model", invariants): the relational store (SQLite by default,
 * PostgreSQL by JDBC URL, one Flyway-migrated schema) holding sources, checkpoints, resources, files, the change
 * journal, runs, item failures and the fetch cache, together with the content-addressed blob store. Changes enter only
 * through {@link #commit(CommitBatch)}, each batch all or nothing. Thread-safe.
 */
public final class Store implements AutoCloseable {
    private final StoreConfig config;
    private final Db db;
    private final FileBlobStore files;
    private final S3BlobStore objects;
    private final BlobStore large;
    private final DatabaseBlobStore smallBlobs;
    private final BlobStore blobs;
    private final CommitCombiner commits;
    private @Nullable JournalListener journalListener;

    private Store(StoreConfig config, Db db, FileBlobStore files) {
        this.config = config;
        this.db = db;
        this.commits = new CommitCombiner(db);
        this.files = files;
        this.objects = config.s3() != null ? new S3BlobStore(config.s3()) : null;
        BlobPins pins = new BlobPins(db, java.time.Clock.systemUTC());
        files.guardReuse(pins);
        if (objects != null) {
            objects.guardReuse(pins);
        }
        this.large = objects == null ? files : config.blobCacheBytes() == 0 ? objects
                : new CachedBlobStore(objects, new BlobCache(blobCacheDirectory(config), config.blobCacheBytes()));
        this.smallBlobs = new DatabaseBlobStore(db);
        this.blobs = new TieredBlobStore(smallBlobs, largeBlobs(), config.smallBlobMaxBytes());
    }

    /**
     * Opens (creating and migrating when needed) the store described by {@code config} for writing. Runs left
     * {@code running} by a process that is gone are marked {@link RunStatus#INTERRUPTED} on the way.
     */
    public static Store open(StoreConfig config) {
        FileBlobStore files;
        try {
            Files.createDirectories(config.dataDir());
            files = new FileBlobStore(config.dataDir().resolve("blobs"), config.dataDir().resolve("tmp"));
        } catch (IOException e) {
            throw StoreFailures.of(config.dataDir(), "open data directory " + config.dataDir(), e);
        }
        Db db = new Db(config);
        Store store;
        try {
            store = new Store(config, db, files);
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
        try {
            store.runs().interruptOrphans();
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }

    /**
     * True when the store of {@code config} exists: on SQLite, its database file is in the data directory; a
     * PostgreSQL store is assumed to exist (it is created by its administrator).
     */
    public static boolean exists(StoreConfig config) {
        return !config.sqlite() || config.jdbcUrl() != null || Files.isRegularFile(databaseFile(config));
    }

    /** The SQLite database file of a store in its data directory. */
    public static Path databaseFile(StoreConfig config) {
        return config.dataDir().resolve("lexsync.db");
    }

    /**
     * Opens an existing store (see {@link #exists}) without creating anything: writable when it can be
     * written, otherwise read-only (a read-only mount or directory, an immutable file), when it is not migrated
     * and every write fails as {@link StoreUnavailableException.Kind#READ_ONLY}.
     */
    public static Store openExisting(StoreConfig config) {
        if (!exists(config)) {
            throw new StoreException("open store " + config.dataDir().toAbsolutePath(), "no LexSync store there", null);
        }
        if (!config.sqlite() || config.jdbcUrl() != null || (StoreFailures.writable(config.dataDir())
                && Files.isWritable(databaseFile(config)))) {
            return open(config);
        }
        FileBlobStore files = FileBlobStore.existing(config.dataDir().resolve("blobs"), config.dataDir().resolve("tmp"));
        return new Store(config, new Db(config, true), files);
    }

    /**
     * Source leases this store object took over from another holder (an expired lease, a holder that died) since it
     * opened: {@code lexsync_lease_takeovers_total}.
     */
    public long leaseTakeovers() {
        return db.takeovers();
    }

    /**
     * The cluster's per-host politeness gate (issue 32) on a PostgreSQL store, which several nodes may share; null on
     * SQLite (one machine: the fetcher's own politeness is the whole budget).
     */
    public org.lexsync.engine.fetch.SharedHostGate sharedHostGate() {
        return db.sqlite() || db.readOnly() ? null : new SharedHostSchedule(db);
    }

    /** The database under this store, for the store package's own parts and their tests. */
    Db db() {
        return db;
    }

    /** True when this store was opened read-only. */
    public boolean readOnly() {
        return db.readOnly();
    }

    public StoreConfig config() {
        return config;
    }

    /**
     * The store's pooled database, for the one table the server's scheduler keeps in it ({@code scheduled_tasks},
     * created by the store's migrations). Nothing else may be written through it.
     */
    public javax.sql.DataSource schedulerDataSource() {
        return db.dataSource();
    }

    /**
     * Write transactions this store object committed since it opened, counted right after each commit: a reader
     * keeping something derived from the store compares it to tell, without a query, that nothing was written
     * through this object meanwhile. Writes of other processes or other store objects are not counted.
     */
    public long commits() {
        return db.commits();
    }

    /**
     * Writes of lease holders this store object refused because the source's lease moved on (the fence, issue 32):
     * journal commits, checkpoint writes and run-state updates, counted once each; read by metrics as
     * {@code lexsync_fenced_commits_total}.
     */
    public long fencedCommits() {
        return db.fenced();
    }

    /** True on SQLite, false on PostgreSQL. */
    /**
     * Tells {@code listener} the journal's last sequence number whenever any process commits a batch or a source to
     * this PostgreSQL store (and after the listening connection came back from an outage), from a thread of the
     * store's own, started by the first call. Returns false, and tells nothing, on SQLite.
     */
    public boolean onJournalChanges(LongConsumer listener) {
        if (db.sqlite()) {
            return false;
        }
        JournalListener l;
        synchronized (this) {
            if (journalListener == null) {
                journalListener = new JournalListener(config);
            }
            l = journalListener;
        }
        l.add(listener);
        return true;
    }

    /** True while journal notifications arrive (PostgreSQL, a listener added and its connection up). */
    public boolean journalNotificationsLive() {
        JournalListener l = journalListener;
        return l != null && l.live();
    }

    public boolean sqlite() {
        return db.sqlite();
    }

    public Sources sources() {
        return new Sources(db);
    }

    public Resources resources() {
        return new Resources(db);
    }

    public Journal journal() {
        return new Journal(db);
    }

    public Runs runs() {
        return new Runs(db);
    }

    public ItemFailures failures() {
        return new ItemFailures(db);
    }

    /** The sources' leases: who is harvesting which source (docs/architecture.md, "Concurrency"). */
    public SourceLeases leases() {
        return new SourceLeases(db);
    }

    /** The node table of the servers sharing this store (issue 32). */
    public Nodes nodes() {
        return new Nodes(db);
    }

    /** The sources the operator paused, by id (issue 28.2). */
    public SourcePauses pauses() {
        return new SourcePauses(db);
    }

    /** Ingested document groups and the crawler log (EUCases D2.1 §3.2). */
    /** What {@code lexsync store migrate} has copied and verified (issue 31). */
    public MigrationProgress migrationProgress() {
        return new MigrationProgress(db);
    }

    public DocumentGroups documentGroups() {
        return new DocumentGroups(db);
    }

    public FetchCache fetchCache() {
        return new FetchCache(db);
    }

    /** All blobs, whichever tier holds them. */
    public BlobStore blobs() {
        return blobs;
    }

    /**
     * The file tier, whose temp directory the fetcher should download into. When the large blobs go to an object
     * store ({@link StoreConfig#s3()}), this directory holds only temp files; see {@link #largeBlobs()}.
     */
    public FileBlobStore fileBlobs() {
        return files;
    }

    /**
     * Where blobs above the inline threshold live: the object store when one is configured (read through the disk
     * cache of its blobs unless {@link StoreConfig#blobCacheBytes()} is 0), else the file tier.
     */
    public BlobStore largeBlobs() {
        return large;
    }

    /** The object store holding the large blobs, without the disk cache; null when they are files. */
    public @Nullable S3BlobStore objectStore() {
        return objects;
    }

    /** Where a node keeps its disk cache of object-store blobs: {@code <data dir>/cache/blobs}. */
    public static Path blobCacheDirectory(StoreConfig config) {
        return config.dataDir().resolve("cache").resolve("blobs");
    }

    /** Blobs up to this size are kept in the database (0: none). */
    public int smallBlobMaxBytes() {
        return config.smallBlobMaxBytes();
    }

    /**
     * Commits a batch of one source's changes in ONE transaction (docs/architecture.md, invariant 2): journal rows,
     * resource and file state, inline blobs and the checkpoint, all or nothing; batches other threads commit at the same
     * moment may share that transaction ({@link CommitCombiner}), each still all or nothing. Writes identical to the current state
     * (same source timestamp and files) add no journal row. Outcomes are in the batch's order. A batch carrying a
     * {@link LeaseFence} is refused whole with a {@link org.lexsync.engine.model.FencedException} when the lease of
     * its source moved on.
     */
    public List<WriteOutcome> commit(CommitBatch batch) {
        return commits.commit(batch);
    }

    /**
     * Deletes blobs that neither a current file nor a journal row references; large blobs written (or found already
     * stored by a writer) within {@code grace} are kept. One gc at a time per store.
     */
    public GcReport gc(Duration grace) {
        return gc(grace, GarbageCollector.PAGE);
    }

    /** As {@link #gc(Duration)}, sweeping the large tier's listing {@code page} blobs at a time. */
    GcReport gc(Duration grace, int page) {
        try (GcLock alone = GcLock.take(config, db.sqlite())) {
            return GarbageCollector.collect(db, largeBlobs(), files.tempDirectory(), Instant.now().minus(grace), page);
        } catch (IOException e) {
            throw StoreFailures.of(config.dataDir(), "collect blobs", e);
        } catch (UncheckedIOException e) {
            throw StoreFailures.of(config.dataDir(), "collect blobs", e.getCause());
        }
    }

    @Override
    public void close() {
        JournalListener l;
        synchronized (this) {
            l = journalListener;
            journalListener = null;
        }
        if (l != null) {
            l.close();
        }
        try {
            db.close();
        } finally {
            if (objects != null) {
                objects.close();
            }
        }
    }
}
