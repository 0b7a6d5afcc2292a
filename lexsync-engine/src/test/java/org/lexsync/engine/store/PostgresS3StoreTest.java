package org.lexsync.engine.store;

import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store suite on the third flavour (issue 31): a fresh PostgreSQL database per test and the large blobs in a real
 * S3 server (S3Proxy on loopback, one for the class), under a prefix of the test's own.
 */
class PostgresS3StoreTest extends StoreContract {
    @TempDir
    static Path objects;
    private static S3Server s3;
    private PostgresDatabase database;
    private final String prefix = "store-" + UUID.randomUUID();

    @BeforeAll
    static void startS3() throws Exception {
        s3 = S3Server.start(objects);
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @Override
    StoreConfig config(Path dataDir) throws Exception {
        if (database == null) {
            database = PostgresDatabase.create();
        }
        return StoreConfig.of(dataDir).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null)
                .withS3(s3.config(prefix));
    }

    @AfterEach
    void dropDatabase() throws Exception {
        if (store != null) {
            store.close();
            store = null;
        }
        if (database != null) {
            database.close();
        }
    }
}
