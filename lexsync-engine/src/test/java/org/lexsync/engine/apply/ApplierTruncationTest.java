package org.lexsync.engine.apply;

import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.PlannedChange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * Issue 13.2 through the applier: a body cut short on the wire fails its change as {@code truncated} (an item
 * failure, retried next run) even when the source promised nothing the bytes could be checked against; the
 * cut bytes never become current and the checkpoint does not pass the change.
 */
class ApplierTruncationTest {
    @TempDir
    Path dir;
    FixturePublisher pub;
    Store store;
    Fetcher fetcher;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(12).seed(21).bodyBytes(8_192).start();
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true).tries(2)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        store.close();
        pub.close();
    }

    private Applier applier() {
        return Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build();
    }

    @Test
    void cutBodiesFailTheirChangesAndNothingOfThemBecomesCurrent() {
        FixtureResource byLength = pub.resources().get(3);
        FixtureResource byChunks = pub.resources().get(7);
        pub.faults().always(byLength.path(), Fault.truncatedBody());
        pub.faults().always(byChunks.path(), Fault.truncatedChunked());
        List<PlannedChange> plan = Plans.created(pub, false).stream().map(PlannedChange::asUnordered).toList();

        ApplyReport report = applier().apply(Plans.SOURCE, plan.iterator());

        assertThat(report.complete()).isFalse();
        assertThat(report.failures()).extracting(ChangeFailure::resourceUri, ChangeFailure::reason)
                .containsExactlyInAnyOrder(tuple(byLength.uri().toString(), "truncated"),
                        tuple(byChunks.uri().toString(), "truncated"));
        assertThat(store.resources().get(Plans.SOURCE, byLength.uri().toString())).isEmpty();
        assertThat(store.resources().get(Plans.SOURCE, byChunks.uri().toString())).isEmpty();
        assertThat(store.resources().count(Plans.SOURCE, false)).isEqualTo(10);
        assertThat(store.failures().list(Plans.SOURCE)).extracting(ItemFailure::reason)
                .containsExactly("truncated", "truncated");
        // kept with their changes and retried on their own, so the snapshot's checkpoint passes them (docs/architecture.md, invariant 6)
        assertThat(store.failures().list(Plans.SOURCE)).allSatisfy(f -> assertThat(f.status())
                .isEqualTo(org.lexsync.engine.model.FailureStatus.SKIPPED));
        assertThat(store.sources().checkpoint(Plans.SOURCE)).isPresent();
    }

    @Test
    void inAnOrderedFeedTheCutChangeHoldsTheCheckpointBeforeIt() {
        FixtureResource cut = pub.resources().get(5);
        pub.faults().always(cut.path(), Fault.truncatedChunked());

        ApplyReport report = applier().apply(Plans.SOURCE, Plans.created(pub, false).iterator());

        assertThat(report.gap().resourceUri()).isEqualTo(cut.uri().toString());
        assertThat(report.gap().reason()).isEqualTo("truncated");
        assertThat(store.resources().get(Plans.SOURCE, cut.uri().toString())).isEmpty();
        assertThat(store.sources().checkpoint(Plans.SOURCE)).hasValue("4");
    }
}
