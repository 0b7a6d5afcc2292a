package org.lexsync.engine.store;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how the store lives: one data directory (blobs, temp files, and the SQLite database unless a
 * JDBC URL selects another one), database credentials, the size up to which blobs are kept inside the
 * database (docs/architecture.md, invariant 2; 0 keeps every blob as a file), the connection pool size, and the
 * object store holding the larger blobs ({@code s3}; null keeps them as files under {@code dataDir/blobs}).
 */
public record StoreConfig(Path dataDir, String jdbcUrl, String user, String password, int smallBlobMaxBytes,
                          int poolSize, S3BlobConfig s3) {
    /** Default data directory (docs/architecture.md, "Exit codes"). */
    public static final Path DEFAULT_DATA_DIR = Path.of("lexsync-data");
    public static final int DEFAULT_SMALL_BLOB_MAX_BYTES = 64 * 1024;
    public static final int DEFAULT_POOL_SIZE = 8;

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
        if (poolSize < 1) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "poolSize must be >= 1, was %d", poolSize));
        }
    }

    /** SQLite at {@code dataDir/lexsync.db} with default settings. */
    public static StoreConfig of(Path dataDir) {
        return new StoreConfig(dataDir, null, null, null, DEFAULT_SMALL_BLOB_MAX_BYTES, DEFAULT_POOL_SIZE, null);
    }

    public StoreConfig withJdbcUrl(String url, String user, String password) {
        return new StoreConfig(dataDir, url, user, password, smallBlobMaxBytes, poolSize, s3);
    }

    public StoreConfig withSmallBlobMaxBytes(int bytes) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, bytes, poolSize, s3);
    }

    public StoreConfig withPoolSize(int size) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, smallBlobMaxBytes, size, s3);
    }

    /** Large blobs in this object store instead of {@code dataDir/blobs} (null: back to the directory). */
    public StoreConfig withS3(S3BlobConfig objectStore) {
        return new StoreConfig(dataDir, jdbcUrl, user, password, smallBlobMaxBytes, poolSize, objectStore);
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
                + (s3 != null ? ", blobs=" + s3.location() : "") + "]";
    }
}
