package org.lexsync.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import org.lexsync.engine.model.MigrationListener;
import org.lexsync.engine.model.MigrationReport;
import org.lexsync.engine.model.MigrationTarget;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.store.BlobMigration;
import org.lexsync.engine.store.MigrationProgress;
import org.lexsync.engine.store.S3BlobConfig;
import org.lexsync.engine.store.S3BlobStore;
import org.lexsync.engine.store.Store;

/**
 * Moves an installation's large blobs ({@code <data dir>/blobs}) into an object store and its ELI graphs (the data
 * directory's TDB2) into a remote SPARQL store: {@code lexsync store migrate} (issue 31). Blobs first, then graphs;
 * each item verified at the target before it counts; the old copies stay until every item of this run is verified
 * and {@link MigrationTarget#deleteOld()} asks for their removal. Progress lives in the database (table
 * {@code store_migration}), so a killed run resumes.
 */
final class StoreMigration {
    private final Store store;

    StoreMigration(Store store) {
        this.store = store;
    }

    MigrationReport run(MigrationTarget target, MigrationListener listener) {
        MigrationProgress progress = store.migrationProgress();
        BlobMigration.Result blobs = new BlobMigration.Result(0, 0, 0, 0);
        int blobsDeleted = 0;
        if (target.blobs() != null) {
            try (S3BlobStore to = new S3BlobStore(config(target))) {
                BlobMigration migration = new BlobMigration(store.fileBlobs(), to, progress);
                blobs = migration.run((key, length, copied, done, total) ->
                        listener.verified(MigrationProgress.BLOB, key.sha256(), copied, done, total));
                if (target.deleteOld()) {
                    blobsDeleted = migration.deleteOld();
                }
            }
        }
        int[] graphs = {0, 0};
        int graphsDeleted = 0;
        Path tdb = store.config().dataDir().resolve("rdf");
        if (target.rdf() != null && Files.isDirectory(tdb)) {
            try (RdfStore from = RdfStore.open(store.config().dataDir()); RdfStore to = RdfStore.remote(target.rdf())) {
                GraphMigration migration = new GraphMigration(from, to, target.rdf().toString(), progress);
                graphs = migration.run(listener);
                if (target.deleteOld()) {
                    graphsDeleted = migration.deleteOld();
                }
            }
        }
        return new MigrationReport(blobs.copied(), blobs.alreadyVerified(), blobs.bytesCopied(), blobsDeleted,
                graphs[0], graphs[1], graphsDeleted);
    }

    /** The object store of the target; a bad location or missing credentials are {@link IllegalArgumentException}s. */
    private static S3BlobConfig config(MigrationTarget target) {
        S3BlobConfig c = S3BlobConfig.parse(target.blobs()).withPathStyle(target.pathStyle())
                .withCredentialVariables(target.accessKeyEnv(), target.secretKeyEnv());
        if (target.s3Endpoint() != null) {
            c = c.withEndpoint(target.s3Endpoint());
        }
        if (target.s3Region() != null) {
            c = c.withRegion(target.s3Region());
        }
        return c;
    }
}
