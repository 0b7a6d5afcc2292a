package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.GcReport;

/**
 * Issue 31 (gc never deletes a blob a commit in flight will reference), the database tier on PostgreSQL: a commit
 * that references a small blob already stored locks its row ({@link SmallBlobs#UPSERT}), and gc, which locks its
 * candidates before it looks for references once more, keeps the blob when that commit ends.
 */
class PostgresSmallBlobGcTest {
    @TempDir
    Path dir;
    private PostgresDatabase database;
    private Store store;

    @BeforeEach
    void open() {
        database = PostgresDatabase.create();
        store = Store.open(StoreConfig.of(dir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null));
    }

    @AfterEach
    void close() throws Exception {
        store.close();
        database.close();
    }

    @Test
    void gcWaitsForACommitThatReferencesAnUnreferencedSmallBlobAndKeepsIt() throws Exception {
        byte[] bytes = "the same small document".getBytes(StandardCharsets.UTF_8);
        BlobKey key = store.blobs().put(bytes);
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (Connection commit = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, null)) {
            commit.setAutoCommit(false);
            try (PreparedStatement blob = commit.prepareStatement(SmallBlobs.UPSERT);
                 PreparedStatement representation = commit.prepareStatement("INSERT INTO representations (source_id,"
                         + " resource_uri, ordinal, role, length, sha256, blob_key) VALUES ('s1', 'http://x/a', 0,"
                         + " 'PRIMARY', ?, ?, ?)")) {
                blob.setString(1, key.sha256());
                blob.setLong(2, bytes.length);
                blob.setBytes(3, bytes);
                blob.executeUpdate();
                representation.setLong(1, bytes.length);
                representation.setString(2, key.sha256());
                representation.setString(3, key.sha256());
                representation.executeUpdate();
            }
            Future<GcReport> gc = executor.submit(() -> store.gc(Duration.ZERO));
            Thread.sleep(500);
            assertThat(gc.isDone()).as("gc waits for the commit that locked the blob's row").isFalse();

            commit.commit();

            assertThat(gc.get(30, TimeUnit.SECONDS).deleted()).isZero();
            assertThat(store.blobs().exists(key)).isTrue();
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void gcStillDeletesASmallBlobThatACommitLockedAndThenDidNotReference() throws Exception {
        byte[] bytes = "locked, then let go".getBytes(StandardCharsets.UTF_8);
        BlobKey key = store.blobs().put(bytes);
        try (Connection commit = DriverManager.getConnection(database.jdbcUrl(), PostgresDatabase.USER, null)) {
            commit.setAutoCommit(false);
            try (PreparedStatement blob = commit.prepareStatement(SmallBlobs.UPSERT)) {
                blob.setString(1, key.sha256());
                blob.setLong(2, bytes.length);
                blob.setBytes(3, bytes);
                blob.executeUpdate();
            }
            commit.rollback();
        }

        assertThat(store.gc(Duration.ZERO).deleted()).isEqualTo(1);
        assertThat(store.blobs().exists(key)).isFalse();
    }
}
