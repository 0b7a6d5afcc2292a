package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.BlobKey;

/** {@link BlobCompression}: opening a PostgreSQL store sets its small blobs' column to LZ4, and blobs read back. */
class PostgresBlobCompressionTest {
    @TempDir
    Path dir;

    @Test
    void openingAStoreOnPostgresqlCompressesItsSmallBlobsWithLz4() throws Exception {
        try (PostgresDatabase database = PostgresDatabase.create()) {
            try (Store store = open(database); Connection c = connect(database)) {
                try (Statement s = c.createStatement()) {
                    s.execute("ALTER TABLE blobs ALTER COLUMN data SET COMPRESSION pglz"); // as a store made before
                }
                assertThat(compression(c)).isEqualTo("p");
            }
            String text = "Article 1. The provisions of this act apply to every court. ".repeat(600);
            BlobKey key;
            try (Store store = open(database); Connection c = connect(database)) {
                assertThat(compression(c)).isEqualTo("l");
                key = store.blobs().put(text.getBytes(StandardCharsets.UTF_8));
                try (InputStream in = store.blobs().open(key)) {
                    assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(text);
                }
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                        "SELECT pg_column_compression(data) FROM blobs WHERE sha256 = '" + key.sha256() + "'")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("lz4");
                }
            }
        }
    }

    private Store open(PostgresDatabase database) {
        return Store.open(StoreConfig.of(dir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null));
    }

    private static Connection connect(PostgresDatabase database) throws SQLException {
        return DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, "");
    }

    private static String compression(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT attcompression FROM pg_attribute"
                + " WHERE attrelid = 'blobs'::regclass AND attname = 'data'")) {
            rs.next();
            String value = rs.getString(1);
            return value == null || value.isEmpty() ? "p" : value; // empty: the server's default, pglz here
        }
    }
}
