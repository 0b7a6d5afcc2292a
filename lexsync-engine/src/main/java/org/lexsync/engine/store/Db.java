package org.lexsync.engine.store;

import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.StoreException;
import org.lexsync.engine.model.StoreSchemaException;
import org.lexsync.engine.model.StoreUnavailableException;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.flywaydb.core.Flyway;

/**
 * The pooled database behind the store: opens it (SQLite in WAL mode with {@code synchronous=FULL}, so a
 * committed batch survives power loss, or PostgreSQL), migrates it with Flyway, and runs work in
 * connections and transactions. SQLite has one writer, so writes are serialised in-process. A read-only
 * database (a SQLite store whose directory or file cannot be written) is opened without migrations or a WAL
 * of its own; writing to it fails as {@link StoreUnavailableException.Kind#READ_ONLY}. Failures are named by
 * {@link StoreFailures}.
 */
final class Db implements AutoCloseable {

    /** Work on a connection. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final StoreConfig config;
    private final HikariDataSource ds;
    private final boolean sqlite;
    private final boolean readOnly;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong fenced = new AtomicLong();
    private final AtomicLong takeovers = new AtomicLong();
    private final TableStatistics statistics = new TableStatistics();
    private final DeadRows deadRows = new DeadRows(DeadRows.DEFAULT_INTERVAL);

    /** Opens and migrates a writable database. */
    Db(StoreConfig config) {
        this(config, false);
    }

    /**
     * Opens the database; {@code readOnly} (SQLite only) opens it read-only without migrating it. With no
     * write-ahead log beside the file (a cleanly closed store) SQLite could not create one in a read-only
     * directory, so the file is then opened as immutable: nobody can write it without that log either.
     */
    Db(StoreConfig config, boolean readOnly) {
        this.config = config;
        this.sqlite = config.sqlite();
        this.readOnly = readOnly && sqlite;
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(this.readOnly ? readOnlyUrl(config) : config.effectiveJdbcUrl());
        hc.setPoolName("lexsync-store");
        hc.setMaximumPoolSize(config.poolSize());
        hc.setMinimumIdle(1);
        if (config.user() != null) {
            hc.setUsername(config.user());
        }
        if (config.password() != null) {
            hc.setPassword(config.password());
        }
        if (this.readOnly) {
            hc.addDataSourceProperty("open_mode", "65"); // SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            hc.setReadOnly(true); // else the pool resets the flag, which SQLite refuses on an open connection
            hc.addDataSourceProperty("busy_timeout", "60000");
            hc.addDataSourceProperty("cache_size", "-8192");
        } else if (sqlite) {
            hc.addDataSourceProperty("journal_mode", "WAL");
            // FULL: the WAL is fsynced at every commit; NORMAL could lose the last batches on power loss.
            hc.addDataSourceProperty("synchronous", "FULL");
            hc.addDataSourceProperty("busy_timeout", "60000");
            hc.addDataSourceProperty("transaction_mode", "IMMEDIATE");
            hc.addDataSourceProperty("foreign_keys", "false");
            // Pages come from memory instead of a pread per cache miss: the database file mapped up to 256 MB
            // (file-backed pages the OS can drop; they count in RSS) and an 8 MB page cache per connection
            // (SQLite's default is 2 MB). Measured: the committer's pread share fell from 21 % to 5 %.
            hc.addDataSourceProperty("cache_size", "-8192");
            hc.addDataSourceProperty("mmap_size", Long.toString(256L << 20));
        } else {
            hc.addDataSourceProperty("reWriteBatchedInserts", "true");
            // A node cut off from the network mid-transaction keeps its row locks (a host's politeness row, a lease)
            // until the server notices the connection is dead: the operating system's default is two hours. Asking
            // the server to probe an idle connection after 30 s, every 10 s, three times, frees them after about a
            // minute, without cutting a slow but live reader as idle_in_transaction_session_timeout would.
            hc.addDataSourceProperty("tcpKeepAlive", "true");
            // plan_cache_mode stays auto (generic plans after five executions): TableStatistics keeps the plans from
            // being those of empty tables.
            hc.addDataSourceProperty("options", "-c tcp_keepalives_idle=30 -c tcp_keepalives_interval=10"
                    + " -c tcp_keepalives_count=3");
        }
        HikariDataSource opened;
        try {
            opened = new HikariDataSource(hc);
        } catch (RuntimeException e) {
            throw translate("open database " + config.effectiveJdbcUrl(), e);
        }
        this.ds = opened;
        try {
            Flyway flyway = Flyway.configure(Db.class.getClassLoader())
                    .dataSource(ds)
                    .locations("classpath:db/migration")
                    .javaMigrations(new HostPolitenessFunctions())
                    .load();
            org.flywaydb.core.api.MigrationInfoService info = flyway.info();
            refuseWithoutMigrations(info, config.effectiveJdbcUrl());
            refuseNewerSchema(info, config.effectiveJdbcUrl());
            if (this.readOnly) {
                if (flyway.info().pending().length > 0) {
                    throw StoreFailures.readOnly(config.dataDir(), "open database " + config.effectiveJdbcUrl(), null);
                }
            } else {
                flyway.migrate();
                if (!sqlite) {
                    try (Connection c = ds.getConnection()) {
                        BlobCompression.preferLz4(c);
                    } catch (SQLException e) {
                        throw StoreFailures.of(config, "set the compression of small blobs", e);
                    }
                }
            }
        } catch (RuntimeException e) {
            ds.close();
            throw translate("open database " + config.effectiveJdbcUrl(), e);
        }
    }

    /**
     * Refuses to open a store when Flyway finds none of this build's migrations ({@code db/migration} in the engine's
     * jar): it would otherwise create an empty schema, or take every applied migration for a newer version's, and the
     * first query would fail on a missing table. It happens when the installation's jars are incomplete or were packed
     * without directory entries (the class loader then finds no {@code db/migration} directory to list).
     */
    private static void refuseWithoutMigrations(org.flywaydb.core.api.MigrationInfoService info, String database) {
        for (org.flywaydb.core.api.MigrationInfo m : info.all()) {
            // an SQL migration: the Java ones (HostPolitenessFunctions) are registered in code and always found
            if (m.getState() != null && m.getState().isResolved() && m.getScript() != null && m.getScript().endsWith(".sql")) {
                return;
            }
        }
        throw new StoreException("open database " + database, "this installation of LexSync holds no database"
                + " migrations (db/migration on the class path is missing or empty: a jar packed without directory"
                + " entries or an incomplete lib directory); reinstall it from a complete build", null);
    }

    /**
     * Refuses a store whose schema a newer LexSync migrated (issue 32): Flyway lists a migration applied to it that
     * this version does not have as "future", and would otherwise ignore it.
     */
    private static void refuseNewerSchema(org.flywaydb.core.api.MigrationInfoService info, String database) {
        org.flywaydb.core.api.MigrationInfo newest = null;
        for (org.flywaydb.core.api.MigrationInfo m : info.applied()) {
            if (m.getState().name().startsWith("FUTURE")) {
                newest = m;
            }
        }
        if (newest != null) {
            org.flywaydb.core.api.MigrationVersion known = null;
            for (org.flywaydb.core.api.MigrationInfo m : info.all()) {
                boolean future = m.getState() != null && m.getState().name().startsWith("FUTURE");
                if (!future && m.getVersion() != null && (known == null || m.getVersion().compareTo(known) > 0)) {
                    known = m.getVersion();
                }
            }
            throw new StoreSchemaException("open database " + database, database,
                    newest.getVersion() + " (" + newest.getDescription() + ")", known == null ? "none" : known.getVersion());
        }
    }

    /** A read-only SQLite URL for the store's database: immutable when no write-ahead log lies beside it. */
    private static String readOnlyUrl(StoreConfig config) {
        String url = config.effectiveJdbcUrl();
        String file = url.substring("jdbc:sqlite:".length());
        if (file.startsWith("file:") || Files.exists(Path.of(file + "-wal"))) {
            return url;
        }
        return "jdbc:sqlite:file:" + file.replace("%", "%25").replace("?", "%3f").replace("#", "%23") + "?immutable=1";
    }

    /** The store exception for a failure while opening: a named local cause when the chain holds one. */
    private RuntimeException translate(String operation, RuntimeException e) {
        if (e instanceof StoreException) {
            return e;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return StoreFailures.of(config, operation, sql);
            }
        }
        return new StoreException(operation, String.valueOf(e.getMessage()), e);
    }

    boolean sqlite() {
        return sqlite;
    }

    /** True when opened read-only (nothing can be written). */
    boolean readOnly() {
        return readOnly;
    }

    StoreConfig config() {
        return config;
    }

    javax.sql.DataSource dataSource() {
        return ds;
    }

    /** Write transactions committed through this object since it opened (counted after each commit). */
    long commits() {
        return commits.get();
    }

    /** Write transactions refused by a lease's fence ({@link FencedException}) since this object opened. */
    long fenced() {
        return fenced.get();
    }

    /** Counts a batch refused by its fence inside a transaction that committed other batches ({@link CommitCombiner}). */
    void countFenced() {
        fenced.incrementAndGet();
    }

    /** Runs read work on a pooled connection in auto-commit mode. */
    <T> T read(String operation, Work<T> work) {
        try (Connection c = ds.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw StoreFailures.of(config, operation, e);
        }
    }

    /**
     * Runs a streamed read of many rows: in a transaction on PostgreSQL (a fetch size keeps a cursor only inside one),
     * in autocommit mode on SQLite, where the statements open on one connection share one snapshot until the last of
     * them finishes. A transaction there would be IMMEDIATE (the store's transaction mode: it takes the write lock),
     * so a listing streamed to a slow client, or two documents published at once, would hold up every commit.
     */
    <T> T stream(String operation, Work<T> work) {
        return read(operation, c -> {
            if (sqlite) {
                return work.run(c);
            }
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } finally {
                c.setAutoCommit(auto);
            }
        });
    }

    /** Counts a source lease this process took over from another holder (issue 32, metrics). */
    void countTakeover() {
        takeovers.incrementAndGet();
    }

    /** Source leases this process took over from another holder since it opened the store. */
    long takeovers() {
        return takeovers.get();
    }

    /** Runs work in one transaction: all of it commits or none of it does. */
    <T> T write(String operation, Work<T> work) {
        if (readOnly) {
            throw StoreFailures.readOnly(config.dataDir(), operation, null);
        }
        if (sqlite) {
            writeLock.lock();
        }
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            Exception failure = null;
            try {
                T result = work.run(c);
                c.commit();
                long commit = commits.incrementAndGet();
                if (!sqlite) {
                    statistics.afterCommit(c, commit);
                    deadRows.afterCommit(c);
                }
                return result;
            } catch (SQLException | RuntimeException e) {
                failure = e;
                if (e instanceof FencedException) {
                    fenced.incrementAndGet();
                }
                try {
                    c.rollback();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            } finally {
                try {
                    c.setAutoCommit(true);
                } catch (SQLException e) {
                    // after SQLite rolled a failed transaction back itself (e.g. SQLITE_FULL) this fails too;
                    // the first failure is the one to report
                    if (failure == null) {
                        throw e;
                    }
                    failure.addSuppressed(e);
                }
            }
        } catch (SQLException e) {
            throw StoreFailures.of(config, operation, e);
        } finally {
            if (sqlite) {
                writeLock.unlock();
            }
        }
    }

    /**
     * Runs work that writes with ONE statement, in auto-commit mode: the statement is its own transaction, so its row
     * locks are held only while the server runs it, and the client saves the round trip of a {@code COMMIT}
     * (docs/benchmarks.md, "Round trips per check"). Work of more than one statement must use {@link #write}: here each
     * would commit on its own.
     */
    <T> T writeOne(String operation, Work<T> work) {
        if (readOnly) {
            throw StoreFailures.readOnly(config.dataDir(), operation, null);
        }
        if (sqlite) {
            writeLock.lock();
        }
        try (Connection c = ds.getConnection()) {
            T result = work.run(c);
            commits.incrementAndGet();
            if (!sqlite) {
                deadRows.afterCommit(c);
            }
            return result;
        } catch (SQLException e) {
            throw StoreFailures.of(config, operation, e);
        } finally {
            if (sqlite) {
                writeLock.unlock();
            }
        }
    }

    /**
     * On PostgreSQL, notifies the journal's channel inside {@code c}'s transaction, so that it is delivered to the
     * other nodes only if that transaction commits ({@link JournalListener}); nothing on SQLite.
     */
    void notifyJournal(Connection c) throws SQLException {
        if (!sqlite) {
            try (java.sql.PreparedStatement s = c.prepareStatement(JournalListener.NOTIFY_SQL)) {
                s.execute(); // prepared: after five executions the server keeps it parsed and planned
            }
        }
    }

    static String now() {
        return Instant.now().toString();
    }

    @Override
    public void close() {
        ds.close();
    }
}
