package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.ResourceSyncOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.uri.Origins;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.fixture.ChangeScript;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixtureChange;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * The ResourceSync Destination end to end (ResourceSync §5.2) against the fixture Source on loopback and
 * a real SQLite store: baseline by list and by dump, incremental by change list and change dump, deletes,
 * mirrors, verification and resumption.
 */
class ResourceSyncHarvesterTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    ResourceSyncSource source;
    RsHarness h;

    void start(int resources, java.util.function.UnaryOperator<ResourceSyncSource.Builder> options) {
        pub = FixturePublisher.builder().resources(resources).seed(7).start();
        source = options.apply(ResourceSyncSource.builder(pub)).install();
        h = new RsHarness(pub, dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        if (h != null) {
            h.close();
        }
        if (source != null) {
            source.close();
        }
        if (pub != null) {
            pub.close();
        }
    }

    @Test
    void baselineFromTheResourceListCopiesEveryResource_5_2_10_1() throws IOException {
        start(30, b -> b);

        HarvestReport report = h.sync(options("baseline", "list"));

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().created()).isEqualTo(30);
        h.assertMirrorsPublisher();
        assertThat(h.resourceRequests(pub)).isEqualTo(30);
        assertThat(h.store.sources().checkpoint(RsHarness.SOURCE)).get().asString().contains("d=1");
    }

    @Test
    void baselineFromTheResourceDumpFetchesNoResourceOverHttp_11() throws IOException {
        start(25, b -> b.packageEntries(10));

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().created()).isEqualTo(25);
        h.assertMirrorsPublisher();
        assertThat(h.resourceRequests(pub)).isZero();
        assertThat(pub.requests().stream().filter(r -> r.path().endsWith(".zip")).count()).isEqualTo(3);
    }

    @Test
    void resourceListIndexIsReadPartByPart_10_2() throws IOException {
        start(23, b -> b.maxListEntries(10).resourceDump(false));

        HarvestReport report = h.sync(Map.of());

        assertThat(report.apply().counts().created()).isEqualTo(23);
        h.assertMirrorsPublisher();
        assertThat(pub.requests().stream().filter(r -> r.path().startsWith("/rs/resourcelist-")).count()).isEqualTo(3);
    }

    @Test
    void incrementalSyncAppliesCreatesUpdatesAndDeletesFromTheChangeList_12_1() throws IOException {
        start(20, b -> b);
        h.sync(options("baseline", "list"));
        pub.applyChanges(3, 4, 2);

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().created()).isEqualTo(3);
        assertThat(report.apply().counts().updated()).isEqualTo(4);
        assertThat(report.apply().counts().deleted()).isEqualTo(2);
        h.assertMirrorsPublisher();
        assertThat(h.journal().stream().filter(j -> j.kind() == ChangeKind.DELETED).count()).isEqualTo(2);
    }

    @Test
    void aSecondRunWithoutChangesChangesNothing() {
        start(12, b -> b);
        h.sync(Map.of());
        long rows = h.journal().size();
        pub.clearRequests();

        HarvestReport again = h.sync(Map.of());

        assertThat(again.complete()).isTrue();
        assertThat(h.journal()).hasSize((int) rows);
        assertThat(h.resourceRequests(pub)).isZero();
    }

    @Test
    void aChangeListUnchangedSinceTheLastCompleteRunIsAskedForConditionallyAndSkipped() throws IOException {
        start(12, b -> b);
        h.sync(Map.of());
        pub.clearRequests();

        HarvestReport unchanged = h.sync(Map.of());

        assertThat(unchanged.complete()).isTrue();
        assertThat(pub.requests("/rs/changelist.xml")).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(304);
            assertThat(r.headers().keySet()).anyMatch(k -> k.equalsIgnoreCase("If-None-Match"));
        });

        pub.applyChanges(2, 1, 1);
        pub.clearRequests();
        HarvestReport changed = h.sync(Map.of());

        assertThat(changed.complete()).isTrue();
        assertThat(pub.requests("/rs/changelist.xml")).singleElement()
                .satisfies(r -> assertThat(r.status()).isEqualTo(200));
        assertThat(changed.apply().counts().created()).isEqualTo(2);
        h.assertMirrorsPublisher();
    }

    @Test
    void aRunWithABaselineAsksForTheChangeListUnconditionally() {
        start(12, b -> b);
        h.sync(Map.of());
        pub.clearRequests();

        HarvestReport again = h.sync(options("baseline", "list"));

        assertThat(again.complete()).isTrue();
        assertThat(pub.requests("/rs/changelist.xml")).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.headers().keySet()).noneMatch(k -> k.equalsIgnoreCase("If-None-Match"));
        });
    }

    @Test
    void anIncompleteRunLeavesNoValidatorsSoTheNextOneReadsTheListAgain() throws IOException {
        start(12, b -> b);
        h.sync(Map.of());
        pub.applyChanges(0, 3, 0);
        FixtureResource target = pub.activeResources().get(0);
        pub.applyChanges(ChangeScript.builder().update(target.path()).build());
        pub.faults().always(target.path(), new Fault.Status(503, null));
        HarvestReport failed = h.sync(Map.of());
        pub.faults().clear();
        pub.clearRequests();

        HarvestReport retried = h.sync(Map.of());

        assertThat(failed.complete()).isFalse();
        assertThat(retried.complete()).isTrue();
        assertThat(pub.requests("/rs/changelist.xml")).singleElement()
                .satisfies(r -> assertThat(r.status()).isEqualTo(200));
        h.assertMirrorsPublisher();
    }

    @Test
    void aResourceUpdatedTwiceInOneChangeListIsFetchedOnceForItsLastChange_12_1() throws IOException {
        start(10, b -> b);
        h.sync(options("baseline", "list"));
        String target = pub.activeResources().get(3).path();
        pub.applyChanges(ChangeScript.builder().update(target).update(target).update(target).build());
        pub.clearRequests();

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().updated()).isEqualTo(1);
        assertThat(pub.requests(target)).hasSize(1);
        assertThat(report.findings().has("rs:12.1/superseded")).isTrue();
        h.assertMirrorsPublisher();
    }

    @Test
    void aResourceThatChangesAgainWhileTheRunFetchesItIsReadAgainNotStalled_12_1() throws IOException {
        start(10, b -> b);
        h.sync(options("baseline", "list"));
        String target = pub.activeResources().get(3).path();
        pub.applyChanges(ChangeScript.builder().update(target).build());
        pub.clearRequests();
        // the run reads the Change List, then the source changes the resource again as its fetch arrives
        java.util.concurrent.atomic.AtomicBoolean changed = new java.util.concurrent.atomic.AtomicBoolean();
        pub.onArrival(path -> {
            if (path.equals(target) && changed.compareAndSet(false, true)) {
                pub.applyChanges(ChangeScript.builder().update(target).build());
            }
        });

        HarvestReport report = h.sync(Map.of());

        assertThat(changed).isTrue();
        assertThat(report.complete()).isTrue();
        assertThat(pub.requests("/rs/changelist.xml")).as("read again after the mismatch").hasSize(2);
        assertThat(h.store.failures().list(RsHarness.SOURCE)).isEmpty();
        h.assertMirrorsPublisher();
    }

    @Test
    void aChangeListRefusedAfterAGoodBaselineIsAFindingAndTheBaselineStands() throws IOException {
        start(10, b -> b);
        pub.faults().add("/rs/changelist.xml", new Fault.Status(500, null), 10);

        HarvestReport report = h.sync(options("baseline", "list"));

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().created()).isEqualTo(10);
        assertThat(report.findings().has("rs:12.1/unreadable")).isTrue();
        pub.faults().clear();
        pub.applyChanges(2, 1, 1);
        HarvestReport next = h.sync(Map.of());
        assertThat(next.complete()).isTrue();
        h.assertMirrorsPublisher();
    }

    @Test
    void closedListsAreFollowedInTimeOrderNotIndexOrderOrUriOrder_12_2() throws IOException {
        start(15, b -> b.reverseIndex(true));
        h.sync(options("baseline", "list"));
        long before = h.journal().size();
        String target = pub.activeResources().get(3).path();
        pub.applyChanges(ChangeScript.builder().update(target).create().build());
        source.closeChangeList();
        pub.applyChanges(ChangeScript.builder().update(target).build());
        source.closeChangeList();
        pub.applyChanges(ChangeScript.builder().update(target).delete(pub.activeResources().get(5).path()).build());

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(report.findings().has("rs:12.2/forward-order")).isTrue();
        List<JournalEntry> rows = h.journal().subList((int) before, h.journal().size());
        List<FixtureChange> listed = pub.changes().subList(pub.changes().size() - 5, pub.changes().size());
        // the two earlier updates of the target are superseded by its last one (docs/architecture.md, invariant 6): not fetched
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < listed.size(); i++) {
            String uri = listed.get(i).uri().toString();
            if (listed.subList(i + 1, listed.size()).stream().noneMatch(c -> c.uri().toString().equals(uri))) {
                expected.add(uri);
            }
        }
        assertThat(rows).extracting(JournalEntry::resourceUri).containsExactlyElementsOf(expected);
        assertThat(report.findings().has("rs:12.1/superseded")).isTrue();
        h.assertMirrorsPublisher();
    }

    @Test
    void aRepeatedBaselineDeletesWhatTheSnapshotNoLongerLists_10_2() throws IOException {
        start(12, b -> b.changeList(false).changeDump(false));
        h.sync(Map.of());
        pub.applyChanges(ChangeScript.builder().delete(pub.activeResources().get(0).path())
                .delete(pub.activeResources().get(1).path()).create().build());

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().deleted()).isEqualTo(2);
        assertThat(report.apply().counts().created()).isEqualTo(1);
        h.assertMirrorsPublisher();
    }

    @Test
    void noDeleteKeepsResourcesTheSourceDeleted() {
        start(10, b -> b);
        h.sync(options("baseline", "list"));
        FixtureResource gone = pub.activeResources().get(2);
        pub.applyChanges(ChangeScript.builder().delete(gone.path()).build());

        HarvestReport report = h.sync(options("delete", "false"));

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsKey(gone.uri().toString());
        assertThat(h.sync(Map.of()).apply().counts().deleted()).as("the skipped delete is not replayed").isZero();
    }

    @Test
    void theAccessTokenGoesWithResourceFetchesOnTheSourcesOriginOnly() throws IOException {
        start(5, b -> b);

        HarvestReport report = h.sync(options("baseline", "list", ResourceSyncOptions.KEY_ACCESS_TOKEN, "s3cret"));

        assertThat(report.complete()).isTrue();
        List<RecordedRequest> resourceFetches = pub.requests().stream()
                .filter(r -> pub.activeResources().stream().anyMatch(x -> x.path().equals(r.path()))).toList();
        assertThat(resourceFetches).hasSize(5)
                .allSatisfy(r -> assertThat(r.header("Authorization")).isEqualTo("Bearer s3cret"));
        assertThat(Origins.sameOrigin(URI.create("http://a.example/x"), URI.create("HTTP://A.example:80/rs/l.xml")))
                .isTrue();
        assertThat(Origins.sameOrigin(URI.create("http://a.example/x"), URI.create("http://mirror.example/l.xml")))
                .isFalse();
        assertThat(Origins.sameOrigin(URI.create("https://a.example/x"), URI.create("http://a.example/l.xml")))
                .isFalse();
    }

    @Test
    void aCorruptedResourceOfTheSameLengthFailsAndIsRetriedNextRun() throws IOException {
        start(10, b -> b);
        h.sync(options("baseline", "list"));
        FixtureResource target = pub.activeResources().get(4);
        String before = h.active().get(target.uri().toString()).representations().get(0).sha256();
        pub.applyChanges(ChangeScript.builder().update(target.path()).create().build());
        pub.faults().always(target.path(), new Fault.CorruptBody());

        HarvestReport failed = h.sync(Map.of());
        pub.faults().clear();

        assertThat(failed.complete()).isFalse();
        assertThat(failed.apply().gap().reason()).isEqualTo("hash-mismatch");
        assertThat(h.active().get(target.uri().toString()).representations().get(0).sha256()).isEqualTo(before);
        assertThat(h.active()).hasSize(10);

        HarvestReport retried = h.sync(Map.of());

        assertThat(retried.complete()).isTrue();
        h.assertMirrorsPublisher();
    }

    @Test
    void aResourceListedButMissingAtTheSourceHoldsBackNoOtherResourceOfTheBaseline_10() throws IOException {
        start(20, b -> b);
        FixtureResource missing = pub.activeResources().get(3);
        pub.faults().always(missing.path(), new Fault.Status(404, null));

        HarvestReport first = h.sync(options("baseline", "list"));

        assertThat(first.complete()).isFalse();
        assertThat(first.apply().gap()).isNull();
        assertThat(first.apply().failures()).singleElement()
                .satisfies(f -> assertThat(f.resourceUri()).isEqualTo(missing.uri().toString()));
        assertThat(h.active()).hasSize(19).doesNotContainKey(missing.uri().toString());

        pub.faults().clear();
        HarvestReport second = h.sync(Map.of());

        assertThat(second.complete()).isTrue();
        assertThat(second.apply().counts().created()).isEqualTo(1);
        h.assertMirrorsPublisher();
    }

    @Test
    void aRunStoppedMidwayResumesAtTheFirstUnprocessedChangeWithoutDuplicates_12_1() throws IOException {
        start(30, b -> b);
        h.sync(options("baseline", "list"));
        int before = h.journal().size();
        ChangeScript.Builder script = ChangeScript.builder();
        List<FixtureResource> active = pub.activeResources();
        for (int i = 0; i < 20; i++) {
            script.update(active.get(i).path());
        }
        pub.applyChanges(script.build());
        pub.faults().always(active.get(12).path(), new Fault.Status(500, null));

        HarvestReport first = h.sync(Map.of());
        pub.faults().clear();

        assertThat(first.complete()).isFalse();
        assertThat(h.journal().size() - before).isEqualTo(12);
        HarvestReport second = h.sync(Map.of());
        assertThat(second.complete()).isTrue();
        List<JournalEntry> rows = h.journal().subList(before, h.journal().size());
        assertThat(rows).extracting(JournalEntry::resourceUri).doesNotHaveDuplicates().hasSize(20);
        h.assertMirrorsPublisher();
    }

    @Test
    void mirrorsArePreferredInPriOrder_14_2() throws IOException {
        start(8, b -> b.mirror(true).resourceDump(false));

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        h.assertMirrorsPublisher();
        assertThat(h.resourceRequests(source.mirror())).isEqualTo(8);
        assertThat(h.resourceRequests(pub)).isZero();
    }

    @Test
    void aFailingMirrorFallsBackToLoc_14_2() throws IOException {
        start(8, b -> b.mirror(true).resourceDump(false));
        source.mirror().faults().always("/eli/*", new Fault.Status(503, null));

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        h.assertMirrorsPublisher();
        assertThat(h.resourceRequests(source.mirror())).isEqualTo(8);
        assertThat(h.resourceRequests(pub)).isEqualTo(8);
    }

    @Test
    void aMirrorServingOtherBytesIsNotTrusted_14_2() throws IOException {
        start(6, b -> b.mirror(true).resourceDump(false));
        source.mirror().faults().always("/eli/*", new Fault.CorruptBody());

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        h.assertMirrorsPublisher();
        assertThat(h.resourceRequests(pub)).isEqualTo(6);
    }

    @Test
    void aBaselineFromTheDumpAfterOneFromTheListAddsNoJournalRows_andTheOtherWayRound_11_2() throws IOException {
        // docs/architecture.md, "Core model": re-applying the same input adds no row, whichever way the same bytes arrive
        start(12, b -> b);
        h.sync(options("baseline", "list"));
        int rows = h.journal().size();

        HarvestReport fromDump = h.sync(options("baseline", "dump"));
        HarvestReport fromList = h.sync(options("baseline", "list"));

        assertThat(fromDump.complete()).isTrue();
        assertThat(fromDump.apply().counts().unchanged()).isGreaterThanOrEqualTo(12);
        assertThat(fromList.complete()).isTrue();
        assertThat(h.journal()).hasSize(rows);
        h.assertMirrorsPublisher();
    }

    @Test
    void changeDumpsCarryIncrementalChangesWhenThereIsNoChangeList_13() throws IOException {
        start(12, b -> b.changeList(false));
        h.sync(options("baseline", "dump"));
        pub.applyChanges(2, 3, 1);
        source.closeChangeList();
        pub.applyChanges(1, 1, 0);
        pub.clearRequests();

        HarvestReport report = h.sync(Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(report.apply().counts().created()).isEqualTo(3);
        assertThat(report.apply().counts().deleted()).isEqualTo(1);
        h.assertMirrorsPublisher();
        assertThat(h.resourceRequests(pub)).isZero();
    }

    @Test
    void fromStartsIncrementalSyncAtADatetimeWithoutBaseline() {
        start(10, b -> b);
        String from = pub.now().plusSeconds(1).toString();
        pub.applyChanges(2, 0, 0);

        HarvestReport report = h.sync(options("from", from));

        assertThat(report.apply().counts().created()).isEqualTo(2);
        assertThat(h.active()).hasSize(2);
    }

    @Test
    void excludedResourcesAreNotSynced() {
        start(10, b -> b.resourceDump(false));

        h.sync(options("exclude", "/pdf$"));

        assertThat(h.active().keySet()).allMatch(u -> !u.endsWith("/pdf")).hasSize(5);
    }

    @Test
    void linksAreRecordedWithTheResource_14() {
        start(4, b -> b.resourceDump(false));

        h.sync(Map.of());

        ResourceState r = h.active().values().iterator().next();
        assertThat(r.links()).anySatisfy(l -> assertThat(l.rel()).isEqualTo("collection"));
    }
}
