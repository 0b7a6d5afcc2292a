package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.harvest.LiveStep;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.Faults;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * The counterexamples {@link LiveSourceProperties} found before superseded changes were skipped, replayed
 * deterministically (issue 12): a resource
 * changed more than once after the checkpoint must not stall the Change List for ever, and a baseline that
 * ended with a failed resource must be resumed by retrying that resource, not by a new baseline.
 */
class LiveSourceRegressionTest {
    private static final LiveStep CREATE = new LiveStep.Create();
    private static final LiveStep UPDATE_0 = new LiveStep.Update(0);

    @TempDir
    Path dir;

    /** Shrunk sample of {@code changeListsConvergeOnALiveSource} (seed 1207, full shrinking). */
    @Test
    void aResourceUpdatedThreeTimesWhileChangeListsAreAppliedIsSyncedOnceTheChangesStop() {
        new LiveRsScenario(LiveRsScenario.Feed.CHANGE_LIST, 2, 3, List.of(CREATE, UPDATE_0, UPDATE_0, UPDATE_0), dir)
                .check();
    }

    /** Original (unshrunk) sample of {@code changeListsConvergeOnALiveSource} (seed 1207): closed lists and deletes too. */
    @Test
    void updatesDeletesAndAClosedListWhileSyncingAreSyncedOnceTheChangesStop() {
        new LiveRsScenario(LiveRsScenario.Feed.CHANGE_LIST, 2, 3, List.of(UPDATE_0, CREATE, new LiveStep.Delete(5),
                new LiveStep.CloseList(), UPDATE_0, CREATE, new LiveStep.Update(1), UPDATE_0, new LiveStep.Update(2)),
                dir).check();
    }

    /** The same case at rest: two updates of one resource between two runs (issue 12.1's "length-mismatch" stall). */
    @Test
    void aResourceUpdatedTwiceBetweenTwoRunsIsSyncedByTheNextRun() throws IOException {
        try (FixturePublisher pub = FixturePublisher.builder().resources(4).seed(7).start();
             ResourceSyncSource source = ResourceSyncSource.builder(pub).promiseEveryVersion(true).resourceDump(false)
                     .changeDump(false).install();
             RsHarness h = new RsHarness(pub, dir.resolve("data"))) {
            h.sync(Map.of());
            String path = pub.activeResources().get(0).path();
            pub.applyChanges(ChangeScript.builder().update(path).update(path).build());

            HarvestReport next = h.sync(Map.of());

            assertThat(next.complete()).as("%s", next.apply()).isTrue();
            h.assertMirrorsPublisher();
        }
    }

    /** Issue 12, "resuming after failures is incremental": the run after a baseline with one failure retries only it. */
    @Test
    void aBaselineWithOneFailedResourceIsResumedByRetryingOnlyThatResource() throws IOException {
        try (FixturePublisher pub = FixturePublisher.builder().resources(6).seed(7).start();
             ResourceSyncSource source = ResourceSyncSource.builder(pub).resourceDump(false).changeDump(false).install();
             RsHarness h = new RsHarness(pub, dir.resolve("data"))) {
            String failing = pub.activeResources().get(2).path();
            pub.faults().add(failing, Fault.status(503), Faults.ALWAYS);
            HarvestReport baseline = h.sync(Map.of());
            pub.faults().clear();
            pub.clearRequests();

            HarvestReport resumed = h.sync(Map.of());

            assertThat(baseline.complete()).isFalse();
            assertThat(resumed.complete()).isTrue();
            h.assertMirrorsPublisher();
            assertThat(pub.requests("/rs/resourcelist.xml")).as("a new baseline was read").isEmpty();
            assertThat(pub.requests().stream().filter(r -> r.path().startsWith("/eli/")).map(r -> r.path()))
                    .containsExactly(failing);
        }
    }
}
