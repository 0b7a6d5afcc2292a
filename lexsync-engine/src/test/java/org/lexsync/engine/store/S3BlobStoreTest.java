package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.StoreUnavailableException;

/** {@link S3BlobStore} against a real S3 server (S3Proxy on loopback, signatures checked). */
class S3BlobStoreTest {
    @TempDir
    Path dir;
    private S3Server server;
    private S3BlobStore blobs;

    @BeforeEach
    void start() throws Exception {
        server = S3Server.start(dir.resolve("s3"));
        blobs = new S3BlobStore(server.config("node-a").withMultipartThreshold(S3BlobConfig.MIN_PART));
        Files.createDirectories(dir.resolve("tmp"));
    }

    @AfterEach
    void stop() throws Exception {
        blobs.close();
        server.close();
    }

    @Test
    void aPutFileIsReadBackUnderItsContentAddressedKeyAndTheSpooledFileIsConsumed() throws Exception {
        Path file = write("a.bin", "hello object store".getBytes(StandardCharsets.UTF_8));
        BlobKey key = blobs.put(file);

        assertThat(file).doesNotExist();
        assertThat(key.sha256()).isEqualTo(HashAlgorithm.SHA_256.hex("hello object store".getBytes(StandardCharsets.UTF_8)));
        assertThat(blobs.exists(key)).isTrue();
        try (InputStream in = blobs.open(key)) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("hello object store");
        }
        assertThat(server.root().resolve(S3Server.BUCKET).resolve("node-a/sha256/" + key.sha256().substring(0, 2))
                .resolve(key.sha256())).exists();
    }

    @Test
    void aSecondPutOfTheSameBytesIsASuccess() throws Exception {
        BlobKey first = blobs.put(write("a.bin", new byte[] {1, 2, 3}));
        BlobKey second = blobs.put(write("b.bin", new byte[] {1, 2, 3}));
        BlobKey inMemory = blobs.put(new byte[] {1, 2, 3});

        assertThat(second).isEqualTo(first).isEqualTo(inMemory);
        List<BlobInfo> listed = new ArrayList<>();
        blobs.forEach(listed::add);
        assertThat(listed).extracting(BlobInfo::key).containsExactly(first);
        assertThat(listed.get(0).length()).isEqualTo(3);
        assertThat(listed.get(0).written()).isBefore(Instant.now().plusSeconds(60));
    }

    @Test
    void theServerRefusesAnOverwriteWithIfNoneMatch() throws Exception {
        BlobKey key = blobs.put(new byte[] {7});
        try (var raw = software.amazon.awssdk.services.s3.S3Client.builder()
                .endpointOverride(server.endpoint()).forcePathStyle(true)
                .region(software.amazon.awssdk.regions.Region.US_EAST_1)
                .httpClientBuilder(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.builder())
                .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                        software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(
                                server.environment().get(S3Server.ACCESS_KEY_ENV),
                                server.environment().get(S3Server.SECRET_KEY_ENV))))
                .build()) {
            assertThatThrownBy(() -> raw.putObject(b -> b.bucket(S3Server.BUCKET)
                            .key("node-a/sha256/" + key.sha256().substring(0, 2) + "/" + key.sha256()).ifNoneMatch("*"),
                    software.amazon.awssdk.core.sync.RequestBody.fromBytes(new byte[] {8})))
                    .isInstanceOfSatisfying(software.amazon.awssdk.services.s3.model.S3Exception.class,
                            e -> assertThat(e.statusCode()).isEqualTo(412));
        }
        try (InputStream in = blobs.open(key)) {
            assertThat(in.readAllBytes()).containsExactly(7);
        }
    }

    @Test
    void aFileAboveTheThresholdGoesUpInPartsAndReadsBackWhole() throws Exception {
        byte[] bytes = new byte[(int) (2 * S3BlobConfig.MIN_PART + 12345)];
        new Random(42).nextBytes(bytes);
        BlobKey key = blobs.put(write("big.bin", bytes));

        MessageDigest sha = HashAlgorithm.SHA_256.newDigest();
        try (InputStream in = blobs.open(key)) {
            byte[] buffer = new byte[65536];
            for (int n; (n = in.read(buffer)) > 0; ) {
                sha.update(buffer, 0, n);
            }
        }
        assertThat(HexFormat.of().formatHex(sha.digest())).isEqualTo(key.sha256());
        assertThat(blobs.put(write("again.bin", bytes))).isEqualTo(key);
    }

    @Test
    void deleteRemovesTheBlobAndAnAbsentOneIsNoSuchBlob() throws Exception {
        BlobKey key = blobs.put(new byte[] {4, 5});
        assertThat(blobs.delete(key)).isTrue();
        assertThat(blobs.delete(key)).isFalse();
        assertThat(blobs.exists(key)).isFalse();
        assertThatThrownBy(() -> blobs.open(key)).isInstanceOf(NoSuchBlobException.class);
    }

    @Test
    void aKnownMd5GoesUpAsTheContentMd5SoBytesThatDifferFromItAreRefusedAndNotStored() throws Exception {
        byte[] bytes = "spooled bytes".getBytes(StandardCharsets.UTF_8);
        BlobKey key = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes));
        String otherMd5 = HashAlgorithm.MD5.hex("other bytes".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> blobs.put(write("bad.bin", bytes), key, otherMd5))
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(blobs.exists(key)).isFalse();
        assertThat(blobs.put(write("good.bin", bytes), key, HashAlgorithm.MD5.hex(bytes))).isEqualTo(key);
        assertThat(blobs.exists(key)).isTrue();
    }

    @Test
    void deleteAllRemovesTheGivenBlobsInRequestsOfAtMostAThousandKeys() throws Exception {
        BlobKey first = blobs.put(new byte[] {1});
        BlobKey other = blobs.put(new byte[] {2});
        BlobKey last = blobs.put(new byte[] {3});
        List<BlobKey> keys = new ArrayList<>(List.of(first));
        for (int i = 0; keys.size() < S3BlobStore.MAX_DELETE; i++) {
            keys.add(BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(("absent " + i).getBytes(StandardCharsets.UTF_8))));
        }
        keys.add(last);

        List<BlobKey> gone = blobs.deleteAll(keys);

        assertThat(gone).hasSize(S3BlobStore.MAX_DELETE + 1).contains(first, last);
        assertThat(blobs.exists(first)).isFalse();
        assertThat(blobs.exists(last)).isFalse();
        assertThat(blobs.exists(other)).isTrue();
    }

    @Test
    void deleteAllSendsAContentMd5OfItsBodyForStoresThatRequireOne() throws Exception {
        List<String> md5s = new ArrayList<>();
        List<String> bodyMd5s = new ArrayList<>();
        HttpServer recorder = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        recorder.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            md5s.add(exchange.getRequestHeaders().getFirst("Content-MD5"));
            bodyMd5s.add(Base64.getEncoder().encodeToString(HashAlgorithm.MD5.newDigest().digest(body)));
            byte[] answer = "<DeleteResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"/>"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        recorder.start();
        try (S3BlobStore through = new S3BlobStore(server.config("node-a",
                URI.create("http://127.0.0.1:" + recorder.getAddress().getPort())))) {
            through.deleteAll(List.of(BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(new byte[] {7}))));
        } finally {
            recorder.stop(0);
        }

        assertThat(md5s).hasSize(1).first().isNotNull().isEqualTo(bodyMd5s.get(0));
    }

    @Test
    void wrongCredentialsAreATypedStoreError() throws Exception {
        S3BlobConfig wrong = server.config("node-a").withEnvironment(Map.of(
                S3Server.ACCESS_KEY_ENV, server.environment().get(S3Server.ACCESS_KEY_ENV),
                S3Server.SECRET_KEY_ENV, "not-the-secret")::get);
        try (S3BlobStore refused = new S3BlobStore(wrong)) {
            assertThatThrownBy(() -> refused.put(new byte[] {1}))
                    .isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
                        assertThat(e.kind()).isEqualTo(StoreUnavailableException.Kind.UNREACHABLE);
                        assertThat(e.getMessage()).contains("s3://lexsync-test/node-a").contains("403")
                                .doesNotContain("not-the-secret");
                    });
        }
    }

    @Test
    void missingCredentialVariablesAreNamed() {
        S3BlobConfig none = server.config("node-a").withEnvironment(name -> null);
        assertThatThrownBy(() -> new S3BlobStore(none)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(S3Server.ACCESS_KEY_ENV).hasMessageContaining(S3Server.SECRET_KEY_ENV);
    }

    @Test
    void aStoppedServerIsATypedStoreError() throws Exception {
        BlobKey key = blobs.put(new byte[] {9});
        server.stop();

        assertThatThrownBy(() -> blobs.put(write("c.bin", new byte[] {1, 2})))
                .isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> blobs.open(key)).isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> blobs.exists(key)).isInstanceOf(StoreUnavailableException.class);
        assertThatThrownBy(() -> blobs.forEach(b -> { })).isInstanceOf(StoreUnavailableException.class);
    }

    private Path write(String name, byte[] bytes) throws Exception {
        Path file = dir.resolve("tmp").resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(bytes);
        }
        return file;
    }
}
