package org.lexsync.engine.apply;

import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.PlannedChange;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.FixturePublisher;

/**
 * A change its planner already failed ({@link PlannedChange#failed}, e.g. an ELI page cut short): the applier
 * records it like a failed fetch — an item failure, counted, holding the checkpoint — and fetches nothing.
 */
class PlannedFailureTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    Store store;
    Fetcher fetcher;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(6).seed(3).start();
        store = Store.open(StoreConfig.of(dir.resolve("data")));
        fetcher = Fetcher.builder().politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true).tries(1)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() {
        fetcher.close();
        store.close();
        pub.close();
    }

    @Test
    void aPlannedFailureIsRecordedWithoutFetchingAndHoldsTheLaterChanges() {
        List<PlannedChange> changes = new ArrayList<>(Plans.created(pub, false));
        PlannedChange third = changes.get(2);
        ChangeFailure why = new ChangeFailure(third.resourceUri(), third.resourceUri(), "truncated",
                "the body ended after 100 of 200 bytes", 0, null);
        changes.set(2, PlannedChange.failed(Plans.SOURCE, third.resourceUri(), ChangeKind.CREATED,
                third.sourceTimestamp(), why, "cp-3"));
        pub.clearRequests();

        ApplyReport report = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build()
                .apply(Plans.SOURCE, changes.iterator());

        assertThat(report.gap()).isEqualTo(why);
        assertThat(report.counts().created()).isEqualTo(2);
        assertThat(store.failures().get(Plans.SOURCE, third.resourceUri())).hasValueSatisfying(f -> {
            assertThat(f.reason()).isEqualTo("truncated");
            assertThat(f.runId()).isEqualTo(report.runId());
        });
        assertThat(store.resources().get(Plans.SOURCE, third.resourceUri())).isEmpty();
        assertThat(pub.requests()).noneMatch(r -> third.resourceUri().endsWith(r.path()));
    }

    @Test
    void anUnorderedPlannedFailureIsPassedAndTheRestCommitted() {
        List<PlannedChange> changes = new ArrayList<>();
        for (PlannedChange c : Plans.created(pub, false)) {
            changes.add(c.asUnordered());
        }
        PlannedChange second = changes.get(1);
        changes.set(1, PlannedChange.failed(Plans.SOURCE, second.resourceUri(), ChangeKind.CREATED,
                second.sourceTimestamp(), new ChangeFailure(second.resourceUri(), second.resourceUri(),
                        "metadata-unparsable", "JSON-LD block 1 could not be parsed", 200, null), null).asUnordered());

        ApplyReport report = Applier.builder(fetcher, store).retryDelay(Duration.ZERO).build()
                .apply(Plans.SOURCE, changes.iterator());

        assertThat(report.gap()).isNull();
        assertThat(report.failures()).extracting(ChangeFailure::reason).containsExactly("metadata-unparsable");
        assertThat(report.counts().created()).isEqualTo(changes.size() - 1);
    }
}
