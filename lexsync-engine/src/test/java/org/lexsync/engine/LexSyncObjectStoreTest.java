package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.PostgresDatabase;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * The facade with its large blobs in an S3-compatible object store (issue 31): {@code blobs(s3://…)} and the object
 * store's options on the builder; a harvest's documents above the inline size are in the bucket, not in the data
 * directory, and read back through the facade.
 */
class LexSyncObjectStoreTest {
    @TempDir
    Path dir;

    @Test
    void documentsAboveTheInlineSizeGoToTheBucketAndReadBack() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             PostgresDatabase database = PostgresDatabase.create();
             FixturePublisher pub = FixturePublisher.builder().resources(4).seed(9).bodyBytes(100 * 1024).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             LexSync lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO))
                     .jdbcUrl(database.jdbcUrl(), PostgresDatabase.USER, null)
                     .blobs("s3://" + S3Server.BUCKET + "/facade").s3Endpoint(s3.endpoint(), true)
                     .s3CredentialVariables(S3Server.ACCESS_KEY_ENV, S3Server.SECRET_KEY_ENV)
                     .s3Environment(s3.environment()::get).build()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());

            HarvestReport report = lexsync.harvest("acts");

            assertThat(report.complete()).isTrue();
            for (FixtureResource r : pub.activeResources()) {
                Path object = s3.root().resolve(S3Server.BUCKET).resolve("facade/sha256")
                        .resolve(r.sha256().substring(0, 2)).resolve(r.sha256());
                assertThat(object).as(r.path()).exists();
                try (InputStream in = lexsync.store().openBlob(new org.lexsync.engine.model.BlobKey(r.sha256()))) {
                    assertThat(in.readAllBytes()).isEqualTo(r.body());
                }
            }
            List<Path> local = new ArrayList<>();
            Path blobDir = dir.resolve("data").resolve("blobs");
            if (Files.isDirectory(blobDir)) {
                try (var walk = Files.walk(blobDir)) {
                    walk.filter(Files::isRegularFile).forEach(local::add);
                }
            }
            assertThat(local).isEmpty();
        }
    }

    @Test
    void aStaticExportCopiesTheBucketsBlobsWithoutFillingTheNodesBlobCache() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"));
             FixturePublisher pub = FixturePublisher.builder().resources(3).seed(4).bodyBytes(100 * 1024).start();
             ResourceSyncSource rs = ResourceSyncSource.builder(pub).install();
             LexSync lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO))
                     .blobs("s3://" + S3Server.BUCKET + "/export").s3Endpoint(s3.endpoint(), true)
                     .s3CredentialVariables(S3Server.ACCESS_KEY_ENV, S3Server.SECRET_KEY_ENV)
                     .s3Environment(s3.environment()::get).build()) {
            lexsync.register(Source.builder("acts", ResourceSyncOptions.DEFAULT).url(pub.baseUri()).build());
            lexsync.harvest("acts");
            assertThat(filesUnder(dir.resolve("data").resolve("cache"))).as("after the harvest").isEmpty();
            Path out = dir.resolve("site");

            lexsync.publication(PublishSettings.builder(java.net.URI.create("https://agg.example/")).build())
                    .export(out);

            for (FixtureResource r : pub.activeResources()) {
                Path copy = out.resolve("blob/sha256").resolve(r.sha256().substring(0, 2)).resolve(r.sha256());
                assertThat(copy).as(r.path()).hasBinaryContent(r.body());
            }
            assertThat(filesUnder(dir.resolve("data").resolve("cache"))).as("the node's blob cache").isEmpty();
        }
    }

    private static List<Path> filesUnder(Path root) throws java.io.IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(root)) {
            try (var walk = Files.walk(root)) {
                walk.filter(Files::isRegularFile).forEach(files::add);
            }
        }
        return files;
    }

    @Test
    void theObjectStoresOptionsNeedBlobsAndAnS3Location() {
        assertThatThrownBy(() -> LexSync.builder(dir.resolve("data")).s3Region("eu-west-1"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("blobs(s3://");
        assertThatThrownBy(() -> LexSync.builder(dir.resolve("data")).blobs("/var/blobs"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("s3://bucket/prefix");
    }
}
