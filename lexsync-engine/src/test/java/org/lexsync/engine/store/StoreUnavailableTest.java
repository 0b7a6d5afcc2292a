package org.lexsync.engine.store;

import org.lexsync.engine.model.StoreUnavailableException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.SmallDisk;

/**
 * Issue 13.4: a full disk, a read-only store and a damaged database are named as such (exit code 4 on the
 * command line), on a real small tmpfs and a real damaged SQLite file; the store stays sound.
 */
class StoreUnavailableTest {
    @TempDir
    Path dir;

    private SmallDisk disk;

    @AfterEach
    void unmount() throws IOException {
        if (disk != null) {
            disk.close();
        }
    }

    private SmallDisk disk(long bytes) throws IOException {
        disk = SmallDisk.mount(dir.resolve("disk"), bytes);
        assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
        return disk;
    }

    private static ResourceWrite write(String uri, byte[] bytes) {
        return StoreContract.write(uri, "2024-01-01T00:00:00Z", new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    /** One batch of {@code n} resources with 40 KB inline blobs each (random, so nothing compresses away). */
    private static CommitBatch batch(Random random, int first, int n, String checkpoint) {
        List<ResourceWrite> writes = new ArrayList<>();
        List<InlineBlob> blobs = new ArrayList<>();
        for (int i = first; i < first + n; i++) {
            byte[] bytes = new byte[40_000];
            random.nextBytes(bytes);
            String content = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
            writes.add(StoreContract.write("http://x/" + i, "2024-01-01T00:00:00Z", content));
            blobs.add(StoreContract.inline(content));
        }
        return new CommitBatch("s1", null, writes, blobs, checkpoint);
    }

    @Test
    void aFullDiskIsNamedWithItsFreeBytesAndTheStoreResumesOnceThereIsRoom() throws IOException {
        SmallDisk d = disk(3L << 20);
        Path data = d.dir().resolve("data");
        Random random = new Random(7);
        int committed = 0;
        StoreUnavailableException full = null;
        try (Store store = Store.open(StoreConfig.of(data))) {
            for (int b = 0; b < 100 && full == null; b++) {
                try {
                    store.commit(batch(random, b * 5, 5, "cp-" + b));
                    committed = b + 1;
                } catch (StoreUnavailableException e) {
                    full = e;
                }
            }
        }
        assertThat(full).as("the disk filled up").isNotNull();
        assertThat(full.kind()).isEqualTo(StoreUnavailableException.Kind.FULL);
        assertThat(full.reason()).startsWith("no space left on device in " + data.toAbsolutePath() + ": ")
                .endsWith(" bytes free");

        d.resize(64L << 20);
        try (Store store = Store.open(StoreConfig.of(data))) {
            assertThat(store.sources().checkpoint("s1")).contains("cp-" + (committed - 1));
            assertThat(store.journal().lastSeq()).isEqualTo(committed * 5L);
            store.commit(batch(random, committed * 5, 5, "next"));
            assertThat(store.resources().count(null, true)).isEqualTo(committed * 5L + 5);
        }
    }

    @Test
    void aReadOnlyStoreIsReadAndRefusesWritesByName() throws IOException {
        SmallDisk d = disk(8L << 20);
        Path data = d.dir().resolve("data");
        try (Store store = Store.open(StoreConfig.of(data))) {
            store.commit(batch(new Random(1), 0, 3, "cp"));
            store.runs().start("s1");
        }
        d.readOnly();

        try (Store store = Store.openExisting(StoreConfig.of(data))) {
            assertThat(store.readOnly()).isTrue();
            assertThat(store.resources().count(null, true)).isEqualTo(3);
            assertThat(store.runs().latest(null, 10)).hasSize(1);
            assertThat(store.journal().lastSeq()).isEqualTo(3);
            assertThatThrownBy(() -> store.commit(batch(new Random(2), 3, 1, "later")))
                    .isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
                        assertThat(e.kind()).isEqualTo(StoreUnavailableException.Kind.READ_ONLY);
                        assertThat(e.reason()).isEqualTo("store " + data.toAbsolutePath() + " is read-only");
                    });
        }
        assertThatThrownBy(() -> Store.open(StoreConfig.of(data)))
                .isInstanceOfSatisfying(StoreUnavailableException.class,
                        e -> assertThat(e.kind()).isEqualTo(StoreUnavailableException.Kind.READ_ONLY));
    }

    @Test
    void aDamagedDatabaseIsNamedAsSuch() throws IOException {
        Path data = dir.resolve("data");
        try (Store store = Store.open(StoreConfig.of(data))) {
            store.commit(batch(new Random(3), 0, 3, "cp"));
        }
        Path db = Store.databaseFile(StoreConfig.of(data));
        byte[] garbage = new byte[8192];
        new Random(4).nextBytes(garbage);
        try (FileChannel ch = FileChannel.open(db, StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(garbage), 0);
        }

        assertThatThrownBy(() -> Store.open(StoreConfig.of(data)))
                .isInstanceOfSatisfying(StoreUnavailableException.class, e -> {
                    assertThat(e.kind()).isEqualTo(StoreUnavailableException.Kind.DAMAGED);
                    assertThat(e.reason()).startsWith("store database " + db.toAbsolutePath() + " is damaged");
                });
        assertThat(Files.size(db)).as("the damaged file is left for the operator").isPositive();
    }
}
