package org.lexsync.engine.apply;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.StoreUnavailableException;
import org.lexsync.engine.store.FaultyS3Proxy;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;

/**
 * Issue 31, faults: an object store that answers 503, is down, or cuts its answers makes the batch fail with the typed
 * store error (exit 4), records no item failure that would blame the source, leaves no journal row pointing at a blob
 * that is not in the bucket, and a later run continues. A real S3 server (S3Proxy) behind a fault-injecting TCP proxy.
 */
class ApplierObjectStoreFaultTest {
    @TempDir
    Path dir;

    private S3Server s3;
    private FaultyS3Proxy proxy;
    private PostgresDatabase database;
    private FixturePublisher pub;
    private Store store;
    private Fetcher fetcher;

    @BeforeEach
    void start() throws Exception {
        s3 = S3Server.start(dir.resolve("s3"));
        proxy = FaultyS3Proxy.start(s3.endpoint());
        database = PostgresDatabase.create();
        pub = FixturePublisher.builder().resources(12).seed(5).start();
        store = Store.open(StoreConfig.of(dir.resolve("data")).withJdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null)
                .withSmallBlobMaxBytes(0).withS3(s3.config("faults", proxy.endpoint())));
        fetcher = Fetcher.builder().politeness(new Politeness(8, Duration.ZERO)).ignoreRobots(true).tries(1)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() throws Exception {
        fetcher.close();
        store.close();
        pub.close();
        database.close();
        proxy.close();
        s3.close();
    }

    @Test
    void anObjectStoreAnswering503FailsTheBatchAsAStoreErrorAndTheNextRunContinues() throws Exception {
        proxy.mode(FaultyS3Proxy.Mode.UNAVAILABLE_503);

        assertThatThrownBy(this::applyAll).isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
            assertThat(e.kind()).isEqualTo(StoreUnavailableException.Kind.UNREACHABLE);
            assertThat(e.getMessage()).contains("s3://" + S3Server.BUCKET + "/faults").contains("503");
        });
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
        assertEveryReferencedBlobIsInTheBucket();

        proxy.mode(FaultyS3Proxy.Mode.PASS);
        ApplyReport report = applyAll();

        assertThat(report.complete()).isTrue();
        assertThat(store.resources().count(Plans.SOURCE, false)).isEqualTo(pub.activeResources().size());
        assertEveryReferencedBlobIsInTheBucket();
    }

    @Test
    void aPutThatFailsAfterTheUploadCommitsNothingAndTheNextRunFindsTheBlobThere() throws Exception {
        proxy.mode(FaultyS3Proxy.Mode.LOSE_RESPONSE);

        assertThatThrownBy(this::applyAll).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("s3://" + S3Server.BUCKET + "/faults");
        assertThat(store.journal().lastSeq()).as("no row for a put whose answer was lost").isZero();
        try (java.util.stream.Stream<java.nio.file.Path> objects = java.nio.file.Files.walk(
                s3.root().resolve(S3Server.BUCKET))) {
            assertThat(objects.filter(java.nio.file.Files::isRegularFile).count()).as("the uploads reached the bucket")
                    .isPositive();
        }

        proxy.mode(FaultyS3Proxy.Mode.PASS);
        ApplyReport report = applyAll();

        assertThat(report.complete()).isTrue();
        assertThat(store.resources().count(Plans.SOURCE, false)).isEqualTo(pub.activeResources().size());
        assertEveryReferencedBlobIsInTheBucket();
    }

    @Test
    void anObjectStoreThatIsDownFailsTheBatchAsAStoreError() {
        proxy.mode(FaultyS3Proxy.Mode.DOWN);

        assertThatThrownBy(this::applyAll).isInstanceOf(StoreUnavailableException.class);
        assertThat(store.journal().lastSeq()).isZero();
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
    }

    @Test
    void aBlobWhoseBodyIsCutWhileReadIsAStoreErrorNotAShortDocument() throws Exception {
        applyAll();
        RepresentationState rep = firstRepresentation();
        proxy.mode(FaultyS3Proxy.Mode.CUT_RESPONSE);

        assertThatThrownBy(() -> {
            try (InputStream in = store.blobs().open(rep.blobKey())) {
                in.readAllBytes();
            }
        }).isInstanceOf(StoreUnavailableException.class);
    }

    private ApplyReport applyAll() {
        return Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build()
                .apply(Plans.SOURCE, Plans.created(pub, true).iterator());
    }

    private RepresentationState firstRepresentation() {
        List<RepresentationState> reps = new ArrayList<>();
        store.resources().forEach(Plans.SOURCE, false, r -> reps.addAll(r.representations()));
        return reps.get(0);
    }

    /** No journal row's current state points at a blob the bucket does not hold (checked on the server itself). */
    private void assertEveryReferencedBlobIsInTheBucket() throws Exception {
        List<BlobKey> referenced = new ArrayList<>();
        store.resources().forEach(Plans.SOURCE, true, r -> r.representations().forEach(p -> referenced.add(p.blobKey())));
        for (BlobKey key : referenced) {
            assertThat(s3.root().resolve(S3Server.BUCKET).resolve("faults/sha256/" + key.sha256().substring(0, 2))
                    .resolve(key.sha256())).as(key.sha256()).exists();
        }
    }
}
