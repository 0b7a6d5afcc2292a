package org.lexsync.engine.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * PostgreSQL sessions that a part of the store opens for itself, outside the pool, because it holds them for long
 * (the journal listener's {@code LISTEN}, gc's advisory lock): the store's user and password, TCP keepalives, a
 * 10 s connect timeout and an application name that says in {@code pg_stat_activity} what the session is for.
 */
final class OwnSessions {
    private OwnSessions() {
    }

    /** Opens a session named {@code applicationName}; {@code socketTimeoutSeconds} 0 waits on reads for ever. */
    static Connection open(StoreConfig config, String applicationName, int socketTimeoutSeconds) throws SQLException {
        Properties p = new Properties();
        if (config.user() != null) {
            p.setProperty("user", config.user());
        }
        if (config.password() != null) {
            p.setProperty("password", config.password());
        }
        p.setProperty("tcpKeepAlive", "true");
        p.setProperty("connectTimeout", "10");
        if (socketTimeoutSeconds > 0) {
            p.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
        }
        p.setProperty("ApplicationName", applicationName);
        return DriverManager.getConnection(config.effectiveJdbcUrl(), p);
    }
}
