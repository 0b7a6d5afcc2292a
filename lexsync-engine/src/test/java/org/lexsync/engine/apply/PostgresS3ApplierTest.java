package org.lexsync.engine.apply;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.engine.store.StoreConfig;

/**
 * The applier suite on the third store flavour (issue 31): PostgreSQL and the large blobs in a real S3 server
 * (S3Proxy on loopback, one for the class), so "blob durable first, then the transaction" is held against the object store too.
 */
class PostgresS3ApplierTest extends ApplierContract {
    @TempDir
    static Path objects;
    private static S3Server s3;
    private final List<PostgresDatabase> databases = new ArrayList<>();

    @BeforeAll
    static void startS3() throws Exception {
        s3 = S3Server.start(objects);
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @Override
    StoreConfig config(Path dataDir) {
        PostgresDatabase db = PostgresDatabase.create();
        databases.add(db);
        return StoreConfig.of(dataDir).withJdbcUrl(db.jdbcUrl(), PostgresDatabase.USER, null)
                .withS3(s3.config("applier-" + UUID.randomUUID()));
    }

    @AfterEach
    void dropDatabases() throws Exception {
        store.close();
        for (PostgresDatabase db : databases) {
            db.close();
        }
    }
}
