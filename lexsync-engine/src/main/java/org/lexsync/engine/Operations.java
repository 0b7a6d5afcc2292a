package org.lexsync.engine;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;
import javax.sql.DataSource;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.FetchListener;
import org.lexsync.engine.model.HostStatistics;
import org.lexsync.engine.model.MigrationListener;
import org.lexsync.engine.model.MigrationReport;
import org.lexsync.engine.model.MigrationTarget;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.store.S3BlobStore;
import org.lexsync.engine.store.Store;

/**
 * The plumbing of a {@link LexSync} that a long-running front end needs — the server (docs/architecture.md, "The
 * server") and the command line's {@code serve} and graceful stop — and a library user does not: operator pauses,
 * the scheduler's database, journal notifications, listeners for metrics and the ELI graphs, the fetcher's per-host
 * statistics. It is public only because those front ends live in other modules; it is not part of the library's
 * promise and may change with the server. Get it with {@link LexSync#operations()}.
 */
public final class Operations {
    private final Store store;
    private final Fetcher fetcher;
    private final HarvestRuns runs;
    private final FacadeRdf rdf;
    private final String version;
    private final BooleanSupplier readOnly;

    Operations(Store store, Fetcher fetcher, HarvestRuns runs, FacadeRdf rdf, String version,
               BooleanSupplier readOnly) {
        this.store = store;
        this.fetcher = fetcher;
        this.runs = runs;
        this.rdf = rdf;
        this.version = version;
        this.readOnly = readOnly;
    }

    /**
     * Copies the large blobs of the data directory into the object store of {@code target} and the data directory's
     * ELI graphs into its SPARQL store, verifying each (SHA-256 read back, triple count), resumable after a kill, and
     * deleting the old copies only when {@link MigrationTarget#deleteOld()} says so (issue 31, {@code lexsync store
     * migrate}). The store's configuration is not changed: the caller tells the operator what to put in lexsync.yaml.
     *
     * @throws IllegalArgumentException when the target's object store location or credentials are not usable
     * @throws org.lexsync.engine.model.StoreException when a copy cannot be made or verified
     */
    public MigrationReport migrateStore(MigrationTarget target, MigrationListener listener) {
        if (readOnly()) {
            throw new IllegalStateException("the store is open read-only: it cannot be migrated");
        }
        return new StoreMigration(store).run(target, listener);
    }

    /**
     * One probe per remote store this node depends on (issue 31, {@code /readyz}): {@code objectStore} asks the bucket
     * of {@link LexSync.Builder#blobs}, {@code sparqlStore} asks the SPARQL store of {@link LexSync.Builder#rdfEndpoint}
     * an empty {@code ASK}; each throws the store's typed error when it cannot be reached. Empty for a store all on
     * this disk.
     */
    public Map<String, Runnable> remoteStoreProbes() {
        Map<String, Runnable> probes = new LinkedHashMap<>();
        S3BlobStore objects = store.objectStore();
        if (objects != null) {
            probes.put("objectStore", objects::probe);
        }
        if (rdf.endpoint() != null) {
            probes.put("sparqlStore", () -> rdf.get().query("ASK {}"));
        }
        return probes;
    }

    /** True when the facade writes nothing: opened read-only or for a dry run, or the store cannot be written. */
    public boolean readOnly() {
        return readOnly.getAsBoolean();
    }

    /**
     * Records that the operator paused the source id (the server's scheduler runs no paused source). The pause is kept
     * by id in the store: it holds when the source leaves {@code lexsync.yaml} and comes back, across restarts, and on
     * every node of a PostgreSQL store. True when it was not paused before.
     */
    public boolean pauseSource(String sourceId) {
        return store.pauses().pause(sourceId);
    }

    /** Clears the source id's pause; true when it was paused. */
    public boolean resumeSource(String sourceId) {
        return store.pauses().resume(sourceId);
    }

    /** True when the operator paused the source id (see {@link #pauseSource}). */
    public boolean sourcePaused(String sourceId) {
        return store.pauses().paused(sourceId);
    }

    /** The paused source ids, sorted (one query, for overviews of many sources). */
    public Set<String> pausedSources() {
        return store.pauses().all();
    }

    /**
     * Marks as interrupted the runs this process holds that still run, or that ended as aborted at or after
     * {@code since} (a harvest stopped by a signal records an abort on its way out), with {@code note}; their
     * counts stay what their committed batches recorded. Returns the runs marked.
     */
    public List<RunRecord> interruptHeldRuns(Instant since, String note) {
        return store.runs().interruptHeld(since, note);
    }

    /**
     * The store's database for the server's scheduler: db-scheduler keeps its executions in the table
     * {@code scheduled_tasks}, which the store's migrations create, so that every node of a server on one database
     * shares them. Only that table may be written through it.
     */
    public DataSource schedulerDataSource() {
        return store.schedulerDataSource();
    }

    /** True when the store keeps journal and state in SQLite (the embedded default), false on PostgreSQL. */
    public boolean sqliteStore() {
        return store.sqlite();
    }

    /** The data directory (blobs, temporary files and, on SQLite, the database). */
    public Path dataDirectory() {
        return store.config().dataDir();
    }

    /**
     * Tells {@code listener} the journal's last sequence number soon after any process or node commits a batch or a
     * source to this store, through PostgreSQL {@code LISTEN/NOTIFY} (docs/architecture.md, "Publishing the
     * aggregate"), from a thread of the store's own, and once more whenever the listening connection came back from
     * an outage (something may have been missed). Returns true when the store notifies (PostgreSQL), false on SQLite,
     * where nothing is told: watch {@link StoreView#sqliteFile()} there. Commits through the facade count in
     * {@link StoreView#commits()} as well, before the writing call returns.
     */
    public boolean onJournalChanges(LongConsumer listener) {
        return store.onJournalChanges(listener);
    }

    /**
     * True while journal notifications arrive ({@link #onJournalChanges} was called on PostgreSQL and its connection
     * is up); a reader falls back to polling while false.
     */
    public boolean journalNotificationsLive() {
        return store.journalNotificationsLive();
    }

    /**
     * Tells {@code listener} about every batch committed by the harvests and applies started through the facade from
     * now on, after each commit (docs/architecture.md, "The engine as a library"). A listener that throws leaves the
     * commit standing and is reported with the run.
     */
    public void addListener(CommitListener listener) {
        runs.addListener(listener);
    }

    /**
     * Tells {@code listener} about every HTTP exchange of the facade's fetcher from now on (host, status, time to the
     * headers; no URL), e.g. for metrics (docs/architecture.md, "Dashboard and metrics").
     */
    public void addFetchListener(FetchListener listener) {
        fetcher.addListener(listener);
    }

    /**
     * Per host, what the facade's fetcher asked and got since the facade opened: requests, 304/429/5xx answers, the
     * delay in force, robots.txt state (docs/architecture.md, "Dashboard and metrics").
     */
    public List<HostStatistics> hosts() {
        return fetcher.hostStatistics();
    }

    /**
     * Writes this process's row in the store's node table (issue 32): reached at {@code address}, started at
     * {@code started}, of the facade's version, beating now. {@code lexsync serve} calls it at every heartbeat.
     */
    public void nodeHeartbeat(String address, java.time.Instant started) {
        store.nodes().beat(address, version, started);
    }

    /** Removes this process's row from the node table (a clean stop). */
    public void nodeLeft() {
        store.nodes().leave();
    }

    /** This process's node id ({@code pid@host}), as in leases, runs and the node table. */
    public static String nodeId() {
        return org.lexsync.engine.store.Nodes.currentId();
    }

    /** Every node sharing the store, with the sources and runs it holds now (issue 32, {@code /api/nodes}). */
    public List<org.lexsync.engine.model.NodeStatus> nodes() {
        return store.nodes().list();
    }

    /** Source leases this facade took over from another holder since it opened ({@code lexsync_lease_takeovers_total}). */
    public long leaseTakeovers() {
        return store.leaseTakeovers();
    }

    /** Writes refused because their lease moved on, since the facade opened ({@code lexsync_fenced_commits_total}). */
    public long fencedCommits() {
        return store.fencedCommits();
    }
}
