package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.FencedException;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceBusyException;

/**
 * The fence (issue 32; docs/architecture.md, "Concurrency"): lease epochs only grow, and a stale holder's commits,
 * checkpoint writes and run updates are refused whole — run once per database by the subclasses. The stale holder is
 * played by a lease on another host that stops renewing (a frozen process).
 */
abstract class LeaseFenceContract {
    private static final Duration HOUR = Duration.ofHours(1);
    private static final RunHolder ELSEWHERE = new RunHolder(4242, "another-host.example", "2026-01-01T00:00:00Z");

    @TempDir
    Path dir;

    Store store;

    abstract StoreConfig config(Path dataDir) throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = Store.open(config(dir.resolve("data")));
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void epochsGrowOnTakeoverAndOnAFreshAcquisitionAfterRelease() {
        long first;
        try (SourceLease a = store.leases().acquire("acts", HOUR)) {
            first = a.epoch();
        }
        long second;
        try (SourceLease b = store.leases().acquire("acts", HOUR)) {
            second = b.epoch();
        }
        SourceLease stalled = store.leases().acquire("acts", Duration.ofMillis(200), HOUR, ELSEWHERE);
        try (SourceLease taken = takenOver("acts")) {
            assertThat(second).isGreaterThan(first);
            assertThat(stalled.epoch()).isGreaterThan(second);
            assertThat(taken.epoch()).isGreaterThan(stalled.epoch());
            assertThat(taken.fence()).isEqualTo(new LeaseFence("acts", taken.epoch()));
        } finally {
            stalled.close();
        }
    }

    @Test
    void theCurrentHoldersCommitPasses() {
        try (SourceLease lease = store.leases().acquire("acts", HOUR)) {
            List<WriteOutcome> out = store.commit(batch(lease.fence(), "http://x/a", "cp-1"));
            assertThat(out).hasSize(1);
            assertThat(store.sources().checkpoint("acts")).contains("cp-1");
            assertThat(store.fencedCommits()).isZero();
        }
    }

    @Test
    void aStaleHoldersCommitIsRefusedWholeNamingTheSourceEpochAndHolder() {
        SourceLease stalled = store.leases().acquire("acts", Duration.ofMillis(200), HOUR, ELSEWHERE);
        long run = store.runs().start("acts", stalled.fence());
        store.commit(new CommitBatch("acts", run, List.of(StoreContract.write("http://x/a", "2024-01-01T00:00:00Z",
                "a")), List.of(), "cp-1", 0, List.of(), stalled.fence()));
        try (SourceLease taken = takenOver("acts")) {
            long before = store.journal().lastSeq();
            CommitBatch stale = new CommitBatch("acts", run, List.of(StoreContract.write("http://x/b",
                    "2024-01-02T00:00:00Z", "b")), List.of(), "cp-2", 0, List.of(), stalled.fence());
            assertThatThrownBy(() -> store.commit(stale)).isInstanceOfSatisfying(FencedException.class, e -> {
                assertThat(e.sourceId()).isEqualTo("acts");
                assertThat(e.staleEpoch()).isEqualTo(stalled.epoch());
                assertThat(e.getMessage()).contains("'acts'", "epoch " + stalled.epoch(),
                        "process " + ProcessHandle.current().pid() + "@", "epoch " + taken.epoch());
            });
            assertThat(store.journal().lastSeq()).isEqualTo(before);
            assertThat(store.resources().get("acts", "http://x/b")).isEmpty();
            assertThat(store.sources().checkpoint("acts")).contains("cp-1");
            assertThat(store.runs().get(run).orElseThrow().counts().created()).isEqualTo(1);
            assertThat(store.fencedCommits()).isEqualTo(1);
        } finally {
            stalled.close();
        }
    }

    @Test
    void aStaleHoldersCheckpointAndRunUpdatesAreRefused() {
        SourceLease stalled = store.leases().acquire("acts", Duration.ofMillis(200), HOUR, ELSEWHERE);
        long run = store.runs().start("acts", stalled.fence());
        try (SourceLease taken = takenOver("acts")) {
            assertThatThrownBy(() -> store.sources().setCheckpoint("acts", "cp-9", stalled.fence()))
                    .isInstanceOf(FencedException.class);
            assertThatThrownBy(() -> store.runs().finish(run, RunStatus.SUCCEEDED, RunCounts.ZERO, null,
                    stalled.fence())).isInstanceOf(FencedException.class);
            assertThatThrownBy(() -> store.runs().start("acts", stalled.fence())).isInstanceOf(FencedException.class);
            assertThat(store.sources().checkpoint("acts")).isEmpty();
            assertThat(store.runs().get(run).orElseThrow().status()).isEqualTo(RunStatus.RUNNING);
            assertThat(store.fencedCommits()).isEqualTo(3);
            store.sources().setCheckpoint("acts", "cp-new", taken.fence());
            assertThat(store.sources().checkpoint("acts")).contains("cp-new");
        } finally {
            stalled.close();
        }
    }

    @Test
    void aReleasedLeasesFenceRefusesLateWrites() {
        SourceLease lease = store.leases().acquire("acts", HOUR);
        LeaseFence fence = lease.fence();
        lease.close();
        assertThatThrownBy(() -> store.commit(batch(fence, "http://x/a", "cp-1")))
                .isInstanceOfSatisfying(FencedException.class, e -> assertThat(e.currentHolder()).isNull());
        assertThat(store.journal().lastSeq()).isZero();
    }

    private static CommitBatch batch(LeaseFence fence, String uri, String checkpoint) {
        return new CommitBatch(fence.sourceId(), null, List.of(StoreContract.write(uri, "2024-01-01T00:00:00Z", uri)),
                List.of(), checkpoint, 0, List.of(), fence);
    }

    /** This process's lease of {@code sourceId}, taken once the stalled holder's lease ran out. */
    private SourceLease takenOver(String sourceId) {
        return await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .ignoreExceptionsInstanceOf(SourceBusyException.class)
                .until(() -> store.leases().acquire(sourceId, HOUR), java.util.Objects::nonNull);
    }
}
