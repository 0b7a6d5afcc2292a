package org.lexsync.cli;

import java.nio.file.Path;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import picocli.CommandLine.Option;

/**
 * The options that locate a store, shared by every command that reads or writes one: the data directory
 * ({@code --store}, else {@code $LEXSYNC_STORE}, else {@code ./lexsync-data}) and, for server deployments, a
 * PostgreSQL JDBC URL ({@code --jdbc-url} or {@code $LEXSYNC_JDBC_URL}) for the relational part.
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

    Path dataDir() {
        if (store != null) {
            return store;
        }
        String env = System.getenv("LEXSYNC_STORE");
        return env == null || env.isBlank() ? StoreConfig.DEFAULT_DATA_DIR : Path.of(env);
    }

    StoreConfig config() {
        StoreConfig config = StoreConfig.of(dataDir());
        String url = jdbcUrl != null ? jdbcUrl : System.getenv("LEXSYNC_JDBC_URL");
        if (url != null && !url.isBlank()) {
            if (!url.startsWith("jdbc:postgresql:") && !url.startsWith("jdbc:sqlite:")) {
                throw new Main.UsageException("--jdbc-url must be a jdbc:postgresql: or jdbc:sqlite: URL, was " + url);
            }
            String user = dbUser != null ? dbUser : System.getenv("LEXSYNC_DB_USER");
            String password = dbPassword != null ? dbPassword : System.getenv("LEXSYNC_DB_PASSWORD");
            config = config.withJdbcUrl(url, user, password);
        }
        return config;
    }

    /** Opens the store for writing, creating the data directory when needed. */
    Store openForWriting() {
        return Store.open(config());
    }

    /**
     * Opens an existing store without creating anything (read commands): a missing store is a usage error
     * naming the directory; a store that cannot be written is opened read-only.
     */
    Store openExisting() {
        StoreConfig config = config();
        if (!Store.exists(config)) {
            throw new Main.UsageException("no LexSync store at " + config.dataDir().toAbsolutePath()
                    + " (run a sync first, or give --store DIR)");
        }
        return Store.openExisting(config);
    }

    /** True when the store exists (its database file is there, or a JDBC URL names it). */
    boolean exists() {
        return Store.exists(config());
    }
}
