package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.io.TempFiles;
import org.lexsync.engine.model.BlobKey;

/**
 * The disk cache of object-store blobs ({@link CachedBlobStore}, {@link BlobCache}) against a real S3 server
 * (S3Proxy on loopback), whose reads of objects are counted at the server ({@link CountingBackend}).
 */
class CachedBlobStoreTest {
    private static final int SIZE = 200_000;

    @TempDir
    Path dir;
    private S3Server server;
    private CountingBackend backend;
    private final List<S3BlobStore> clients = new ArrayList<>();
    private final AtomicLong clock = new AtomicLong(1_700_000_000_000L);

    @BeforeEach
    void start() throws Exception {
        server = S3Server.start(dir.resolve("s3"), b -> backend = new CountingBackend(b));
    }

    @AfterEach
    void stop() throws Exception {
        clients.forEach(S3BlobStore::close);
        server.close();
    }

    /** A store reading through a cache of {@code bound} bytes in {@code dir/cache}, as a process of its own would. */
    private CachedBlobStore cached(long bound) {
        S3BlobStore objects = new S3BlobStore(server.config("node"));
        clients.add(objects);
        return new CachedBlobStore(objects, new BlobCache(dir.resolve("cache"), bound, () -> clock.addAndGet(61_000)));
    }

    private static byte[] bytes(int seed) {
        byte[] b = new byte[SIZE];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] read(BlobStore blobs, BlobKey key) throws IOException {
        try (InputStream in = blobs.open(key)) {
            return in.readAllBytes();
        }
    }

    @Test
    void aBlobReadTwiceIsFetchedFromTheObjectStoreOnce() throws Exception {
        CachedBlobStore blobs = cached(BlobCache.DEFAULT_BYTES);
        byte[] body = bytes(1);
        BlobKey key = blobs.put(body);
        int before = backend.gets();

        assertThat(read(blobs, key)).isEqualTo(body);
        assertThat(read(blobs, key)).isEqualTo(body);

        assertThat(backend.gets() - before).isEqualTo(1);
        assertThat(blobs.cache().pathOf(key)).hasBinaryContent(body);
    }

    @Test
    void aCachedFileOfTheWrongSizeIsFetchedAgain() throws Exception {
        CachedBlobStore blobs = cached(BlobCache.DEFAULT_BYTES);
        byte[] body = bytes(2);
        BlobKey key = blobs.put(body);
        read(blobs, key);
        Files.write(blobs.cache().pathOf(key), new byte[] {1, 2, 3});   // cut short, as a power loss can leave it
        int before = backend.gets();

        assertThat(read(blobs, key)).isEqualTo(body);

        assertThat(backend.gets() - before).isEqualTo(1);
        assertThat(blobs.cache().pathOf(key)).hasBinaryContent(body);
    }

    @Test
    void aCachedFileWithWrongBytesIsFoundByTheNextProcessAndFetchedAgain() throws Exception {
        byte[] body = bytes(3);
        BlobKey key = cached(BlobCache.DEFAULT_BYTES).put(body);
        read(cached(BlobCache.DEFAULT_BYTES), key);
        Path file = dir.resolve("cache").resolve(key.sha256().substring(0, 2)).resolve(key.sha256());
        byte[] damaged = body.clone();
        damaged[SIZE / 2] ^= 1;
        Files.write(file, damaged);
        int before = backend.gets();

        assertThat(read(cached(BlobCache.DEFAULT_BYTES), key)).isEqualTo(body);

        assertThat(backend.gets() - before).isEqualTo(1);
        assertThat(file).hasBinaryContent(body);
    }

    @Test
    void theBoundEvictsTheLeastRecentlyReadBlobs() throws Exception {
        long bound = 1_000_000;
        CachedBlobStore blobs = cached(bound);
        List<BlobKey> keys = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            keys.add(blobs.put(bytes(10 + i)));
        }
        read(blobs, keys.get(0));
        for (BlobKey key : keys) {
            read(blobs, key);
            read(blobs, keys.get(0));   // kept recently read
        }

        assertThat(cachedBytes()).isLessThanOrEqualTo(bound);
        assertThat(blobs.cache().pathOf(keys.get(0))).exists();
        assertThat(blobs.cache().pathOf(keys.get(7))).exists();
        assertThat(blobs.cache().pathOf(keys.get(1))).doesNotExist();
        int before = backend.gets();
        assertThat(read(blobs, keys.get(1))).isEqualTo(bytes(11));
        assertThat(backend.gets() - before).isEqualTo(1);
    }

    @Test
    void aBlobLargerThanAQuarterOfTheBoundStreamsAndIsNotKept() throws Exception {
        CachedBlobStore blobs = cached(SIZE * 3L);
        BlobKey key = blobs.put(bytes(4));
        int before = backend.gets();

        assertThat(read(blobs, key)).isEqualTo(bytes(4));
        assertThat(read(blobs, key)).isEqualTo(bytes(4));

        assertThat(backend.gets() - before).isEqualTo(2);
        assertThat(blobs.cache().pathOf(key)).doesNotExist();
    }

    @Test
    void aBulkReadStreamsFromTheObjectStoreWithoutFillingTheCache() throws Exception {
        CachedBlobStore blobs = cached(BlobCache.DEFAULT_BYTES);
        BlobKey key = blobs.put(bytes(7));
        int before = backend.gets();

        try (InputStream in = blobs.openWithoutCaching(key)) {
            assertThat(in.readAllBytes()).isEqualTo(bytes(7));
        }

        assertThat(backend.gets() - before).isEqualTo(1);
        assertThat(blobs.cache().pathOf(key)).doesNotExist();
    }

    @Test
    void aBulkReadOfACachedBlobIsAnsweredFromTheCache() throws Exception {
        CachedBlobStore blobs = cached(BlobCache.DEFAULT_BYTES);
        BlobKey key = blobs.put(bytes(8));
        read(blobs, key);
        int before = backend.gets();

        try (InputStream in = blobs.openWithoutCaching(key)) {
            assertThat(in.readAllBytes()).isEqualTo(bytes(8));
        }

        assertThat(backend.gets() - before).isZero();
    }

    @Test
    void aWipedCacheDirectoryIsFilledAgain() throws Exception {
        CachedBlobStore blobs = cached(BlobCache.DEFAULT_BYTES);
        BlobKey key = blobs.put(bytes(5));
        read(blobs, key);
        TempFiles.deleteTreeQuietly(dir.resolve("cache"));
        int before = backend.gets();

        assertThat(read(blobs, key)).isEqualTo(bytes(5));
        assertThat(read(blobs, key)).isEqualTo(bytes(5));

        assertThat(backend.gets() - before).isEqualTo(1);
        assertThat(blobs.cache().pathOf(key)).exists();
    }

    @Test
    void twoStoresOnOneDataDirectoryShareTheCache() throws Exception {
        CachedBlobStore server = cached(BlobCache.DEFAULT_BYTES);
        CachedBlobStore cli = cached(BlobCache.DEFAULT_BYTES);
        BlobKey key = server.put(bytes(6));
        int before = backend.gets();

        assertThat(read(server, key)).isEqualTo(bytes(6));
        assertThat(read(cli, key)).isEqualTo(bytes(6));

        assertThat(backend.gets() - before).isEqualTo(1);
    }

    @Test
    void aBlobDeletedByGcIsGoneFromTheCacheOfTheStoreThatRanIt() throws Exception {
        StoreConfig config = StoreConfig.of(dir.resolve("data")).withS3(server.config("gc"));
        try (Store store = Store.open(config)) {
            BlobKey key = store.blobs().put(bytes(7));
            read(store.blobs(), key);
            Path file = Store.blobCacheDirectory(config).resolve(key.sha256().substring(0, 2)).resolve(key.sha256());
            assertThat(file).exists();

            store.gc(Duration.ofSeconds(-5));

            assertThat(file).doesNotExist();
            assertThat(store.blobs().exists(key)).isFalse();
        }
    }

    @Test
    void aBoundOfZeroReadsTheObjectStoreAndKeepsNothing() throws Exception {
        StoreConfig config = StoreConfig.of(dir.resolve("data")).withS3(server.config("none")).withBlobCacheBytes(0);
        try (Store store = Store.open(config)) {
            BlobKey key = store.blobs().put(bytes(8));
            int before = backend.gets();

            read(store.blobs(), key);
            read(store.blobs(), key);

            assertThat(backend.gets() - before).isEqualTo(2);
            assertThat(store.largeBlobs()).isSameAs(store.objectStore());
            assertThat(Store.blobCacheDirectory(config)).doesNotExist();
        }
    }

    @Test
    void aTempFileLeftByAKilledFillIsSweptOnceItIsAnHourOld() throws Exception {
        CachedBlobStore blobs = cached(BlobCache.DEFAULT_BYTES);
        Path tmp = Files.createDirectories(dir.resolve("cache").resolve("tmp"));
        Path stale = Files.write(tmp.resolve("stale.part"), new byte[] {1});
        Path fresh = Files.write(tmp.resolve("fresh.part"), new byte[] {2});
        Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.fromMillis(clock.get() - 7_200_000));
        Files.setLastModifiedTime(fresh, java.nio.file.attribute.FileTime.fromMillis(clock.get() + 600_000));

        blobs.cache().sweep();

        assertThat(stale).doesNotExist();
        assertThat(fresh).exists();
    }

    private long cachedBytes() throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve("cache"))) {
            return files.filter(Files::isRegularFile).filter(f -> !f.getParent().endsWith("tmp"))
                    .mapToLong(f -> f.toFile().length()).sum();
        }
    }
}
