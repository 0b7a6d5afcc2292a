package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.ResourceSyncOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.StoreUnavailableException;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.SmallDisk;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * Issue 13.4: a Resource Dump bitstream that cannot be unpacked because the scratch directory's disk is full is
 * a local store error (exit 4 on the command line), not a broken package blamed on the source. A real tmpfs.
 */
class DumpScratchFullDiskTest {
    @TempDir
    Path dir;

    @Test
    void aFullScratchDiskStopsTheBaselineAsALocalStoreError() throws IOException {
        try (SmallDisk disk = SmallDisk.mount(dir.resolve("scratch"), 2L << 20)) {
            assumeThat(disk).as(SmallDisk.lastRefusal()).isNotNull();
            try (FixturePublisher pub = FixturePublisher.builder().resources(4).bodyBytes(200_000).seed(7).start();
                 ResourceSyncSource source = ResourceSyncSource.builder(pub).changeList(false).changeDump(false)
                         .install();
                 RsHarness h = new RsHarness(pub, dir.resolve("data"))) {
                disk.fill(0);

                assertThatThrownBy(() -> h.sync(Map.of(ResourceSyncOptions.KEY_SCRATCH_DIR,
                        disk.dir().toString(), ResourceSyncOptions.KEY_BASELINE, "dump")))
                        .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("no space left on device");
                assertThat(h.store.failures().list(RsHarness.SOURCE)).isEmpty();
            }
        }
    }
}
