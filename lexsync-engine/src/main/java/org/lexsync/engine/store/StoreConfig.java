package org.lexsync.engine.store;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how the store lives: one data directory (blobs, temp files, and the SQLite database unless a
 * JDBC URL selects another one), database credentials, the size up to which blobs are kept inside the
 * database (docs/architecture.md, invariant 2; 0 keeps every blob as a file), the connection pool size, and the
 * object store holding the larger blobs ({@code s3}; null keeps them as files under {@code dataDir/blobs}), and the
 * bound of the disk cache of that object store's blobs under {@code dataDir/cache/blobs} ({@code blobCacheBytes};
 * 0: no cache; unused without an object store).
 */
public record StoreConfig(Path dataDir, String jdbcUrl, String user, String password, int smallBlobMaxBytes,
                          int poolSize, S3BlobConfig s3, long blobCacheBytes) {
    /** Default data directory (docs/architecture.md, "Exit codes"). */
    public static final Path DEFAULT_DATA_DIR = Path.of("lexsync-data");
    public static final int DEFAULT_SMALL_BLOB_MAX_BYTES = 64 * 1024;
    public static final int DEFAULT_POOL_SIZE = 8;
    /** The disk cache of object-store blobs holds at most 1 GiB unless configured. */
    public static final long DEFAULT_BLOB_CACHE_BYTES = BlobCache.DEFAULT_BYTES;

    public StoreConfig {
        Objects.requireNonNull(dataDir, "dataDir");
        if (jdbcUrl != null && !jdbcUrl.startsWith("jdbc:sqlite:") && !jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "jdbcUrl must be a jdbc:sqlite: or jdbc:postgresql: URL, was %s", jdbcUrl));
        }
        if (smallBlobMaxBytes < 0 || smallBlobMaxBytes > 16 * 1024 * 1024) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "smallBlobMaxBytes must be within 0..16 MiB, was %d", smallBlobMaxBytes));
        }
        if (blobCacheBytes < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "blobCacheBytes must be >= 0, was %d", blobCacheBytes));
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "poolSize must be >= 1, was %d", poolSize));
        }
    }

    /** SQLite at {@code dataDir/lexsync.db} with default settings. */
    public static StoreConfig of(Path dataDir) {
        return new StoreConfig(dataDir, null, null, null, DEFAULT_SMALL_BLOB_MAX_BYTES, DEFAULT_POOL_SIZE, null,
                DEFAULT_BLOB_CACHE_BYTES);
    }

    public StoreConfig withJdbcUrl(String url, String user, String password) {
        return new StoreConfig(dataDir, url, user, password, smallBlobMaxBytes, poolSize, s3, blobCacheBytes);
    }

    public StoreConfig withSmallBlobMaxBytes(int bytes) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, bytes, poolSize, s3, blobCacheBytes);
    }

    public StoreConfig withPoolSize(int size) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, smallBlobMaxBytes, size, s3, blobCacheBytes);
    }

    /** Large blobs in this object store instead of {@code dataDir/blobs} (null: back to the directory). */
    public StoreConfig withS3(S3BlobConfig objectStore) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, smallBlobMaxBytes, poolSize, objectStore, blobCacheBytes);
    }

    /**
     * At most {@code bytes} of the object store's blobs kept under {@code dataDir/cache/blobs} (0: none, every read
     * goes to the object store).
     */
    public StoreConfig withBlobCacheBytes(long bytes) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, smallBlobMaxBytes, poolSize, s3, bytes);
    }

    /** The JDBC URL actually used. */
    public String effectiveJdbcUrl() {
        return jdbcUrl != null ? jdbcUrl : "jdbc:sqlite:" + dataDir.resolve("lexsync.db").toAbsolutePath();
    }

    public boolean sqlite() {
        return effectiveJdbcUrl().startsWith("jdbc:sqlite:");
    }

    /**
     * The SQLite database file, when the URL names one by its path (the default, or {@code jdbc:sqlite:PATH});
     * empty on PostgreSQL and for a {@code file:} URI or an in-memory database.
     */
    public Optional<Path> sqliteFile() {
        String url = effectiveJdbcUrl();
        if (!url.startsWith("jdbc:sqlite:")) {
            return Optional.empty();
        }
        String file = url.substring("jdbc:sqlite:".length());
        if (file.isEmpty() || file.startsWith("file:") || file.startsWith(":") || file.contains("?")) {
            return Optional.empty();
        }
        return Optional.of(Path.of(file).toAbsolutePath());
    }

    @Override
    public String toString() {
        return "StoreConfig[dataDir=" + dataDir + ", jdbcUrl=" + effectiveJdbcUrl() + ", user=" + user
                + ", smallBlobMaxBytes=" + smallBlobMaxBytes + ", poolSize=" + poolSize
                + (s3 != null ? ", blobs=" + s3.location() + ", blobCacheBytes=" + blobCacheBytes : "") + "]";
    }
}
