package org.lexsync.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.eli.GraphRebuild;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.model.GraphRebuildProgress;
import org.lexsync.engine.model.GraphRebuildReport;
import org.lexsync.engine.model.HourlyChanges;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.JournalVersion;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSummary;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.model.StoreStatistics;
import org.lexsync.engine.store.Store;

/**
 * The store of a {@link LexSync}, read: sources as stored, resources, the journal, runs and their findings, failed
 * items, blobs, plus its upkeep (garbage collection, rebuilding the RDF graphs). It exists so that the facade keeps
 * only what a user does (register, harvest, apply, publish) while everything one reads back lives here, as Caffeine
 * keeps {@code Cache} small behind {@code asMap()}. Get it with {@link LexSync#store()}; it lives as long as its
 * facade and is as thread-safe.
 */
public final class StoreView {
    private final Store store;
    private final FacadeRdf rdf;
    private final BooleanSupplier readOnly;

    StoreView(Store store, FacadeRdf rdf, BooleanSupplier readOnly) {
        this.store = store;
        this.rdf = rdf;
        this.readOnly = readOnly;
    }

    /** Every source the store knows, registered here or by earlier runs. */
    public List<SourceRecord> storedSources() {
        return store.sources().list();
    }

    /** The stored record of one source. */
    public Optional<SourceRecord> storedSource(String sourceId) {
        return store.sources().get(sourceId);
    }

    /** The source's stored checkpoint (protocol-specific text), if it has one. */
    public Optional<String> checkpoint(String sourceId) {
        return store.sources().checkpoint(sourceId);
    }

    /** Calls {@code visitor} for each journal entry after {@code afterSeq} (all sources when null), in order. */
    public void journal(long afterSeq, @Nullable String sourceId, long limit, Consumer<JournalEntry> visitor) {
        store.journal().forEachSince(afterSeq, sourceId, limit, visitor);
    }

    /**
     * Like {@link #journal}, each row with the version of its resource it recorded (title, publication date, links,
     * files), which publishing projects.
     */
    public void journalVersions(long afterSeq, @Nullable String sourceId, long limit,
                                Consumer<JournalVersion> visitor) {
        store.journal().forEachVersionSince(afterSeq, sourceId, limit, visitor);
    }

    /**
     * The changes collected per source and hour (UTC) since {@code since}, from the journal, for a chart
     * (docs/architecture.md, "Dashboard and metrics"); reads only the journal's rows from {@code since} on.
     */
    public List<HourlyChanges> changesPerHour(Instant since) {
        return store.journal().changesPerHour(Objects.requireNonNull(since, "since"));
    }

    /** The last journal sequence number, 0 for an empty journal. */
    public long lastSeq() {
        return store.journal().lastSeq();
    }

    /**
     * Write transactions committed through this view's facade since it opened (harvests, applies, ingestion,
     * registered sources, runs and leases), counted right after each commit, before the writing call returns: one
     * volatile read, for a reader that keeps something derived from the store (the server's published documents) to
     * tell without a query that nothing was written through this facade since it last looked. Writes by other
     * processes or other facades on the same store are not counted; {@link #sqliteFile()} is what they change on
     * SQLite.
     */
    public long commits() {
        return store.commits();
    }

    /**
     * The store's SQLite database file (its write-ahead log is this path with {@code -wal} added), empty on
     * PostgreSQL or when the JDBC URL names no plain file.
     */
    public Optional<Path> sqliteFile() {
        return store.config().sqliteFile();
    }

    /** A resource's stored state. */
    public Optional<ResourceState> resource(String sourceId, String uri) {
        return store.resources().get(sourceId, uri);
    }

    /** The stored states of those of {@code uris} that source {@code sourceId} holds, by URI (one lookup). */
    public Map<String, ResourceState> resources(String sourceId, Collection<String> uris) {
        return store.resources().getAll(sourceId, uris);
    }

    /** Calls {@code visitor} with the full state (files and blob keys) of each resource of a source (all when null). */
    public void resourceStates(@Nullable String sourceId, boolean includeDeleted, Consumer<ResourceState> visitor) {
        store.resources().forEach(sourceId, includeDeleted, visitor);
    }

    /** How many active resources a source holds (all sources when null). */
    public long resourceCount(@Nullable String sourceId) {
        return store.resources().count(sourceId, false);
    }

    /** Calls {@code visitor} for each resource of a source (of all sources when null). */
    public void resources(@Nullable String sourceId, boolean includeDeleted, Consumer<ResourceSummary> visitor) {
        store.resources().forEachSummary(sourceId, includeDeleted, visitor);
    }

    /**
     * One page of {@link #resources(String, boolean, Consumer)}: at most {@code limit} resources in (source, URI) order
     * after the resource ({@code afterSource}, {@code afterUri}), from the first when those are null. A page boundary
     * is a key, not an offset, so it stays stable while the store changes.
     */
    public void resources(@Nullable String sourceId, boolean includeDeleted, @Nullable String afterSource,
                          @Nullable String afterUri, long limit, Consumer<ResourceSummary> visitor) {
        store.resources().forEachSummaryAfter(sourceId, includeDeleted, afterSource, afterUri, limit, visitor);
    }

    /**
     * Every version of one resource from the journal, oldest first, at most {@code limit} ({@code <= 0}: all), each
     * with the files it recorded: a document's history (docs/api.md, "Documents").
     */
    public List<JournalVersion> versions(String sourceId, String uri, long limit) {
        List<JournalVersion> out = new ArrayList<>();
        store.journal().forEachVersionOf(Objects.requireNonNull(sourceId, "sourceId"),
                Objects.requireNonNull(uri, "uri"), limit, out::add);
        return out;
    }

    /** The resources of any source with exactly this URI (tombstones included), at most {@code limit}, without files. */
    public List<ResourceSummary> findResources(String uri, int limit) {
        return store.resources().withUri(Objects.requireNonNull(uri, "uri"), limit);
    }

    /**
     * At most {@code limit} resources whose URI or title contains {@code text} (ASCII case ignored), without files;
     * scans the resources until that many match (docs/api.md, "Documents", says the cost).
     */
    public List<ResourceSummary> searchResources(String text, int limit) {
        return store.resources().containing(Objects.requireNonNull(text, "text"), limit);
    }

    /** The latest runs of a source (of all sources when null), newest first. */
    public List<RunRecord> runs(@Nullable String sourceId, int limit) {
        return store.runs().latest(sourceId, limit);
    }

    /** One run. */
    public Optional<RunRecord> run(long runId) {
        return store.runs().get(runId);
    }

    /** The findings recorded with a run. */
    public List<RunFinding> findings(long runId) {
        return store.runs().findings(runId);
    }

    /** The items of a source (all sources when null) that failed and wait to be retried, or are quarantined. */
    public List<ItemFailure> failures(@Nullable String sourceId) {
        return store.failures().list(sourceId);
    }

    /** How many items of a source are quarantined (the checkpoint passed them; each is retried on its own). */
    public long quarantined(String sourceId) {
        return store.failures().quarantined(sourceId);
    }

    /**
     * Counts the store: journal rows, active resources, blobs and their bytes. Walks the blob store, so it takes
     * time in proportion to the blobs held (the dashboard's store page asks for it when opened).
     */
    public StoreStatistics storeStatistics() {
        return StoreCounts.of(store);
    }

    /** Reads a stored file's bytes by its blob key; the caller closes the stream. */
    public InputStream openBlob(BlobKey key) throws IOException {
        return store.blobs().open(key);
    }

    /** Removes blobs no representation refers to any more, older than {@code grace}. */
    public GcReport gc(Duration grace) {
        return store.gc(grace);
    }

    /**
     * Rebuilds every ELI named graph from the pages the store holds into the graph store of the facade (the data
     * directory's TDB2, or the remote SPARQL store of {@link LexSync.Builder#rdfEndpoint}), telling {@code progress}
     * on the way: the graph store is never the only copy (docs/architecture.md, "The flow of a change").
     *
     * @throws IllegalStateException when the facade is read-only
     */
    public GraphRebuildReport rebuildGraphs(GraphRebuildProgress progress) {
        if (readOnly.getAsBoolean()) {
            throw new IllegalStateException("the store is open read-only: graphs cannot be rebuilt");
        }
        List<String> eli = store.sources().list().stream()
                .filter(s -> EliOptions.PROTOCOL.equals(s.protocol())).map(SourceRecord::id).sorted().toList();
        return new GraphRebuild(HarvestStore.over(store), rdf.get()).rebuild(eli, progress);
    }

    /**
     * For every source that ever ran: its last, last finished, last succeeded and last failed run and when it first
     * ran, in one query (the operator's overview; docs/architecture.md, "Dashboard and metrics").
     */
    public List<org.lexsync.engine.model.SourceRuns> latestRunsPerSource() {
        return store.runs().latestPerSource();
    }

    /** The last {@code perSource} runs of every source, oldest first within a source, for sparklines; one query. */
    public List<org.lexsync.engine.model.RunDuration> recentRunsPerSource(int perSource) {
        return store.runs().recentPerSource(perSource);
    }

    /** For every source holding active resources: how many, and the newest source timestamp among them; one query. */
    public List<org.lexsync.engine.model.SourceHoldings> holdingsPerSource() {
        return store.resources().heldPerSource();
    }

    /**
     * Calls {@code visitor} with the findings of the last {@code runs} runs of a source (all sources when null),
     * newest run first: the findings by rule of the console.
     */
    public void findingsOfLatestRuns(@Nullable String sourceId, int runs, Consumer<RunFinding> visitor) {
        store.runs().findingsOfLatest(sourceId, runs, Objects.requireNonNull(visitor, "visitor"));
    }
}
