package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;

/**
 * The filesystem blob store (docs/architecture.md, invariant 2): content addressed, fanned out, atomic, deduplicated.
 */
class FileBlobStoreTest {
    @TempDir
    Path dir;

    FileBlobStore blobs;

    @BeforeEach
    void open() throws IOException {
        blobs = new FileBlobStore(dir.resolve("blobs"), dir.resolve("tmp"));
    }

    static BlobKey keyOf(String content) {
        return BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(content.getBytes(StandardCharsets.UTF_8)));
    }

    Path temp(String content) throws IOException {
        return Files.writeString(Files.createTempFile(blobs.tempDirectory(), "body", ".tmp"), content,
                StandardCharsets.UTF_8);
    }

    String read(BlobKey key) throws IOException {
        try (InputStream in = blobs.open(key)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aPutFileIsStoredUnderItsSha256InFannedOutDirectories() throws IOException {
        Path body = temp("hello");

        BlobKey key = blobs.put(body);

        String h = keyOf("hello").sha256();
        assertThat(key).isEqualTo(keyOf("hello"));
        assertThat(blobs.pathOf(key)).isEqualTo(dir.resolve("blobs").resolve(h.substring(0, 2))
                .resolve(h.substring(2, 4)).resolve(h));
        assertThat(body).doesNotExist();
        assertThat(read(key)).isEqualTo("hello");
    }

    @Test
    void identicalContentIsStoredOnce() throws IOException {
        BlobKey a = blobs.put(temp("same"));
        Path second = temp("same");
        BlobKey b = blobs.put(second);

        assertThat(a).isEqualTo(b);
        assertThat(second).doesNotExist();
        List<BlobInfo> all = new ArrayList<>();
        blobs.forEach(all::add);
        assertThat(all).singleElement().satisfies(i -> assertThat(i.length()).isEqualTo(4));
    }

    @Test
    void aKnownKeyIsTrustedSoTheFileIsNotHashedAgain() throws IOException {
        BlobKey key = keyOf("x");

        assertThat(blobs.put(temp("x"), key)).isEqualTo(key);
        assertThat(read(key)).isEqualTo("x");
    }

    @Test
    void aFileOutsideTheTempDirectoryIsCopiedInAndConsumed() throws IOException {
        Path outside = Files.writeString(dir.resolve("elsewhere.bin"), "outside", StandardCharsets.UTF_8);

        BlobKey key = blobs.put(outside);

        assertThat(outside).doesNotExist();
        assertThat(read(key)).isEqualTo("outside");
        try (var tmp = Files.list(blobs.tempDirectory())) {
            assertThat(tmp).isEmpty();
        }
    }

    @Test
    void aReadOnlyFileCanBePut() throws IOException {
        Path body = temp("read only");
        assertThat(body.toFile().setReadOnly()).isTrue();

        BlobKey key = blobs.put(body);

        assertThat(read(key)).isEqualTo("read only");
    }

    @Test
    void bytesInMemoryArePutThroughATempFileAndLeaveNoneBehind() throws IOException {
        BlobKey key = blobs.put("in memory".getBytes(StandardCharsets.UTF_8));

        assertThat(read(key)).isEqualTo("in memory");
        try (var tmp = Files.list(blobs.tempDirectory())) {
            assertThat(tmp).isEmpty();
        }
    }

    @Test
    void deleteRemovesTheBlobAndReportsWhetherItWasThere() throws IOException {
        BlobKey key = blobs.put(temp("gone"));

        assertThat(blobs.delete(key)).isTrue();
        assertThat(blobs.delete(key)).isFalse();
        assertThat(blobs.exists(key)).isFalse();
    }

    @Test
    void openingAMissingBlobIsATypedError() {
        BlobKey key = keyOf("never");
        assertThatThrownBy(() -> blobs.open(key)).isInstanceOf(NoSuchBlobException.class)
                .satisfies(e -> assertThat(((NoSuchBlobException) e).key()).isEqualTo(key));
    }

    @Test
    void listingSkipsFilesThatAreNotBlobs() throws IOException {
        BlobKey key = blobs.put(temp("real"));
        Files.writeString(blobs.pathOf(key).resolveSibling("stray.txt"), "not a blob", StandardCharsets.UTF_8);

        List<BlobKey> keys = new ArrayList<>();
        blobs.forEach(i -> keys.add(i.key()));

        assertThat(keys).containsExactly(key);
    }

    @Test
    void blobKeysMustBe64HexDigits() {
        assertThatThrownBy(() -> new BlobKey("abc")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BlobKey("g".repeat(64))).isInstanceOf(IllegalArgumentException.class);
        assertThat(new BlobKey("A".repeat(64)).sha256()).isEqualTo("a".repeat(64));
    }
}
