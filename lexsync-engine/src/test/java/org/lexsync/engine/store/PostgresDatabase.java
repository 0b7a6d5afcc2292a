package org.lexsync.engine.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A throw-away database on the local PostgreSQL server (127.0.0.1:5432, user postgres, trust
 * authentication). When no server answers, tests are skipped with a message, unless the CI environment
 * variable is set: then they fail, so CI cannot pass without having tested PostgreSQL.
 *
 * <p>Migrating a fresh database takes seconds on a loaded machine and hundreds of tests each want one, so
 * {@link #create()} copies a template this JVM migrated once through {@link Store#open} (PostgreSQL's {@code CREATE
 * DATABASE … TEMPLATE}, a file copy); {@link #createEmpty()} is there for tests of the migrations themselves. Drops
 * run on a background thread, as nothing waits for them; the template is dropped when the JVM exits.
 */
public final class PostgresDatabase implements AutoCloseable {
    public static final String HOST_URL = "jdbc:postgresql://127.0.0.1:5432/";
    public static final String USER = "postgres";

    /** "source database is being accessed by other users": the template's last backend is still exiting. */
    private static final String OBJECT_IN_USE = "55006";
    private static final ExecutorService DROPS = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "postgres-test-drops");
        t.setDaemon(true);
        return t;
    });
    private static String template;

    private final String name;

    private PostgresDatabase(String name) {
        this.name = name;
    }

    /**
     * Creates {@code lexsync_test_<random>} with the store's schema already migrated; skips (or fails under CI) when
     * PostgreSQL is unreachable.
     */
    public static PostgresDatabase create() {
        String name = randomName("lexsync_test_");
        String from = migratedTemplate();
        for (int attempt = 1; ; attempt++) {
            try {
                execute("CREATE DATABASE " + name + " TEMPLATE " + from);
                return new PostgresDatabase(name);
            } catch (SQLException e) {
                if (!OBJECT_IN_USE.equals(e.getSQLState()) || attempt == 50) {
                    throw new AssertionError("could not copy the template database " + from + ": " + e.getMessage(), e);
                }
                sleep(100);
            }
        }
    }

    /** Creates an empty {@code lexsync_test_<random>}, for tests of the migrations. */
    public static PostgresDatabase createEmpty() {
        String name = randomName("lexsync_test_");
        try {
            execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            unreachable(e);
        }
        return new PostgresDatabase(name);
    }

    public String jdbcUrl() {
        return HOST_URL + name;
    }

    @Override
    public void close() {
        DROPS.execute(() -> drop(name));
    }

    private static synchronized String migratedTemplate() {
        if (template != null) {
            return template;
        }
        String name = randomName("lexsync_template_");
        try {
            execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            unreachable(e);
        }
        Path dataDir;
        try {
            dataDir = Files.createTempDirectory("lexsync-template");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Store.open(StoreConfig.of(dataDir).withJdbcUrl(HOST_URL + name, USER, null)).close();
        template = name;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            DROPS.shutdown();
            try {
                DROPS.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            drop(name);
        }, "postgres-test-template-drop"));
        return name;
    }

    private static void drop(String name) {
        try {
            execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            System.err.println("could not drop test database " + name + ": " + e.getMessage());
        }
    }

    private static void execute(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(HOST_URL + "postgres", USER, null);
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static void unreachable(SQLException e) {
        String message = String.format(Locale.ROOT,
                "PostgreSQL at %s as %s is not reachable (%s)", HOST_URL, USER, e.getMessage());
        if (System.getenv("CI") != null) {
            throw new AssertionError(message + "; CI is set, so PostgreSQL tests must run", e);
        }
        Assumptions.abort(message + "; skipping PostgreSQL tests (set CI to make this a failure)");
    }

    private static String randomName(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while creating a test database", e);
        }
    }
}
