package org.lexsync.engine.apply;

import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digests;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.store.FileBlobStore;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.engine.model.StoreUnavailableException;
import org.lexsync.fixture.SmallDisk;

/**
 * Issue 13.4: a blob that cannot be stored because the store's disk is full or read-only stops the run as a local store error
 * (exit 4 on the command line), instead of becoming an item failure that blames the source. A real small tmpfs.
 */
class ApplierFullDiskTest {
    @TempDir
    Path dir;

    private SmallDisk disk;

    @AfterEach
    void unmount() throws IOException {
        if (disk != null) {
            disk.close();
        }
    }

    @Test
    void aBlobThatCannotBeWrittenOnAReadOnlyDiskIsAStoreErrorNotAnItemFailure() throws IOException {
        disk = SmallDisk.mount(dir.resolve("disk"), 4L << 20);
        assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
        // the database on the ordinary disk, the large blobs on the small one: only the blob write can fail
        FileBlobStore blobs = new FileBlobStore(disk.dir().resolve("blobs"), disk.dir().resolve("tmp"));
        try (Store store = Store.open(StoreConfig.of(dir.resolve("data")));
             Fetcher fetcher = Fetcher.builder().tempDirectory(blobs.tempDirectory()).build()) {
            byte[] big = new byte[200 * 1024];
            new Random(7).nextBytes(big);
            Path local = Files.write(blobs.tempDirectory().resolve("unpacked"), big);
            disk.readOnly();
            PlannedChange change = PlannedChange.upsert("s", "https://x.example/r", ChangeKind.CREATED, null,
                    List.of(PlannedRepresentation.local(local, URI.create("https://x.example/r"),
                            RepresentationRole.PRIMARY, Digests.NONE, "application/octet-stream")), "cp");

            assertThatThrownBy(() -> Applier.builder(fetcher, store).largeBlobs(blobs).build()
                    .apply("s", List.of(change).iterator()))
                    .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("is read-only");
            assertThat(store.failures().list("s")).isEmpty();
        }
    }
}
