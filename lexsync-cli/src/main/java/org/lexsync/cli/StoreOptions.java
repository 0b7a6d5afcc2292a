package org.lexsync.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.StoreSettings;
import picocli.CommandLine.Option;

/**
 * The options that locate a store, shared by every command that reads or writes one: the data directory
 * ({@code --store}, else {@code $LEXSYNC_STORE}, else {@code ./lexsync-data}) and, for server deployments, a
 * PostgreSQL JDBC URL ({@code --jdbc-url} or {@code $LEXSYNC_JDBC_URL}) for the relational part, an
 * S3-compatible object store for the large blobs ({@code --blobs s3://bucket/prefix} or {@code $LEXSYNC_BLOBS},
 * {@code --s3-endpoint} or {@code $LEXSYNC_S3_ENDPOINT}; credentials only in {@code $LEXSYNC_S3_ACCESS_KEY} and
 * {@code $LEXSYNC_S3_SECRET_KEY}), and a remote SPARQL store ({@code --rdf-endpoint} or
 * {@code $LEXSYNC_RDF_ENDPOINT}) for the ELI graphs. Each of these falls back to the {@code store:} section of
 * {@code lexsync.yaml} (the command's {@code --config}, else the file {@link ConfigFiles#locate} finds): flag, then
 * environment variable, then file. The file names the variables holding the object store's credentials; their values
 * are never printed.
 */
final class StoreOptions {

    @Option(names = "--store", paramLabel = "DIR",
            description = "Data directory (default: $LEXSYNC_STORE, else ./lexsync-data).")
    Path store;

    @Option(names = "--jdbc-url", paramLabel = "URL",
            description = "PostgreSQL JDBC URL for journal and state (default: $LEXSYNC_JDBC_URL, else SQLite in the data directory).")
    String jdbcUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "PostgreSQL user (default: $LEXSYNC_DB_USER).")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "PostgreSQL password (default: $LEXSYNC_DB_PASSWORD).")
    String dbPassword;

    @Option(names = "--blobs", paramLabel = "s3://BUCKET/PREFIX",
            description = "Keep blobs above the inline size in this S3-compatible object store (default: $LEXSYNC_BLOBS,"
                    + " else <data dir>/blobs). Credentials from $LEXSYNC_S3_ACCESS_KEY and $LEXSYNC_S3_SECRET_KEY.")
    String blobs;

    @Option(names = "--s3-endpoint", paramLabel = "URL",
            description = "The object store's endpoint, addressed path-style (default: $LEXSYNC_S3_ENDPOINT, else AWS's).")
    String s3Endpoint;

    @Option(names = "--blob-cache-bytes", paramLabel = "BYTES",
            description = "Keep at most this many bytes of the object store's blobs on this node's disk, in <data dir>/cache/blobs"
                    + " (default: $LEXSYNC_BLOB_CACHE_BYTES, else store.blob-cache-bytes, else 1073741824; 0: no cache).")
    String blobCacheBytes;

    @Option(names = "--rdf-endpoint", paramLabel = "URL",
            description = "SPARQL 1.1 dataset for the ELI graphs, e.g. http://127.0.0.1:3030/lexsync (default: $LEXSYNC_RDF_ENDPOINT, else TDB2 in the data directory).")
    String rdfEndpoint;

    private @org.jspecify.annotations.Nullable Path configGiven;
    private @org.jspecify.annotations.Nullable StoreSettings settings;

    /** The command's {@code --config FILE} (null: look where {@link ConfigFiles#locate} looks). */
    StoreOptions useConfig(@org.jspecify.annotations.Nullable Path file) {
        this.configGiven = file;
        this.settings = null;
        return this;
    }

    /** The {@code store:} section of the configuration file; none without a file. A bad one is a usage error. */
    StoreSettings settings() {
        if (settings == null) {
            try {
                settings = LexSync.readStoreSettings(ConfigFiles.locate(configGiven, this));
            } catch (ConfigException e) {
                throw new Main.UsageException("configuration error: " + e.getMessage());
            }
        }
        return settings;
    }

    Path dataDir() {
        if (store != null) {
            return store;
        }
        String env = System.getenv("LEXSYNC_STORE");
        return env == null || env.isBlank() ? LexSync.DEFAULT_DATA_DIR : Path.of(env);
    }

    /** The JDBC URL given (option, else environment), checked; null for SQLite in the data directory. */
    String jdbcUrl() {
        String url = first(jdbcUrl, System.getenv("LEXSYNC_JDBC_URL"), settings().jdbcUrl());
        if (url == null) {
            return null;
        }
        if (!url.startsWith("jdbc:postgresql:") && !url.startsWith("jdbc:sqlite:")) {
            throw new Main.UsageException("--jdbc-url must be a jdbc:postgresql: or jdbc:sqlite: URL, was " + url);
        }
        return url;
    }

    /** The SPARQL endpoint given (option, else environment), checked; null for TDB2 in the data directory. */
    URI rdfEndpoint() {
        String url = first(rdfEndpoint, System.getenv("LEXSYNC_RDF_ENDPOINT"),
                settings().rdf() == null ? null : settings().rdf().toString());
        if (url == null) {
            return null;
        }
        try {
            URI uri = new URI(url);
            if (uri.getHost() == null || !"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
                throw new Main.UsageException("--rdf-endpoint must be an http(s) URL, was " + url);
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new Main.UsageException("--rdf-endpoint is not a URL: " + e.getMessage());
        }
    }

    /** A facade builder for this store, with the command's version in the User-Agent. */
    LexSync.Builder builder() {
        LexSync.Builder b = LexSync.builder(dataDir()).version(Version.current()).rdfEndpoint(rdfEndpoint());
        String url = jdbcUrl();
        if (url != null) {
            b.jdbcUrl(url, dbUser != null ? dbUser : System.getenv("LEXSYNC_DB_USER"),
                    dbPassword != null ? dbPassword : System.getenv("LEXSYNC_DB_PASSWORD"));
        }
        objectStore(b);
        inlineSize(b);
        blobCache(b);
        return b;
    }

    /** The bound of the disk cache of object-store blobs: flag, then environment, then {@code store.blob-cache-bytes}. */
    private void blobCache(LexSync.Builder b) {
        Long file = settings().blobCacheBytes();
        String value = first(blobCacheBytes, System.getenv("LEXSYNC_BLOB_CACHE_BYTES"),
                file == null ? null : file.toString());
        if (value == null) {
            return;
        }
        try {
            b.blobCacheBytes(Long.parseLong(value.strip()));
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException("--blob-cache-bytes must be a number of bytes, 0 or more, was " + value);
        }
    }

    /**
     * {@code $LEXSYNC_INLINE_MAX_BYTES}: blobs up to this size stay in the database (default 64 KiB). No flag: it is
     * for tests and tuning (the demo's test lowers it so its 2 KB documents reach the object store).
     */
    private static void inlineSize(LexSync.Builder b) {
        String value = System.getenv("LEXSYNC_INLINE_MAX_BYTES");
        if (value == null || value.isBlank()) {
            return;
        }
        try {
            b.inlineMaxBytes(Integer.parseInt(value.strip()));
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException("$LEXSYNC_INLINE_MAX_BYTES must be a number of bytes within 1..16777216, was "
                    + value);
        }
    }

    /**
     * The object store for the large blobs, when {@code --blobs} (its variable, or {@code store.blobs}) names one;
     * checked. The endpoint, region, addressing and the names of the credential variables come from the flags over
     * the file's {@code store.s3}; an endpoint given without {@code path-style} is addressed path-style.
     */
    private void objectStore(LexSync.Builder b) {
        StoreSettings file = settings();
        String location = first(blobs, System.getenv("LEXSYNC_BLOBS"), file.blobs());
        String endpoint = first(s3Endpoint, System.getenv("LEXSYNC_S3_ENDPOINT"),
                file.s3Endpoint() == null ? null : file.s3Endpoint().toString());
        if (location == null) {
            if (s3Endpoint != null) {
                throw new Main.UsageException("--s3-endpoint needs --blobs s3://BUCKET/PREFIX");
            }
            return;
        }
        String accessKeyEnv = file.accessKeyEnv() != null ? file.accessKeyEnv() : "LEXSYNC_S3_ACCESS_KEY";
        String secretKeyEnv = file.secretKeyEnv() != null ? file.secretKeyEnv() : "LEXSYNC_S3_SECRET_KEY";
        try {
            b.blobs(location);
            if (endpoint != null) {
                boolean pathStyle = s3Endpoint != null || file.s3PathStyle() == null || file.s3PathStyle();
                b.s3Endpoint(java.net.URI.create(endpoint), pathStyle);
            }
            if (file.s3Region() != null) {
                b.s3Region(file.s3Region());
            }
            b.s3CredentialVariables(accessKeyEnv, secretKeyEnv);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException((blobs != null ? "--blobs/--s3-endpoint: " : "store.blobs/store.s3: ")
                    + e.getMessage());
        }
        for (String variable : new String[] {accessKeyEnv, secretKeyEnv}) {
            String value = System.getenv(variable);
            if (value == null || value.isEmpty()) {
                throw new Main.UsageException("blobs in " + location + " need the object store's credentials in $"
                        + variable);
            }
        }
    }

    /** The first of the values given that is not blank (flag, environment, file), else null. */
    private static @org.jspecify.annotations.Nullable String first(String... values) {
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }

    /**
     * Opens an existing store for reading without creating or writing anything (read commands): a missing store
     * is a usage error naming the directory; a store that cannot be written is opened read-only.
     */
    LexSync openExisting() {
        return requireExisting().readOnly(true).build();
    }

    /** Opens an existing store to change it (e.g. gc), never creating one; a missing store is a usage error. */
    LexSync openExistingForWriting() {
        return requireExisting().existing(true).build();
    }

    /** The builder of an existing store; a missing store is a usage error naming the directory. */
    LexSync.Builder requireExisting() {
        if (!exists()) {
            throw new Main.UsageException("no LexSync store at " + dataDir().toAbsolutePath()
                    + " (run a sync first, or give --store DIR)");
        }
        return builder();
    }

    /** True when the store exists (its database file is there, or a JDBC URL names it). */
    boolean exists() {
        return LexSync.exists(dataDir(), jdbcUrl());
    }
}
