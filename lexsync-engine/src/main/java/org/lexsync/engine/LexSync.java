package org.lexsync.engine;

import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.check.Checker;
import org.lexsync.engine.config.LexsyncConfig;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.ingest.Ingestion;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceBusyException;
import org.lexsync.engine.publish.Publisher;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.S3BlobConfig;
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
 * <p>It keeps only what a user does: register sources, harvest, plan, audit, apply, publish, query, check. What one
 * reads back from the store is behind {@link #store()}, the ingestion service's part behind {@link #ingestion()},
 * and the server's plumbing behind {@link #operations()}, as Caffeine keeps {@code Cache} small behind
 * {@code asMap()} and {@code policy()}. What needs no store is in small static helpers: {@link Protocols},
 * {@link PublishConfigs}, {@link Checks}, {@link Downloads}, {@link Outboxes}, {@link CrawlPreviews},
 * {@link DryRuns}.
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
    private final StoreView storeView;
    private final IngestionView ingestionView;
    private final Operations operations;

    /** The version this facade reports (User-Agent, node table). */
    private final String version;

    private LexSync(Store store, Fetcher fetcher, FacadeSettings settings, FacadeAccess access,
                    @Nullable URI rdfEndpoint, String version) {
        this.version = version;
        this.store = store;
        this.fetcher = fetcher;
        this.access = access;
        this.sources = new SourceRegistry(store, settings);
        this.rdf = new FacadeRdf(store.config().dataDir(), access.readOnly(), rdfEndpoint);
        this.runs = new HarvestRuns(store, fetcher, sources, settings, access.readOnly(), rdf);
        this.ingestion = new Ingestion(store, settings.leaseTtl(), runs.groupCommitter());
        this.storeView = new StoreView(store, rdf, this::writesNothing);
        this.ingestionView = new IngestionView(store, ingestion);
        this.operations = new Operations(store, fetcher, runs, rdf, version, this::writesNothing);
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
     * Reads the sources of a {@code lexsync.yaml} (docs/architecture.md, "Where each protocol lives
     * (lexsync-engine)", config): every error names file, line and key ({@link ConfigException}). Each source's
     * options are read by its protocol.
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
     * The {@code store:} section of {@code configFile} (issue 31): where journal, large blobs and ELI graphs live;
     * {@code StoreSettings.NONE} when the file is null, absent or has no such section. Only that section is read.
     *
     * @throws ConfigException naming file, line and key for a bad value
     */
    public static org.lexsync.engine.model.StoreSettings readStoreSettings(@Nullable Path configFile) {
        return configFile == null || !java.nio.file.Files.isRegularFile(configFile)
                ? org.lexsync.engine.model.StoreSettings.NONE
                : org.lexsync.engine.config.StoreSectionReader.read(configFile);
    }

    /**
     * Registers a source with this facade and stores its record (a contact already learned from the source is kept
     * when the definition gives none). Harvest it with {@link #harvest(String)}.
     */
    public void register(Source source) {
        sources.register(source, writesNothing());
    }

    /**
     * Registers a source for harvests through this facade, but stores its record only when the store has none of
     * that id yet: a source defined for one run (a command line's URL and options) never overwrites a configured
     * definition.
     */
    public void registerIfUnknown(Source source) {
        sources.registerIfUnknown(source, writesNothing());
    }

    /** The sources registered with this facade. */
    public List<Source> registered() {
        return sources.registered();
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
     * {@code listener.planned}, in the order it would be applied ({@link DryRuns#unchangedBy} tells which of them a
     * real run would find unchanged).
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
     * The aggregate republished with {@code settings} (docs/architecture.md, "Publishing the aggregate"; settings from
     * a {@code lexsync.yaml} with {@link PublishConfigs#settings}): documents by path for the server and the static
     * exporter. Reads the store as it is when a document is asked for.
     */
    public Publication publication(PublishSettings settings) {
        return new Publication(new Publisher(store, settings, SourceRegistry.eliProtocols()));
    }

    /** Runs a SPARQL query over the ELI named graphs and writes its result in {@code format}. */
    public void sparql(String query, ResultFormat format, OutputStream out) {
        rdf.get().query(query, format, out);
    }

    /**
     * Checks a whole publication (docs/architecture.md, "The conformance checker") through this facade's one
     * polite fetcher, at the request's delay between requests to a host (or a slower one another harvest asks
     * for). Expected failures — a malformed URL, an unreachable host, a body that is not XML — are findings of the
     * report; the store is not touched. Without a store: {@link Checks#withoutStore}.
     */
    public CheckReport check(CheckRequest request) {
        try (Fetcher view = fetcher.withPoliteness(new Politeness(1, request.delay()))) {
            return Checker.check(request, view);
        }
    }

    /**
     * Reads of this facade's store: sources as stored, resources, journal, runs and findings, failed items, blobs,
     * and the store's upkeep (gc, graph rebuild).
     */
    public StoreView store() {
        return storeView;
    }

    /** The ingestion service's part: uploaded document groups in, the crawler log, changed groups to an outbox. */
    public IngestionView ingestion() {
        return ingestionView;
    }

    /**
     * The plumbing a long-running front end needs (pauses, scheduler database, notifications, listeners, host
     * statistics): for the server and the command line's {@code serve}, not part of the library's promise.
     */
    public Operations operations() {
        return operations;
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

    private boolean writesNothing() {
        return access.readOnly() || store.readOnly();
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
        private int inlineMaxBytes = StoreConfig.DEFAULT_SMALL_BLOB_MAX_BYTES;
        private long blobCacheBytes = StoreConfig.DEFAULT_BLOB_CACHE_BYTES;
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
         * data directory's TDB2; {@link LexSync#sparql} queries it. Null: the local TDB2 (the default).
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

        /**
         * Blobs up to this many bytes are kept inside the database, larger ones in the blob directory or object
         * store (default 64 KiB; at least 1, at most 16 MiB). Reads look in both tiers, so a store written with one
         * threshold reads the same with another; a test lowers it to send small documents to the object store.
         */
        public Builder inlineMaxBytes(int bytes) {
            if (bytes < 1 || bytes > 16 * 1024 * 1024) {
                throw new IllegalArgumentException("the inline size must be within 1..16777216 bytes, was " + bytes);
            }
            this.inlineMaxBytes = bytes;
            return this;
        }

        /**
         * The most bytes of object-store blobs this node keeps on its disk, under {@code <data dir>/cache/blobs}, so
         * that a blob read again is read as a local file (default 1 GiB; 0: no cache, every read goes to the object
         * store). Unused when the blobs are files. See docs/architecture.md, "Where blobs live".
         */
        public Builder blobCacheBytes(long bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("the blob cache's size must be 0 or more bytes, was " + bytes);
            }
            this.blobCacheBytes = bytes;
            return this;
        }

        /** Opens (or, unless read-only, creates) the store and starts the fetcher. */
        public LexSync build() {
            StoreConfig config = (jdbcUrl == null ? StoreConfig.of(dataDir)
                    : StoreConfig.of(dataDir).withJdbcUrl(jdbcUrl, jdbcUser, jdbcPassword)).withS3(objectStore)
                    .withSmallBlobMaxBytes(inlineMaxBytes).withBlobCacheBytes(blobCacheBytes);
            Duration lease = leaseTtl != null ? leaseTtl : SourceLeases.defaultTtl();
            Path scratch = dryRun && !Store.exists(config) ? ScratchDirs.create("lexsync-dry-run-") : null;
            Store store = StoreOpening.open(config, scratch, readOnly || dryRun || existing);
            try {
                fetch.version(version).tempDirectory(StoreOpening.fetcherTemp(store, dataDir))
                        .sharedGate(store.sharedHostGate());
                if (politeness != null) {
                    fetch.politeness(politeness);
                }
                return new LexSync(store, fetch.build(), new FacadeSettings(politeness, lease),
                        new FacadeAccess(readOnly || dryRun, scratch), rdfEndpoint, version);
            } catch (RuntimeException e) {
                store.close();
                ScratchDirs.deleteTree(scratch);
                throw e;
            }
        }
    }

}
