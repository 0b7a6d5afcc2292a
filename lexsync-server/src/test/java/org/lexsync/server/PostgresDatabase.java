package org.lexsync.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * A throw-away database on the local PostgreSQL server (127.0.0.1:5432, user postgres, trust authentication), as the
 * engine's store tests use it. Without a server the test is skipped with a message, unless CI is set: then it fails.
 */
public final class PostgresDatabase implements AutoCloseable {
    public static final String HOST_URL = "jdbc:postgresql://127.0.0.1:5432/";
    public static final String USER = "postgres";
    private final String name;

    private PostgresDatabase(String name) {
        this.name = name;
    }

    public static PostgresDatabase create() {
        String name = "lexsync_server_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (Connection c = DriverManager.getConnection(HOST_URL + "postgres", USER, null);
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            String message = String.format(Locale.ROOT, "PostgreSQL at %s as %s is not reachable (%s)", HOST_URL, USER,
                    e.getMessage());
            if (System.getenv("CI") != null) {
                throw new AssertionError(message + "; CI is set, so PostgreSQL tests must run", e);
            }
            Assumptions.abort(message + "; skipping PostgreSQL tests (set CI to make this a failure)");
        }
        return new PostgresDatabase(name);
    }

    public String jdbcUrl() {
        return HOST_URL + name;
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = DriverManager.getConnection(HOST_URL + "postgres", USER, null);
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }
}
