package org.lexsync.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.check.Checker;
import org.lexsync.engine.apply.PlannedState;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.harvest.Harvesters;
import org.lexsync.engine.ingest.GroupForwarder;
import org.lexsync.engine.ingest.Ingestion;
import org.lexsync.engine.ingest.Outbox;
import org.lexsync.engine.ingest.Uploads;
import org.lexsync.engine.model.ForwardedGroups;
import org.lexsync.engine.model.OutboxReport;
import org.lexsync.engine.model.UploadOutcome;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestLogEntry;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.CrawlPreviewReport;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.FetchListener;
import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.model.HostStatistics;
import org.lexsync.engine.model.HourlyChanges;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceSummary;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.StoreStatistics;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.store.S3BlobConfig;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.GraphRebuildProgress;
import org.lexsync.engine.model.GraphRebuildReport;
import org.lexsync.engine.eli.GraphRebuild;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.SourceLeases;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;

/**
 * The engine's one front door (docs/architecture.md, "The engine as a library"): the command line, the server,
 * crawlers and a Java program all harvest, apply and read through it. One instance owns one store, one RDF store
 * (opened on first use) and ONE polite fetcher, so every harvest that runs through it — whatever its source —
 * shares each host's politeness (delay, requests in flight, robots.txt, Retry-After): each harvest asks for its
 * source's politeness through a view of the fetcher, and a host used by several harvests at once gets the strictest
 * of them. Thread-safe: several sources may be harvested at once from different threads. A harvest or an apply
 * holds its source's lease in the store while it runs, so a second one of the same source — in this process or
 * another one on the same store — is refused at once with a {@link SourceBusyException} (docs/architecture.md,
 * "Concurrency").
 *
 * <pre>{@code
 * try (LexSync lexsync = LexSync.builder(Path.of("lexsync-data")).build()) {
 *     lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url("https://example.org/").build());
 *     HarvestReport report = lexsync.harvest("acts");
 * }
 * }</pre>
 */
public final class LexSync implements AutoCloseable {
    /** The data directory when none is given ({@code ./lexsync-data}). */
    public static final Path DEFAULT_DATA_DIR = StoreConfig.DEFAULT_DATA_DIR;
    /** The name of the sources file ({@code lexsync.yaml}), see {@link #readConfig}. */
    public static final String CONFIG_FILE = LexsyncConfig.DEFAULT_FILE_NAME;

    private final Store store;
    private final Fetcher fetcher;
    private final FacadeAccess access;
    private final SourceRegistry sources;
    private final FacadeRdf rdf;
    private final HarvestRuns runs;
    private final Ingestion ingestion;

    private LexSync(Store store, Fetcher fetcher, FacadeSettings settings, FacadeAccess access,
                    @Nullable URI rdfEndpoint) {
        this.store = store;
        this.fetcher = fetcher;
        this.access = access;
        this.sources = new SourceRegistry(store, settings);
        this.rdf = new FacadeRdf(store.config().dataDir(), access.readOnly(), rdfEndpoint);
        this.runs = new HarvestRuns(store, fetcher, sources, settings, access.readOnly(), rdf);
        this.ingestion = new Ingestion(store, settings.leaseTtl(), runs.groupCommitter());
    }

    /** A builder for a facade over the data directory {@code dataDir} (created on build unless read-only). */
    public static Builder builder(Path dataDir) {
        return new Builder(dataDir);
    }

    /** True when a store already exists at {@code dataDir} (or at the JDBC URL, when given). */
    public static boolean exists(Path dataDir, @Nullable String jdbcUrl) {
        StoreConfig config = StoreConfig.of(dataDir);
        return Store.exists(jdbcUrl == null ? config : config.withJdbcUrl(jdbcUrl, null, null));
    }

    /**
     * Reads the sources of a {@code lexsync.yaml} (docs/architecture.md, "Where each protocol lives (lexsync-engine)", config): every error names file,
     * line and key ({@link ConfigException}). Each source's options are read by its protocol.
     */
    public static List<Source> readConfig(Path file) {
        return readConfiguration(file).sources();
    }

    /**
     * Reads a whole {@code lexsync.yaml}: its sources (as {@link #readConfig}) and its {@code server:} section. Every
     * error names file, line and key ({@link ConfigException}).
     */
    public static Configuration readConfiguration(Path file) {
        return ConfigFiles.read(file);
    }

    /**
     * What the listing step ({@code detailStep} false) or the detail step of crawler source {@code source} extracts
     * from the saved page {@code savedPage}, read as if served at {@code url} (null: the source's URL resolved with the
     * file's name) in the source's charset. Fetches nothing, opens no store (docs/crawlers.md, "Preview on a saved
     * page").
     *
     * @throws IllegalArgumentException when the source is no crawler source
     * @throws java.io.UncheckedIOException when the file cannot be read
     */
    public static CrawlPreviewReport previewCrawl(Source source, Path savedPage, @Nullable URI url,
                                                  boolean detailStep) {
        if (!(source.options() instanceof org.lexsync.engine.crawler.CrawlerOptions options)) {
            throw new IllegalArgumentException("source '" + source.id() + "' is a " + source.protocol()
                    + " source, not a crawler");
        }
        URI home = source.urls().get(0);
        byte[] bytes;
        try {
            bytes = java.nio.file.Files.readAllBytes(savedPage);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(savedPage + ": " + e.getMessage(), e);
        }
        URI at = url != null ? url : home.resolve(org.lexsync.core.uri.LenientUris.encode(
                String.valueOf(savedPage.getFileName())));
        var result = org.lexsync.engine.crawler.CrawlPreview.of(options, home,
                org.lexsync.engine.crawler.Page.of(at, bytes, null, options.charset()), detailStep);
        return new CrawlPreviewReport(result.lines(), result.warnings());
    }

    /**
     * The politeness a protocol asks for by default (e.g. ELI's five seconds between requests); one request at a time,
     * a second apart, for a protocol this engine does not know.
     */
    public static Politeness defaultPoliteness(String protocol) {
        return FacadeSettings.defaultPoliteness(protocol);
    }

    /**
     * Adds a document group to the durable outbox in {@code outbox} (created when needed; docs/architecture.md,
     * "Ingestion"): its ZIP (null for a Del) and its MetaInfo are copied in, durable, in the order groups are added.
     * Returns the entry's name. A crawler that uploads instead of applying locally writes here first.
     */
    public static String addToOutbox(Path outbox, Path metaInfo, @Nullable Path zip) {
        return Outbox.open(outbox).add(metaInfo, zip);
    }

    /**
     * Sends the pending groups of the outbox in {@code outbox} to the ingestion service at {@code server} (its base
     * URI) with {@code token}, oldest first: acknowledged ones are marked done, refused ones set aside with the
     * server's answer, and at the first one not delivered (server down) the pass stops; the rest are sent by the next
     * call (EUCases D2.1 §1.3.2).
     */
    public static OutboxReport sendOutbox(Path outbox, URI server, String token, Duration timeout) {
        return Uploads.sendOutbox(outbox, server, token, timeout);
    }

    /**
     * Uploads one group packaged as a ZIP holding {@code metainfo.xml} to the ingestion service at {@code server};
     * the outcome says whether it was acknowledged, refused (with the server's {@code Error: …}) or not delivered.
     */
    public static UploadOutcome sendPackage(Path zip, URI server, String token, Duration timeout) {
        return Uploads.sendPackage(zip, server, token, timeout);
    }

    /** The protocols this engine can harvest, sorted. */
    public static List<String> protocols() {
        return Harvesters.protocols();
    }

    /**
     * Registers a source with this facade and stores its record (a contact already learned from the source is kept
     * when the definition gives none). Harvest it with {@link #harvest(String)}.
     */
    public void register(Source source) {
        sources.register(source, readOnly());
    }

    /**
     * Registers a source for harvests through this facade, but stores its record only when the store has none of
     * that id yet: a source defined for one run (a command line's URL and options) never overwrites a configured
     * definition.
     */
    public void registerIfUnknown(Source source) {
        sources.registerIfUnknown(source, readOnly());
    }

    /** True when this facade writes nothing: opened read-only or for a dry run, or the store cannot be written. */
    public boolean readOnly() {
        return access.readOnly() || store.readOnly();
    }

    /** The sources registered with this facade. */
    public List<Source> registered() {
        return sources.registered();
    }

    /** Every source the store knows, registered here or by earlier runs. */
    public List<SourceRecord> storedSources() {
        return store.sources().list();
    }

    /** The stored record of one source. */
    public Optional<SourceRecord> storedSource(String sourceId) {
        return store.sources().get(sourceId);
    }

    /** Harvests a registered source once, as its protocol says (baseline or incremental from the checkpoint). */
    public HarvestReport harvest(String sourceId) {
        return harvest(sourceId, HarvestListener.NONE);
    }

    /**
     * Harvests a registered source once, telling {@code listener} about progress.
     *
     * @throws SourceBusyException when another harvest (or apply) of this source holds its lease
     * @throws org.lexsync.engine.model.SourceUnreadableException when the source cannot be read at all
     * @throws org.lexsync.engine.model.StoreUnavailableException  when the store cannot take the changes
     */
    public HarvestReport harvest(String sourceId, HarvestListener listener) {
        return runs.harvest(sourceId, false, listener);
    }

    /**
     * Reads the source and plans its changes without writing anything (a dry run): every planned change goes to
     * {@code listener.planned}, in the order it would be applied.
     */
    public HarvestReport plan(String sourceId, HarvestListener listener) {
        return runs.harvest(sourceId, true, listener);
    }

    /**
     * Compares the store's copy of a registered source with what the source publishes now, writing nothing
     * (ResourceSync §5.2 Audit).
     *
     * @throws org.lexsync.engine.model.SourceUnreadableException when the source cannot be read at all
     * @throws IllegalArgumentException                         when the source's protocol has no audit
     */
    public AuditReport audit(String sourceId, HarvestListener listener) {
        return runs.audit(sourceId, listener);
    }

    /**
     * True when applying {@code change} would leave {@code current} (null: not stored) as it is, judged without a
     * fetch by the applier's own rule, so that a dry run reports "unchanged" exactly when a real run would.
     */
    public static boolean unchangedBy(PlannedChange change, @Nullable ResourceState current) {
        return PlannedState.unchanged(change, current);
    }

    /**
     * Applies changes a front end planned itself (a crawler, the ingestion service) for a registered or stored
     * source, through the same applier as every harvest: fetched, verified, committed in order with their
     * checkpoints, once. Holds the source's lease meanwhile, like a harvest.
     *
     * @throws SourceBusyException when a harvest (or another apply) of this source holds its lease
     */
    public ApplyReport apply(String sourceId, Iterator<PlannedChange> changes) {
        return runs.apply(sourceId, changes);
    }

    /**
     * Ingests one uploaded document group (EUCases D2.1 §3.2; docs/architecture.md, "Ingestion"): validated completely
     * in issue 18's order, then applied as ONE transaction to the source named after its crawler (journal rows with
     * MD5 and SHA-256 per changed document), an identical re-send answered as unchanged; every call writes a crawler
     * log row. A refusal is data ({@link IngestResult#error()}); store failures are thrown.
     */
    public IngestResult ingest(GroupUpload upload) {
        return ingestion.ingest(upload);
    }

    /** Writes the crawler log row of an upload the front end refused before {@link #ingest} (e.g. too large). */
    public void logIngestRefusal(@Nullable String remote, @Nullable String crawler, long length, IngestError error) {
        ingestion.logRefusal(remote, crawler, length, error);
    }

    /**
     * The crawler log, newest first: of one crawler (all when null), with ids below {@code beforeId} (from the start
     * when null), at most {@code limit} rows.
     */
    public List<IngestLogEntry> ingestLog(@Nullable String crawler, @Nullable Long beforeId, int limit) {
        return ingestion.log(crawler, beforeId, limit);
    }

    /**
     * Writes the document groups of crawler source {@code sourceId} that changed after journal sequence
     * {@code afterSeq} into the outbox in {@code outbox} (docs/architecture.md, "Ingestion"; EUCases D2.1 §1.3.2,
     * §3.2): each changed group whole, as ZIP + MetaInfo, Add/Upd/Del after its detail page, with stable GUIDs, the
     * given language and type. Send them with {@link #sendOutbox}.
     */
    public ForwardedGroups forwardGroups(String sourceId, long afterSeq, Path outbox, String lang,
                                         org.lexsync.core.documentgroup.GroupType type) {
        return GroupForwarder.forward(store, sourceId, afterSeq, outbox, lang, type);
    }

    /** Calls {@code visitor} for each journal entry after {@code afterSeq} (all sources when null), in order. */
    public void journal(long afterSeq, @Nullable String sourceId, long limit, Consumer<JournalEntry> visitor) {
        store.journal().forEachSince(afterSeq, sourceId, limit, visitor);
    }

    /**
     * The changes collected per source and hour (UTC) since {@code since}, from the journal, for a chart
     * (docs/architecture.md, "Dashboard and metrics"); reads only the journal's rows from {@code since} on.
     */
    public List<HourlyChanges> changesPerHour(Instant since) {
        return store.journal().changesPerHour(Objects.requireNonNull(since, "since"));
    }

    /**
     * Like {@link #journal}, each row with the version of its resource it recorded (title, publication date, links,
     * files), which publishing projects.
     */
    public void journalVersions(long afterSeq, @Nullable String sourceId, long limit,
                                Consumer<org.lexsync.engine.model.JournalVersion> visitor) {
        store.journal().forEachVersionSince(afterSeq, sourceId, limit, visitor);
    }

    /**
     * The aggregate republished with {@code settings} (docs/architecture.md, "Publishing the aggregate"): documents by
     * path for the server and the static exporter. Reads the store as it is when a document is asked for.
     */
    public Publication publication(org.lexsync.engine.model.PublishSettings settings) {
        return new Publication(new org.lexsync.engine.publish.Publisher(store, settings));
    }

    /**
     * Publishing settings from the {@code publish:} section of {@code configFile} (none when null or absent), with
     * {@code baseUrl} overriding the file's {@code base-url}; the caller's flags override the rest on the builder.
     * A bad value is a {@link org.lexsync.engine.model.ConfigException} naming file, line and key; no base URL at
     * all an {@link IllegalArgumentException} saying so.
     */
    public static org.lexsync.engine.model.PublishSettings.Builder publishSettings(@Nullable Path configFile,
                                                                                 java.net.@Nullable URI baseUrl) {
        return ConfigFiles.publishSettings(configFile, baseUrl);
    }

    /**
     * The {@code publish.content-base-url} of {@code configFile}: the server's second origin for harvested, ingested
     * and dumped bytes (docs/api.md, "Security headers"), empty when not given. A bad value is a
     * {@link org.lexsync.engine.model.ConfigException} naming file, line and key.
     */
    public static java.util.Optional<java.net.URI> contentBaseUrl(@Nullable Path configFile) {
        return ConfigFiles.contentBaseUrl(configFile);
    }

    /**
     * Write transactions committed through this facade since it opened (harvests, applies, ingestion, registered
     * sources, runs and leases), counted right after each commit, before the writing call returns: one volatile read,
     * for a reader that keeps something derived from the store (the server's published documents) to tell without a
     * query that nothing was written through this facade since it last looked. Writes by other processes or other
     * facades on the same store are not counted; {@link #sqliteFile()} is what they change on SQLite.
     */
    public long commits() {
        return store.commits();
    }

    /**
     * Tells {@code listener} the journal's last sequence number soon after any process or node commits a batch or a
     * source to this store, through PostgreSQL {@code LISTEN/NOTIFY} (docs/architecture.md, "Publishing the
     * aggregate"), from a thread of the store's own, and once more whenever the listening connection came back from
     * an outage (something may have been missed). Returns true when the store notifies (PostgreSQL), false on SQLite,
     * where nothing is told: watch {@link #sqliteFile()} there. Commits through this facade count in
     * {@link #commits()} as well, before the writing call returns.
     */
    public boolean onJournalChanges(java.util.function.LongConsumer listener) {
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
     * The store's SQLite database file (its write-ahead log is this path with {@code -wal} added), empty on
     * PostgreSQL or when the JDBC URL names no plain file.
     */
    public Optional<Path> sqliteFile() {
        return store.config().sqliteFile();
    }

    /** The last journal sequence number, 0 for an empty journal. */
    public long lastSeq() {
        return store.journal().lastSeq();
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
    public List<org.lexsync.engine.model.JournalVersion> versions(String sourceId, String uri, long limit) {
        List<org.lexsync.engine.model.JournalVersion> out = new java.util.ArrayList<>();
        store.journal().forEachVersionOf(Objects.requireNonNull(sourceId, "sourceId"), Objects.requireNonNull(uri, "uri"),
                limit, out::add);
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
    public java.util.Set<String> pausedSources() {
        return store.pauses().all();
    }

    /** The source's stored checkpoint (protocol-specific text), if it has one. */
    public Optional<String> checkpoint(String sourceId) {
        return store.sources().checkpoint(sourceId);
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
     * The store's database for the server's scheduler (docs/architecture.md, "The server"): db-scheduler keeps its
     * executions in the table {@code scheduled_tasks}, which the store's migrations create, so that every node of a
     * server on one database shares them. Only that table may be written through it.
     */
    public javax.sql.DataSource schedulerDataSource() {
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

    /** Runs a SPARQL query over the ELI named graphs and writes its result in {@code format}. */
    public void sparql(String query, ResultFormat format, OutputStream out) {
        rdf.get().query(query, format, out);
    }

    /**
     * Rebuilds every ELI named graph from the pages the store holds into the graph store of this facade (the data
     * directory's TDB2, or the remote SPARQL store of {@link Builder#rdfEndpoint}), telling {@code progress} on the
     * way: the graph store is never the only copy (docs/architecture.md, "The flow of a change").
     */
    public GraphRebuildReport rebuildGraphs(GraphRebuildProgress progress) {
        if (readOnly()) {
            throw new IllegalStateException("the store is open read-only: graphs cannot be rebuilt");
        }
        List<String> eli = store.sources().list().stream()
                .filter(s -> EliOptions.PROTOCOL.equals(s.protocol())).map(SourceRecord::id).sorted().toList();
        return new GraphRebuild(HarvestStore.over(store), rdf.get()).rebuild(eli, progress);
    }

    /** Removes blobs no representation refers to any more, older than {@code grace}. */
    public GcReport gc(Duration grace) {
        return store.gc(grace);
    }

    /**
     * Downloads one document by URL without a store (e.g. to inspect it), politely: robots.txt, a body size cap,
     * bounded redirects, only http(s). The file is in {@code directory}; the caller deletes it.
     *
     * @throws org.lexsync.engine.model.SourceUnreadableException when the document cannot be fetched
     */
    public static Path download(URI url, Path directory, String version) {
        return DocumentDownload.download(url, directory, version);
    }

    /**
     * Checks a whole publication (docs/architecture.md, "The conformance checker") through this facade's one
     * polite fetcher, at the request's delay between requests to a host (or a slower one another harvest asks
     * for). Expected failures — a malformed URL, an unreachable host, a body that is not XML — are findings of the
     * report; the store is not touched.
     */
    public CheckReport check(CheckRequest request) {
        try (Fetcher view = fetcher.withPoliteness(new Politeness(1, request.delay()))) {
            return Checker.check(request, view);
        }
    }

    /**
     * {@link #check(CheckRequest)} without a store or a facade ({@code lexsync check}): a polite fetcher of its own
     * (robots.txt, the request's delay, bounded redirects, only http(s)) downloading to the system's temp directory,
     * closed when the check ends.
     */
    public static CheckReport checkWithoutStore(CheckRequest request, String version) {
        try (Fetcher own = Fetcher.builder().version(version).politeness(new Politeness(1, request.delay()))
                .build()) {
            return Checker.check(request, own);
        }
    }

    @Override
    public void close() {
        try (Store s = store; Fetcher f = fetcher; FacadeRdf r = rdf) {
            ingestion.close();
        } finally {
            if (access.scratch() != null) {
                ScratchDirs.deleteTree(access.scratch());
            }
        }
    }

    /**
     * Tells {@code listener} about every batch committed by the harvests and applies started through this facade
     * from now on, after each commit (docs/architecture.md, "The engine as a library"). A listener that throws leaves
     * the commit standing and is reported with the run.
     */
    public void addListener(CommitListener listener) {
        runs.addListener(listener);
    }

    /**
     * Tells {@code listener} about every HTTP exchange of this facade's fetcher from now on (host, status, time to
     * the headers; no URL), e.g. for metrics (docs/architecture.md, "Dashboard and metrics").
     */
    public void addFetchListener(FetchListener listener) {
        fetcher.addListener(listener);
    }

    /**
     * Per host, what this facade's fetcher asked and got since the facade opened: requests, 304/429/5xx answers,
     * the delay in force, robots.txt state (docs/architecture.md, "Dashboard and metrics").
     */
    public List<HostStatistics> hosts() {
        return fetcher.hostStatistics();
    }

    /** Options of a {@link LexSync}; every value is checked when set. */
    public static final class Builder {
        private final Path dataDir;
        private @Nullable String jdbcUrl;
        private @Nullable String jdbcUser;
        private @Nullable String jdbcPassword;
        private boolean readOnly;
        private boolean dryRun;
        private boolean existing;
        private @Nullable Politeness politeness;
        private final Fetcher.Builder fetch = Fetcher.builder();
        private String version = "dev";
        private @Nullable Duration leaseTtl;
        private @Nullable S3BlobConfig objectStore;
        private @Nullable URI rdfEndpoint;

        private Builder(Path dataDir) {
            this.dataDir = Objects.requireNonNull(dataDir, "dataDir");
        }

        /** Keeps journal and state in this database ({@code jdbc:sqlite:} or {@code jdbc:postgresql:}) instead. */
        public Builder jdbcUrl(String url, @Nullable String user, @Nullable String password) {
            StoreConfig.of(dataDir).withJdbcUrl(Objects.requireNonNull(url, "url"), user, password); // validates
            this.jdbcUrl = url;
            this.jdbcUser = user;
            this.jdbcPassword = password;
            return this;
        }

        /**
         * Keeps the blobs above the inline threshold in an S3-compatible object store, {@code s3://bucket/prefix},
         * instead of {@code <data dir>/blobs} (issue 31; docs/architecture.md, "Store"). The credentials are read from
         * the environment variables {@code LEXSYNC_S3_ACCESS_KEY} and {@code LEXSYNC_S3_SECRET_KEY} unless
         * {@link #s3CredentialVariables} names others. Null goes back to the data directory.
         *
         * @throws IllegalArgumentException when {@code location} is not an {@code s3://bucket/prefix} URL
         */
        public Builder blobs(@Nullable String location) {
            this.objectStore = location == null ? null : S3BlobConfig.parse(location);
            return this;
        }

        /**
         * The object store's endpoint, e.g. {@code http://127.0.0.1:9000} for a store other than AWS (default: the
         * SDK's endpoint for the region); {@code pathStyle} addresses buckets in the path rather than the host name,
         * as most S3-compatible stores want. Needs {@link #blobs}.
         */
        public Builder s3Endpoint(java.net.URI endpoint, boolean pathStyle) {
            this.objectStore = requireObjectStore().withEndpoint(Objects.requireNonNull(endpoint, "endpoint"))
                    .withPathStyle(pathStyle);
            return this;
        }

        /** The object store's region (default us-east-1). Needs {@link #blobs}. */
        public Builder s3Region(String region) {
            this.objectStore = requireObjectStore().withRegion(region);
            return this;
        }

        /**
         * The NAMES of the environment variables holding the object store's access key and secret (the credentials
         * themselves are never passed, configured or printed). Needs {@link #blobs}.
         */
        public Builder s3CredentialVariables(String accessKeyEnv, String secretKeyEnv) {
            this.objectStore = requireObjectStore().withCredentialVariables(accessKeyEnv, secretKeyEnv);
            return this;
        }

        /**
         * Where the credential variables are looked up (default: the process environment; a test passes its own
         * map). Needs {@link #blobs}.
         */
        public Builder s3Environment(java.util.function.UnaryOperator<String> environment) {
            this.objectStore = requireObjectStore().withEnvironment(environment);
            return this;
        }

        /**
         * True (the default) sends checksums only where S3 requires them, since several S3-compatible stores refuse
         * the SDK's CRC32 trailers; false lets the SDK add them. Needs {@link #blobs}.
         */
        public Builder s3ChecksumWhenRequired(boolean value) {
            this.objectStore = requireObjectStore().withChecksumWhenRequired(value);
            return this;
        }

        private S3BlobConfig requireObjectStore() {
            if (objectStore == null) {
                throw new IllegalStateException("set blobs(s3://bucket/prefix) before the object store's options");
            }
            return objectStore;
        }

        /**
         * Keeps the ELI named graphs in this remote SPARQL 1.1 dataset (e.g. Fuseki's
         * {@code http://127.0.0.1:3030/lexsync}: Graph Store Protocol, query and update on that URL) instead of the
         * data directory's TDB2; {@link #sparql} queries it. Null: the local TDB2 (the default).
         */
        public Builder rdfEndpoint(@Nullable URI endpoint) {
            if (endpoint != null) {
                RdfStore.remote(endpoint).close(); // validates
            }
            this.rdfEndpoint = endpoint;
            return this;
        }

        /** Opens an existing store without writing to it (read commands, dry runs); nothing is created. */
        public Builder readOnly(boolean value) {
            this.readOnly = value;
            return this;
        }

        /**
         * Opens only a store that exists, never creating one (e.g. to collect its garbage): writable when it can be
         * written, else read-only.
         */
        public Builder existing(boolean value) {
            this.existing = value;
            return this;
        }

        /**
         * Opens the store as a dry run sees it, creating nothing and writing nothing: the existing store (read-only)
         * when there is one, else an empty scratch store in the system's temp directory, deleted on close.
         */
        public Builder dryRun(boolean value) {
            this.dryRun = value;
            return this;
        }

        /**
         * Politeness for every host whose source sets none (default: 1 request at a time, 1 s apart; ELI sources
         * 5 s apart, the ELI protocol's default).
         */
        public Builder politeness(Politeness value) {
            this.politeness = Objects.requireNonNull(value, "politeness");
            return this;
        }

        /** The version in the User-Agent ({@code LexSync/VERSION}). */
        public Builder version(String value) {
            this.version = Objects.requireNonNull(value, "version");
            fetch.version(value);
            return this;
        }

        /** A contact (URL or email) added to the User-Agent, for publishers who want to reach the operator. */
        public Builder contact(String value) {
            fetch.contact(value);
            return this;
        }

        /** Replaces the whole User-Agent value. */
        public Builder userAgent(String value) {
            fetch.userAgent(value);
            return this;
        }

        /** Tries per request (transient failures are retried with backoff). */
        public Builder tries(int n) {
            fetch.tries(n);
            return this;
        }

        /** Longest one exchange may take, body included. */
        public Builder timeout(Duration d) {
            fetch.totalTimeout(d);
            return this;
        }

        /**
         * How long a source's lease lasts unless renewed (renewed every third of it; default 30 s, or the seconds in
         * the environment variable {@value SourceLeases#TTL_ENV}): a harvest killed without releasing its lease
         * blocks its source at most this long (docs/architecture.md, "Concurrency").
         */
        public Builder lease(Duration ttl) {
            if (ttl == null || ttl.toMillis() < 1) {
                throw new IllegalArgumentException("lease must be at least 1 ms, was " + ttl);
            }
            this.leaseTtl = ttl;
            return this;
        }

        /** Ignore robots.txt (only for sources that allowed it). */
        public Builder ignoreRobots(boolean ignore) {
            fetch.ignoreRobots(ignore);
            return this;
        }

        /** Opens (or, unless read-only, creates) the store and starts the fetcher. */
        public LexSync build() {
            StoreConfig config = (jdbcUrl == null ? StoreConfig.of(dataDir)
                    : StoreConfig.of(dataDir).withJdbcUrl(jdbcUrl, jdbcUser, jdbcPassword)).withS3(objectStore);
            Duration lease = leaseTtl != null ? leaseTtl : SourceLeases.defaultTtl();
            Path scratch = dryRun && !Store.exists(config) ? ScratchDirs.create("lexsync-dry-run-") : null;
            Store store = StoreOpening.open(config, scratch, readOnly || dryRun || existing);
            try {
                fetch.version(version).tempDirectory(StoreOpening.fetcherTemp(store, dataDir));
                if (politeness != null) {
                    fetch.politeness(politeness);
                }
                return new LexSync(store, fetch.build(), new FacadeSettings(politeness, lease),
                        new FacadeAccess(readOnly || dryRun, scratch), rdfEndpoint);
            } catch (RuntimeException e) {
                store.close();
                ScratchDirs.deleteTree(scratch);
                throw e;
            }
        }
    }

    // store view (issue 30 moves these)

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
