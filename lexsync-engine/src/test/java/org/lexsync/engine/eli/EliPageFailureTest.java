package org.lexsync.engine.eli;

import org.lexsync.engine.model.EliOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.eli.EliProvider;

/**
 * Issue 13.2: an ELI page that arrives cut short or not at all fails its change — recorded by the applier as an
 * item failure, retried next run — and nothing of it becomes current; the fault-injecting fixture provides the
 * broken transfers.
 */
class EliPageFailureTest {
    @TempDir
    Path dir;

    EliHarness h;

    /** The harness of one test (a subclass runs the same assertions with the graphs in another store). */
    EliHarness newHarness(Path dir, EliProvider.Builder b) {
        return new EliHarness(dir, b);
    }

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    private String path(String eli) {
        return java.net.URI.create(eli).getPath();
    }

    @Test
    void aPageCutShortInTheFeedFailsItsChangeAndHoldsTheLaterOnes() {
        h = newHarness(dir, EliProvider.builder().acts(8).perSitemap(5));
        h.sync();
        String before = h.active().get(h.provider.eli(4));
        List<String> updated = h.provider.update(4, 6);
        h.pub.faults().always(path(updated.get(0)), Fault.truncatedBody());

        HarvestReport run = h.sync();

        assertThat(run.complete()).isFalse();
        assertThat(run.apply().gap().resourceUri()).isEqualTo(updated.get(0));
        assertThat(run.apply().gap().reason()).isEqualTo("truncated");
        assertThat(h.active().get(updated.get(0))).isEqualTo(before);
        assertThat(h.store.failures().get(EliHarness.SOURCE, updated.get(0))).map(ItemFailure::reason)
                .contains("truncated");

        h.pub.faults().clear();
        h.pub.clearRequests();
        HarvestReport again = h.sync();

        assertThat(again.complete()).isTrue();
        assertThat(h.pageRequests().stream().map(r -> h.pub.baseUri().resolve(r.path()).toString()).toList())
                .containsExactlyInAnyOrderElementsOf(updated);
        assertThat(h.store.failures().get(EliHarness.SOURCE, updated.get(0))).isEmpty();
    }

    @Test
    void aDeadEliInTheFeedIsQuarantinedAfterThreeRunsAndTheLaterUpdatesGoOn() {   // issue 12.2, docs/architecture.md, invariant 6
        h = newHarness(dir, EliProvider.builder().acts(8).perSitemap(5));
        h.sync();
        java.util.Map<String, String> held = h.active();
        List<String> updated = h.provider.update(4, 6);
        h.pub.faults().always(path(updated.get(0)), new Fault.Status(404, null));

        HarvestReport first = h.sync();
        HarvestReport second = h.sync();
        HarvestReport third = h.sync();

        assertThat(first.apply().gap().resourceUri()).isEqualTo(updated.get(0));
        assertThat(second.apply().gap().resourceUri()).isEqualTo(updated.get(0));
        assertThat(third.apply().gap()).isNull();
        assertThat(third.apply().quarantined()).isEqualTo(1);
        assertThat(h.store.failures().get(EliHarness.SOURCE, updated.get(0))).hasValueSatisfying(f -> {
            assertThat(f.quarantined()).isTrue();
            assertThat(f.tries()).isEqualTo(3);
        });
        for (String later : updated.subList(1, updated.size())) {
            assertThat(h.active().get(later)).as(later).isNotEqualTo(held.get(later));
        }
    }

    @Test
    void aConnectionResetInTheBaselineFailsThatEliAloneAndTheNextRunFetchesOnlyIt() {
        h = newHarness(dir, EliProvider.builder().acts(10).perSitemap(4));
        String lost = h.provider.eli(6);
        h.pub.faults().always(path(lost), Fault.connectionReset());

        HarvestReport baseline = h.sync();

        assertThat(baseline.complete()).isFalse();
        assertThat(baseline.apply().failures()).singleElement()
                .satisfies(f -> assertThat(f.resourceUri()).isEqualTo(lost));
        assertThat(h.active()).hasSize(9).doesNotContainKey(lost);
        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphInfo(lost)).isEmpty();
            assertThat(rdf.graphCount()).isEqualTo(9);
        }

        h.pub.faults().clear();
        h.pub.clearRequests();
        HarvestReport again = h.sync();

        assertThat(again.complete()).isTrue();
        assertThat(h.pageRequests()).singleElement().satisfies(r -> assertThat(r.path()).isEqualTo(path(lost)));
        assertThat(h.active()).hasSize(10);
        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphCount()).isEqualTo(10);
        }
    }

    @Test
    void aFullTextThatFailsInTheBaselineLeavesTheOtherPagesGraphsInPlace() {
        h = newHarness(dir, EliProvider.builder().acts(10).perSitemap(4));
        String failing = h.provider.eli(3);
        h.pub.faults().always("/eli/files/act-2025-3-*", new Fault.Status(404, null));

        HarvestReport baseline = h.sync(java.util.Map.of(EliOptions.KEY_FULL_TEXT, "first"), false);

        assertThat(baseline.complete()).isFalse();
        assertThat(h.active()).hasSize(9).doesNotContainKey(failing);
        try (RdfStore rdf = h.rdf()) {
            // the graph of each committed change, and of no failed one (the applier went past it)
            assertThat(rdf.graphInfo(failing)).isEmpty();
            for (String eli : h.active().keySet()) {
                assertThat(rdf.graphInfo(eli)).as(eli).isPresent();
            }
            assertThat(rdf.graphCount()).isEqualTo(9);
        }
    }
}
