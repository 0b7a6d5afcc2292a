package org.lexsync.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A PostgreSQL database a benchmark creates for its own run and drops when closed, so that runs never meet each other's
 * rows or statistics. Dropped {@code WITH (FORCE)}: the store's pooled connections may still be closing.
 */
public final class ScratchDatabase implements AutoCloseable {
    private final String server;
    private final String user;
    private final String name;

    private ScratchDatabase(String server, String user, String name) {
        this.server = server;
        this.user = user;
        this.name = name;
    }

    /**
     * Creates {@code <prefix><random>} on the server at {@code server} (a JDBC URL ending in {@code /}), connecting to
     * its {@code postgres} database as {@code user} without a password.
     */
    public static ScratchDatabase create(String server, String user, String prefix) throws SQLException {
        String name = prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toLowerCase(Locale.ROOT);
        execute(server, user, "CREATE DATABASE " + name);
        return new ScratchDatabase(server, user, name);
    }

    public String name() {
        return name;
    }

    /** The JDBC URL of this database. */
    public String jdbcUrl() {
        return server + name;
    }

    @Override
    public void close() throws SQLException {
        execute(server, user, "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }

    private static void execute(String server, String user, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(server + "postgres", user, null);
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
