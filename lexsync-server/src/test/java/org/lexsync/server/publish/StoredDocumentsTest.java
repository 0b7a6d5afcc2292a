package org.lexsync.server.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.LexSyncServer;

/**
 * Stored bytes answered from memory ({@link StoredDocuments}, {@link HotBytes}) by a real server on loopback over a
 * real store: documents of 100 KB, above the database's inline threshold, so their bytes are files under the data
 * directory that a test can take away behind the server's back.
 */
class StoredDocumentsTest {
    private static final String SOURCE = "sfs";
    private static final Pattern BLOB = Pattern.compile("src=\"[^\"]*?/(blob/sha256/../([0-9a-f]{64}))\"");
    @TempDir
    Path dir;
    private FixturePublisher origin;
    private AtomSource atom;
    private LexSync aggregate;
    private LexSyncServer server;
    private final HttpClient http = HttpClient.newHttpClient();

    /** A store of three harvested entries with 100 KB documents, served with {@code publishYaml} as publish section. */
    private void start(String publishYaml) throws Exception {
        start(publishYaml, 100_000);
    }

    private void start(String publishYaml, int documentBytes) throws Exception {
        origin = FixturePublisher.builder().resources(0).start();
        atom = AtomSource.register(origin, "/atom", 3, documentBytes);
        atom.publishNew(3);
        aggregate = LexSync.builder(dir.resolve("a")).politeness(new Politeness(4, Duration.ZERO)).build();
        aggregate.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url(atom.subscriptionUri()).build());
        aggregate.harvest(SOURCE);
        Path config = dir.resolve("lexsync.yaml");
        Files.writeString(config, "publish:\n  feed-id: tag:agg.example,2026:lex\n  author-email: feeds@agg.example\n"
                + publishYaml, StandardCharsets.UTF_8);
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        server = LexSyncServer.builder(aggregate).configuration(new Configuration(config, List.of(), settings))
                .settings(settings).feature(PublishRoutes::new).build().start();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        if (aggregate != null) {
            aggregate.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    private HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri().resolve(path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The first blob the subscription feed points at: its path and SHA-256. */
    private Matcher firstBlob() throws Exception {
        String feed = new String(get("/feed/current.atom").body(), StandardCharsets.UTF_8);
        Matcher m = BLOB.matcher(feed);
        assertThat(m.find()).as(feed).isTrue();
        return m;
    }

    /** The file the data directory keeps a blob's bytes in ({@code blobs/ab/cd/abcd…}). */
    private Path blobFile(String sha256) {
        return dir.resolve("a").resolve("blobs").resolve(sha256.substring(0, 2)).resolve(sha256.substring(2, 4))
                .resolve(sha256);
    }

    /** Our path of the first harvested resource's current bytes. */
    private String resourcePath() {
        List<String> uris = new ArrayList<>();
        aggregate.store().journal(0, SOURCE, 1, e -> uris.add(e.resourceUri()));
        String b64 = Base64.getUrlEncoder().withoutPadding().encodeToString(uris.get(0).getBytes(StandardCharsets.UTF_8));
        StringBuilder path = new StringBuilder("resource/" + SOURCE);
        for (int i = 0; i < b64.length(); i += 128) {
            path.append('/').append(b64, i, Math.min(b64.length(), i + 128));
        }
        return path.toString();
    }

    @Test
    void aHotBlobIsServedFromMemoryOnceReadNotFromItsFile() throws Exception {
        start("");
        Matcher blob = firstBlob();
        HttpResponse<byte[]> first = get(blob.group(1));
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).hasSizeGreaterThan(64 * 1024);
        Path file = blobFile(blob.group(2));
        assertThat(file).exists();
        Files.delete(file);   // the store no longer has the bytes: only the cache can answer

        HttpResponse<byte[]> second = get(blob.group(1));
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.headers().firstValue("ETag")).hasValue("\"" + blob.group(2) + "\"");
        assertThat(second.headers().firstValue("Last-Modified")).isEqualTo(first.headers().firstValue("Last-Modified"));
        assertThat(get(blob.group(1), "If-None-Match", "\"" + blob.group(2) + "\"").statusCode()).isEqualTo(304);
    }

    @Test
    void aDocumentLargerThanAnEntryStreamsFromItsTierEveryTime() throws Exception {
        start("  serve-cache-entry-bytes: 1000\n");
        Matcher blob = firstBlob();
        HttpResponse<byte[]> first = get(blob.group(1));
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).hasSizeGreaterThan(64 * 1024);
        assertThat(get(blob.group(1)).body()).isEqualTo(first.body());
        Files.delete(blobFile(blob.group(2)));

        HttpResponse<byte[]> gone = get(blob.group(1));   // not kept: read from the file, now gone

        // the journal still names the bytes, so their loss is the store's fault, not "nothing published here"
        assertThat(gone.statusCode()).isEqualTo(500);
        assertThat(new String(gone.body(), StandardCharsets.UTF_8))
                .contains("could not be read").contains(blob.group(2)).doesNotContain("Exception");
    }

    @Test
    void aFileLargerThanOneBufferIsAnsweredWithItsLengthAndRangesStraightFromTheFile() throws Exception {   // RFC 9110 §14
        start("", 3_000_000);
        Matcher blob = firstBlob();
        byte[] whole = Files.readAllBytes(blobFile(blob.group(2)));

        HttpResponse<byte[]> all = get(blob.group(1));
        HttpResponse<byte[]> middle = get(blob.group(1), "Range", "bytes=1500000-2700000");
        HttpResponse<Void> head = http.send(HttpRequest.newBuilder(server.uri().resolve(blob.group(1)))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());

        assertThat(whole).hasSize(3_000_000);
        assertThat(all.statusCode()).isEqualTo(200);
        assertThat(all.body()).isEqualTo(whole);
        assertThat(middle.statusCode()).isEqualTo(206);
        assertThat(middle.headers().firstValue("Content-Range")).hasValue("bytes 1500000-2700000/3000000");
        assertThat(middle.body()).isEqualTo(java.util.Arrays.copyOfRange(whole, 1_500_000, 2_700_001));
        assertThat(head.headers().firstValue("Content-Length")).hasValue("3000000");
    }

    @Test
    void aResourceHarvestedAnewIsServedItsNewBytesOnTheNextRequest() throws Exception {
        start("");
        String path = resourcePath();
        HttpResponse<byte[]> before = get(path);
        assertThat(before.statusCode()).isEqualTo(200);
        assertThat(get(path).body()).isEqualTo(before.body());   // now kept

        atom.update(AtomSource.id(1));
        aggregate.harvest(SOURCE);

        HttpResponse<byte[]> after = get(path);
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.headers().firstValue("ETag")).isNotEqualTo(before.headers().firstValue("ETag"));
        assertThat(after.body()).isNotEqualTo(before.body());
        assertThat(get(path, "If-None-Match", before.headers().firstValue("ETag").orElseThrow()).statusCode())
                .isEqualTo(200);
    }
}
