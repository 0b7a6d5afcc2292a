package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.store.CountingBackend;
import org.lexsync.engine.store.S3Server;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.LexSyncServer;

/**
 * Stored bytes whose blobs live in an object store (S3Proxy on loopback, its reads counted at the server) and that are
 * too large to be kept in memory ({@code publish.serve-cache-entry-bytes} below their size): the first request
 * fills the node's disk cache of blobs, the next ones are answered from that file, with the blob's ETag and ranges.
 */
class ObjectStoreBlobsTest {
    private static final Pattern BLOB = Pattern.compile("src=\"[^\"]*?/(blob/sha256/../([0-9a-f]{64}))\"");
    @TempDir
    Path dir;
    private final HttpClient http = HttpClient.newHttpClient();
    private CountingBackend backend;

    @Test
    void aStreamedBlobIsReadFromTheObjectStoreOnceAndThenServedFromTheDiskCacheWithItsEtagAndRanges() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"), b -> backend = new CountingBackend(b));
             FixturePublisher origin = FixturePublisher.builder().resources(0).start()) {
            AtomSource atom = AtomSource.register(origin, "/atom", 2, 200_000);
            atom.publishNew(2);
            Path data = dir.resolve("data");
            try (LexSync aggregate = harvested(s3, atom, "serve")) {
                try (LexSyncServer server = serve(aggregate, "  serve-cache-entry-bytes: 1000\n")) {
                    String feed = new String(get(server, "/feed/current.atom").body(), StandardCharsets.UTF_8);
                    Matcher blob = BLOB.matcher(feed);
                    assertThat(blob.find()).as(feed).isTrue();
                    String sha = blob.group(2);
                    int before = backend.gets();

                    HttpResponse<byte[]> first = get(server, blob.group(1));
                    HttpResponse<byte[]> second = get(server, blob.group(1));
                    HttpResponse<byte[]> range = get(server, blob.group(1), "Range", "bytes=1000-1999");

                    assertThat(backend.gets() - before).isEqualTo(1);
                    assertThat(data.resolve("cache/blobs").resolve(sha.substring(0, 2)).resolve(sha)).exists();
                    assertThat(first.statusCode()).isEqualTo(200);
                    assertThat(first.body()).hasSize(200_000);
                    assertThat(second.statusCode()).isEqualTo(200);
                    assertThat(second.body()).isEqualTo(first.body());
                    assertThat(second.headers().firstValue("ETag")).hasValue("\"" + sha + "\"");
                    assertThat(range.statusCode()).isEqualTo(206);
                    assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 1000-1999/200000");
                    assertThat(range.body()).isEqualTo(Arrays.copyOfRange(first.body(), 1000, 2000));
                    assertThat(get(server, blob.group(1), "If-None-Match", "\"" + sha + "\"").statusCode())
                            .isEqualTo(304);
                    assertThat(get(server, blob.group(1), "Range", "bytes=300000-").statusCode()).isEqualTo(416);
                    HttpResponse<Void> head = http.send(HttpRequest.newBuilder(server.uri().resolve(blob.group(1)))
                            .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                            HttpResponse.BodyHandlers.discarding());
                    assertThat(head.statusCode()).isEqualTo(200);
                    assertThat(head.headers().firstValue("Content-Length")).hasValue("200000");
                    assertThat(backend.gets() - before).as("all from the disk cache").isEqualTo(1);
                }
            }
        }
    }

    @Test
    void aBlobTheJournalNamesIsServedAfterTheJournalMovedWithoutAskingTheObjectStoreWhetherItExists() throws Exception {
        try (S3Server s3 = S3Server.start(dir.resolve("s3"), b -> backend = new CountingBackend(b));
             FixturePublisher origin = FixturePublisher.builder().resources(0).start()) {
            AtomSource atom = AtomSource.register(origin, "/atom", 2, 200_000);
            atom.publishNew(2);
            try (LexSync aggregate = harvested(s3, atom, "named")) {
                try (LexSyncServer server = serve(aggregate, "")) {
                    String feed = new String(get(server, "/feed/current.atom").body(), StandardCharsets.UTF_8);
                    Matcher blob = BLOB.matcher(feed);
                    assertThat(blob.find()).as(feed).isTrue();
                    assertThat(get(server, blob.group(1)).statusCode()).isEqualTo(200);
                    String unnamed = "blob/sha256/00/" + "0".repeat(64);

                    atom.publishNew(1);
                    aggregate.harvest("sfs");
                    int before = backend.heads();
                    HttpResponse<byte[]> again = get(server, blob.group(1));
                    int afterNamed = backend.heads();
                    HttpResponse<byte[]> missing = get(server, unnamed);

                    assertThat(again.statusCode()).isEqualTo(200);
                    assertThat(again.headers().firstValue("ETag")).hasValue("\"" + blob.group(2) + "\"");
                    assertThat(afterNamed - before).as("HEADs for a blob the journal names").isZero();
                    assertThat(missing.statusCode()).isEqualTo(404);
                    assertThat(backend.heads() - afterNamed).as("bytes no row names are looked up").isEqualTo(1);
                }
            }
        }
    }

    @Test
    void withoutTheDiskCacheAHeadAsksTheObjectStoreForTheLengthAndARangeGetsOnlyItsBytes() throws Exception {   // RFC 9110 §14
        try (S3Server s3 = S3Server.start(dir.resolve("s3"), b -> backend = new CountingBackend(b));
             FixturePublisher origin = FixturePublisher.builder().resources(0).start()) {
            AtomSource atom = AtomSource.register(origin, "/atom", 1, 200_000);
            atom.publishNew(1);
            try (LexSync aggregate = harvested(s3, atom, "ranged", 0);
                 LexSyncServer server = serve(aggregate, "  serve-cache-entry-bytes: 1000\n")) {
                String feed = new String(get(server, "/feed/current.atom").body(), StandardCharsets.UTF_8);
                Matcher blob = BLOB.matcher(feed);
                assertThat(blob.find()).as(feed).isTrue();
                byte[] whole = get(server, blob.group(1)).body();
                int before = backend.gets();

                HttpResponse<Void> head = http.send(HttpRequest.newBuilder(server.uri().resolve(blob.group(1)))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.discarding());
                int afterHead = backend.gets();
                HttpResponse<byte[]> range = get(server, blob.group(1), "Range", "bytes=150000-150999");
                HttpResponse<byte[]> tail = get(server, blob.group(1), "Range", "bytes=-10");

                assertThat(whole).hasSize(200_000);
                assertThat(head.statusCode()).isEqualTo(200);
                assertThat(head.headers().firstValue("Content-Length")).hasValue("200000");
                assertThat(afterHead - before).as("GETs for a HEAD").isZero();
                assertThat(range.statusCode()).isEqualTo(206);
                assertThat(range.headers().firstValue("Content-Range")).hasValue("bytes 150000-150999/200000");
                assertThat(range.body()).isEqualTo(Arrays.copyOfRange(whole, 150_000, 151_000));
                assertThat(tail.body()).isEqualTo(Arrays.copyOfRange(whole, 199_990, 200_000));
                List<String> ranges = backend.ranges();
                assertThat(ranges.subList(ranges.size() - 2, ranges.size()))
                        .containsExactly("bytes=150000-150999", "bytes=199990-199999");
            }
        }
    }

    /** An aggregate whose blobs live under {@code prefix} in the bucket, having harvested {@code atom} once. */
    private LexSync harvested(S3Server s3, AtomSource atom, String prefix) {
        return harvested(s3, atom, prefix, 1L << 30);   // the default bound
    }

    private LexSync harvested(S3Server s3, AtomSource atom, String prefix, long blobCacheBytes) {
        LexSync aggregate = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO))
                .blobCacheBytes(blobCacheBytes)
                .blobs("s3://" + S3Server.BUCKET + "/" + prefix).s3Endpoint(s3.endpoint(), true)
                .s3CredentialVariables(S3Server.ACCESS_KEY_ENV, S3Server.SECRET_KEY_ENV)
                .s3Environment(s3.environment()::get).build();
        aggregate.register(Source.builder("sfs", AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
        aggregate.harvest("sfs");
        return aggregate;
    }

    /** A server publishing {@code aggregate}, with {@code publishYaml} added to its publish section. */
    private LexSyncServer serve(LexSync aggregate, String publishYaml) throws Exception {
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  feed-id: tag:agg.example,2026:lex\n  author-email: feeds@agg.example\n"
                + publishYaml, StandardCharsets.UTF_8);
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        return LexSyncServer.builder(aggregate).configuration(new Configuration(config, List.of(), settings))
                .settings(settings).feature(PublishRoutes::new).build().start();
    }

    private HttpResponse<byte[]> get(LexSyncServer server, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
