package org.lexsync.engine.apply;

import org.lexsync.engine.model.ApplyProgress;
import org.lexsync.engine.model.ApplyReport;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.model.PlannedRepresentation;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.Digests;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.FailureStatus;
import org.lexsync.engine.store.Store;
import org.lexsync.engine.store.StoreConfig;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;

/**
 * The applier against a real fixture publisher on loopback and a real store (docs/architecture.md, "The flow of a
 * change", invariant 1, invariant 2, §4.6), run once per database by the subclasses.
 */
abstract class ApplierContract {
    @TempDir
    Path dir;

    FixturePublisher pub;
    Store store;
    Fetcher fetcher;

    abstract StoreConfig config(Path dataDir);

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(40).seed(11).start();
        store = Store.open(config(dir.resolve("data")));
        fetcher = fetcher(1);
    }

    Fetcher fetcher(int tries) {
        return Fetcher.builder().politeness(new Politeness(16, Duration.ZERO)).ignoreRobots(true).tries(tries)
                .backoffBase(Duration.ZERO).maxBackoff(Duration.ZERO)
                .tempDirectory(store.fileBlobs().tempDirectory()).build();
    }

    @AfterEach
    void stop() throws Exception {
        fetcher.close();
        store.close();
        pub.close();
    }

    Applier.Builder applier() {
        return Applier.builder(fetcher, store).retryDelay(Duration.ZERO);
    }

    List<JournalEntry> journal() {
        List<JournalEntry> rows = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, rows::add);
        return rows;
    }

    Map<String, ResourceState> current() {
        Map<String, ResourceState> state = new HashMap<>();
        store.resources().forEach(Plans.SOURCE, false, r -> state.put(r.uri(), r));
        return state;
    }

    byte[] blob(BlobKey key) throws IOException {
        try (InputStream in = store.blobs().open(key)) {
            return in.readAllBytes();
        }
    }

    /** The store holds exactly the publisher's active resources, with their bytes. */
    void assertStoreEqualsPublisher() throws IOException {
        Map<String, ResourceState> state = current();
        assertThat(state.keySet()).containsExactlyInAnyOrderElementsOf(
                pub.activeResources().stream().map(r -> r.uri().toString()).toList());
        for (FixtureResource r : pub.activeResources()) {
            RepresentationState rep = state.get(r.uri().toString()).representations().get(0);
            assertThat(rep.sha256()).as(r.path()).isEqualTo(r.sha256());
            assertThat(blob(rep.blobKey())).as(r.path()).isEqualTo(r.body());
        }
    }

    @Test
    void createdResourcesAreFetchedVerifiedAndCommitted() throws IOException {
        ApplyReport report = applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(report.complete()).isTrue();
        assertThat(report.counts().created()).isEqualTo(40);
        assertThat(report.checkpoint()).isEqualTo("39");
        assertThat(store.sources().checkpoint(Plans.SOURCE)).contains("39");
        assertThat(journal()).hasSize(40);
        assertStoreEqualsPublisher();
        assertThat(store.runs().get(report.runId()).orElseThrow().status()).isEqualTo(RunStatus.SUCCEEDED);
        ResourceState first = current().get(pub.resources().get(0).uri().toString());
        assertThat(first.representations().get(0).md5()).isEqualTo(pub.resources().get(0).md5());
        assertThat(first.representations().get(0).etag()).isEqualTo(pub.resources().get(0).etag());
    }

    @Test
    void journalOrderIsThePlannersOrderEvenWhenEarlyFetchesAreSlow() {
        pub.faults().add("*", new Fault.Latency(Duration.ofMillis(300)), 3);

        applier().batchSize(7).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(journal()).extracting(JournalEntry::resourceUri).containsExactlyElementsOf(
                pub.resources().stream().map(r -> r.uri().toString()).toList());
    }

    @Test
    void applyingTheSameChangesAgainAddsNoJournalRowAndFetchesNothing() {
        applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());
        pub.clearRequests();

        ApplyReport again = applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(again.counts().unchanged()).isEqualTo(40);
        assertThat(again.counts().created()).isZero();
        assertThat(journal()).hasSize(40);
        assertThat(pub.requests()).isEmpty();
    }

    @Test
    void withoutPromisedDigestsAReapplyUsesConditionalGetAndAddsNoJournalRow() {
        applier().build().apply(Plans.SOURCE, Plans.created(pub, false).iterator());
        pub.clearRequests();

        ApplyReport again = applier().build().apply(Plans.SOURCE, Plans.created(pub, false).iterator());

        assertThat(again.counts().unchanged()).isEqualTo(40);
        assertThat(journal()).hasSize(40);
        assertThat(pub.requests()).hasSize(40).allSatisfy(r -> {
            assertThat(r.header("If-None-Match")).isNotNull();
            assertThat(r.status()).isEqualTo(304);
        });
    }

    @Test
    void updatesAndDeletesBringTheStoreToThePublishersState() throws IOException {
        applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());
        int before = pub.changes().size();
        pub.applyChanges(5, 6, 4);

        ApplyReport report = applier().build().apply(Plans.SOURCE, Plans.history(pub, before).iterator());

        assertThat(report.complete()).isTrue();
        assertThat(report.counts().created()).isEqualTo(5);
        assertThat(report.counts().updated()).isEqualTo(6);
        assertThat(report.counts().deleted()).isEqualTo(4);
        assertThat(journal()).hasSize(40 + 15);
        assertStoreEqualsPublisher();
        assertThat(store.resources().count(Plans.SOURCE, true)).isEqualTo(45);
    }

    @Test
    void aFailedChangeStopsTheCheckpointBeforeItAndHoldsLaterChanges() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));

        ApplyReport report = applier().window(8).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(report.complete()).isFalse();
        assertThat(report.gap().resourceUri()).isEqualTo(broken.uri().toString());
        assertThat(report.gap().reason()).isEqualTo("http-status");
        assertThat(report.checkpoint()).isEqualTo("9");
        assertThat(store.sources().checkpoint(Plans.SOURCE)).contains("9");
        assertThat(journal()).hasSize(10);
        assertThat(store.failures().list(Plans.SOURCE)).singleElement()
                .satisfies(f -> assertThat(f.resourceUri()).isEqualTo(broken.uri().toString()));
        assertThat(store.runs().get(report.runId()).orElseThrow().status())
                .isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
    }

    @Test
    void aFailedUnorderedChangeIsRecordedAndTheRunGoesOnWithoutStoringALaterCheckpoint() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        List<PlannedChange> snapshot = new ArrayList<>();
        for (PlannedChange c : Plans.created(pub, true)) {
            snapshot.add(PlannedChange.builder(c.sourceId(), c.resourceUri(), c.kind()).sourceTimestamp(c.sourceTimestamp())
                    .representations(c.representations()).links(c.links()).title(c.title()).published(c.published())
                    .unordered(true).build());
        }
        // an ordered change after the snapshot, carrying a checkpoint that would pass the failed resource
        PlannedChange last = snapshot.remove(snapshot.size() - 1);
        snapshot.add(PlannedChange.builder(last.sourceId(), last.resourceUri(), last.kind())
                .sourceTimestamp(last.sourceTimestamp()).representations(last.representations()).links(last.links())
                .title(last.title()).published(last.published()).checkpoint("after-snapshot").build());

        ApplyReport report = applier().window(8).build().apply(Plans.SOURCE, snapshot.iterator());

        assertThat(report.complete()).isFalse();
        assertThat(report.settled()).isTrue();
        assertThat(report.gap()).isNull();
        assertThat(report.failures()).singleElement()
                .satisfies(f -> assertThat(f.resourceUri()).isEqualTo(broken.uri().toString()));
        assertThat(report.counts().created()).isEqualTo(39);
        assertThat(report.counts().failed()).isEqualTo(1);
        assertThat(journal()).hasSize(39).extracting(JournalEntry::resourceUri).doesNotContain(broken.uri().toString());
        // the failed item is stored with its change and retried on its own, so the checkpoint passes it (§4.6)
        assertThat(report.checkpoint()).isEqualTo("after-snapshot");
        assertThat(store.failures().list(Plans.SOURCE)).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo(broken.uri().toString());
            assertThat(f.status()).isEqualTo(FailureStatus.SKIPPED);
        });
        assertThat(store.runs().get(report.runId()).orElseThrow().status())
                .isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
    }

    @Test
    void aSkippedItemIsRetriedAloneByTheNextRunWhichReadsOnlyNewChanges() throws IOException {
        FixtureResource broken = skippedInAFirstRunThenHealed();

        ApplyReport next = applier().build().apply(Plans.SOURCE, List.<PlannedChange>of().iterator());

        assertThat(next.complete()).isTrue();
        assertThat(next.counts().created()).isEqualTo(1);
        assertThat(pub.requests()).extracting(r -> r.path()).containsExactly(broken.path());
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
        assertStoreEqualsPublisher();
    }

    @Test
    void applyingOnlyTheDueRetriesRetriesASkippedItemInTheCallersRun() throws IOException {
        FixtureResource broken = skippedInAFirstRunThenHealed();
        long run = store.runs().start(Plans.SOURCE);

        ApplyReport retried = applier().build().applyRetries(Plans.SOURCE, run, null, GiveUpRule.DEFAULT);

        assertThat(retried.runId()).isEqualTo(run);
        assertThat(retried.complete()).isTrue();
        assertThat(retried.counts().created()).isEqualTo(1);
        assertThat(pub.requests()).extracting(r -> r.path()).containsExactly(broken.path());
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
        assertStoreEqualsPublisher();
    }

    /**
     * A first run of the whole plan as a snapshot's unordered items, while one resource answers 503: that item is
     * skipped and recorded to be retried alone. Then the publisher heals and forgets the requests it saw.
     */
    private FixtureResource skippedInAFirstRunThenHealed() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(503, null));
        applier().build().apply(Plans.SOURCE, unordered(Plans.created(pub, true)).iterator());
        pub.faults().clear();
        pub.clearRequests();
        return broken;
    }

    @Test
    void applyingOnlyTheDueRetriesWithNoneDueFetchesNothingAndReportsTheStoredCheckpoint() {
        ApplyReport first = applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());
        pub.clearRequests();
        long run = store.runs().start(Plans.SOURCE);

        ApplyReport none = applier().build().applyRetries(Plans.SOURCE, run, null, GiveUpRule.DEFAULT);

        assertThat(none.complete()).isTrue();
        assertThat(none.counts()).isEqualTo(RunCounts.ZERO);
        assertThat(none.checkpoint()).isNotNull().isEqualTo(first.checkpoint());
        assertThat(pub.requests()).isEmpty();
    }

    @Test
    void anItemThatFailedAndWasThenAppliedByALaterChangeOfTheRunIsNotAFailure() {
        FixtureResource r = pub.resources().get(4);
        PlannedChange stale = PlannedChange.ofResource(Plans.SOURCE, r.uri(), ChangeKind.CREATED, null,
                Digests.parse("md5:00000000000000000000000000000000"), null, null, null).asUnordered();
        PlannedChange later = PlannedChange.ofResource(Plans.SOURCE, r.uri(), ChangeKind.UPDATED, null, null, null,
                null, "after");

        ApplyReport report = applier().build().apply(Plans.SOURCE, List.of(stale, later).iterator());

        assertThat(report.complete()).as("%s", report.failures()).isTrue();
        assertThat(report.counts().failed()).isZero();
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
        assertThat(store.resources().get(Plans.SOURCE, r.uri().toString())).isPresent();
    }

    @Test
    void anOrderedItemFailingInThreeRunsIsQuarantinedAndTheCheckpointPassesIt() throws IOException {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        List<PlannedChange> changes = Plans.created(pub, true);
        ApplyReport first = applier().build().apply(Plans.SOURCE, changes.iterator());
        ApplyReport second = applier().build().apply(Plans.SOURCE, changes.subList(10, 40).iterator());
        assertThat(first.gap()).isNotNull();
        assertThat(second.gap()).isNotNull();
        assertThat(store.failures().get(Plans.SOURCE, broken.uri().toString()).orElseThrow().tries()).isEqualTo(2);

        ApplyReport third = applier().build().apply(Plans.SOURCE, changes.subList(10, 40).iterator());

        assertThat(third.gap()).isNull();
        assertThat(third.quarantined()).isEqualTo(1);
        assertThat(third.settled()).isTrue();
        assertThat(third.checkpoint()).isEqualTo(changes.get(39).checkpoint());
        assertThat(journal()).hasSize(39);
        assertThat(store.failures().get(Plans.SOURCE, broken.uri().toString())).hasValueSatisfying(f -> {
            assertThat(f.quarantined()).isTrue();
            assertThat(f.tries()).isEqualTo(3);
        });
    }

    @Test
    void anItemFailingForLongerThanTheRuleAllowsIsQuarantinedAtOnce() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        List<PlannedChange> changes = Plans.created(pub, true);
        GiveUpRule rule = new GiveUpRule(100, java.time.Duration.ofMillis(1));
        applier().build().apply(Plans.SOURCE, changes.iterator(), null, null, rule);
        sleepMillis(20);

        ApplyReport second = applier().build().apply(Plans.SOURCE, changes.subList(10, 40).iterator(), null, null,
                rule);

        assertThat(second.gap()).isNull();
        assertThat(second.quarantined()).isEqualTo(1);
        assertThat(journal()).hasSize(39);
    }

    @Test
    void aQuarantinedItemIsNotRetriedBeforeItsBackOff() {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator(), null, null,
                new GiveUpRule(1, java.time.Duration.ofDays(1)));
        pub.clearRequests();

        ApplyReport later = applier().build().apply(Plans.SOURCE, List.<PlannedChange>of().iterator());

        assertThat(later.counts().total()).isZero();
        assertThat(pub.requests()).isEmpty();
        assertThat(store.failures().get(Plans.SOURCE, broken.uri().toString()).orElseThrow().quarantined()).isTrue();
    }

    @Test
    void aQuarantinedItemThatSucceedsLeavesQuarantine() throws IOException {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        List<PlannedChange> changes = Plans.created(pub, true);
        GiveUpRule once = new GiveUpRule(1, java.time.Duration.ofDays(1));
        // quarantined items wait for their back-off before they are retried: none here
        applier().failureBackoff(java.time.Duration.ZERO).build().apply(Plans.SOURCE, changes.iterator(), null, null,
                once);
        assertThat(store.failures().get(Plans.SOURCE, broken.uri().toString()).orElseThrow().quarantined()).isTrue();
        pub.faults().clear();

        ApplyReport later = applier().build().apply(Plans.SOURCE, List.<PlannedChange>of().iterator());

        assertThat(later.complete()).isTrue();
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
        assertStoreEqualsPublisher();
    }

    private static List<PlannedChange> unordered(List<PlannedChange> changes) {
        return changes.stream().map(PlannedChange::asUnordered).toList();
    }

    private static void sleepMillis(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aRunAfterTheFailureIsRepairedResumesFromTheCheckpointAndClearsTheFailure() throws IOException {
        FixtureResource broken = pub.resources().get(10);
        pub.faults().always(broken.path(), new Fault.Status(404, null));
        applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());
        pub.faults().clear();

        int from = Integer.parseInt(store.sources().checkpoint(Plans.SOURCE).orElseThrow()) + 1;
        ApplyReport report = applier().build().apply(Plans.SOURCE,
                Plans.created(pub, true).subList(from, 40).iterator());

        assertThat(report.complete()).isTrue();
        assertThat(journal()).hasSize(40);
        assertThat(store.failures().list(Plans.SOURCE)).isEmpty();
        assertStoreEqualsPublisher();
    }

    @Test
    void aTransientFailureIsRetriedWithinTheRunAndTheGapFills() {
        FixtureResource flaky = pub.resources().get(3);
        pub.faults().add(flaky.path(), new Fault.Status(503, null), 1);

        ApplyReport report = applier().attempts(2).build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        assertThat(report.complete()).isTrue();
        assertThat(journal()).extracting(JournalEntry::resourceUri).containsExactlyElementsOf(
                pub.resources().stream().map(r -> r.uri().toString()).toList());
    }

    @Test
    void bytesThatDoNotMatchThePromisedDigestNeverBecomeCurrent() {
        FixtureResource r = pub.resources().get(0);
        PlannedChange lying = PlannedChange.upsert(Plans.SOURCE, r.uri().toString(), ChangeKind.CREATED,
                W3cDateTime.of(r.lastModified()), List.of(PlannedRepresentation.fetch(r.uri(), RepresentationRole.PRIMARY,
                        Digests.parse("sha-256:" + "ab".repeat(32)), null, null)), "0");

        ApplyReport report = applier().attempts(1).build().apply(Plans.SOURCE, List.of(lying).iterator());

        assertThat(report.gap().reason()).isEqualTo("hash-mismatch");
        assertThat(store.resources().get(Plans.SOURCE, r.uri().toString())).isEmpty();
        assertThat(store.sources().checkpoint(Plans.SOURCE)).isEmpty();
    }

    @Test
    void severalChangesOfOneResourceInOneRunAreJournaledInOrder() {
        FixtureResource r = pub.resources().get(0);
        List<PlannedChange> plan = List.of(
                Plans.upsert(r, ChangeKind.CREATED, true, "a"),
                PlannedChange.delete(Plans.SOURCE, r.uri().toString(), W3cDateTime.of(r.lastModified().plusSeconds(1)), "b"),
                PlannedChange.upsert(Plans.SOURCE, r.uri().toString(), ChangeKind.CREATED,
                        W3cDateTime.of(r.lastModified().plusSeconds(2)),
                        Plans.upsert(r, ChangeKind.CREATED, true, "c").representations(), "c"),
                PlannedChange.upsert(Plans.SOURCE, r.uri().toString(), ChangeKind.UPDATED,
                        W3cDateTime.of(r.lastModified().plusSeconds(3)),
                        Plans.upsert(r, ChangeKind.CREATED, true, "d").representations(), "d"));

        ApplyReport report = applier().build().apply(Plans.SOURCE, plan.iterator());

        assertThat(journal()).extracting(JournalEntry::kind).containsExactly(
                ChangeKind.CREATED, ChangeKind.DELETED, ChangeKind.CREATED, ChangeKind.UPDATED);
        assertThat(report.checkpoint()).isEqualTo("d");
        assertThat(store.resources().get(Plans.SOURCE, r.uri().toString()).orElseThrow().sourceTimestamp())
                .isEqualTo(W3cDateTime.of(r.lastModified().plusSeconds(3)));
    }

    @Test
    void localFilesAreStoredWithoutFetchingAndConsumed() throws IOException {
        Path small = Files.writeString(dir.resolve("small.xml"), "<act/>", StandardCharsets.UTF_8);
        Path large = dir.resolve("large.bin");
        Files.write(large, new byte[store.smallBlobMaxBytes() + 100]);
        String largeSha = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(Files.readAllBytes(large))).sha256();
        PlannedChange change = PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/1", ChangeKind.CREATED,
                null, List.of(
                        PlannedRepresentation.local(small, URI.create("http://dump.example/act/1.xml"),
                                RepresentationRole.PRIMARY, Digests.NONE, "application/xml"),
                        PlannedRepresentation.local(large, null, RepresentationRole.ENCLOSURE,
                                Digests.parse("sha-256:" + largeSha), "application/octet-stream")), "1");

        ApplyReport report = applier().build().apply(Plans.SOURCE, List.of(change).iterator());

        assertThat(report.counts().created()).isOne();
        assertThat(small).doesNotExist();
        assertThat(large).doesNotExist();
        ResourceState r = store.resources().get(Plans.SOURCE, "http://dump.example/act/1").orElseThrow();
        assertThat(new String(blob(r.representations().get(0).blobKey()), StandardCharsets.UTF_8)).isEqualTo("<act/>");
        assertThat(store.largeBlobs().exists(new BlobKey(largeSha))).isTrue();
        assertThat(pub.requests()).isEmpty();
    }

    @Test
    void localBytesAreVerifiedAndStoredWithoutFetching() throws IOException {
        byte[] body = "<act n=\"2\"/>".getBytes(StandardCharsets.UTF_8);
        String sha = BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(body)).sha256();
        PlannedChange good = PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/2", ChangeKind.CREATED, null,
                List.of(PlannedRepresentation.bytes(body, URI.create("http://dump.example/act/2.xml"),
                        RepresentationRole.PRIMARY, Digests.parse("sha-256:" + sha), "application/xml")), "1");

        ApplyReport report = applier().build().apply(Plans.SOURCE, List.of(good).iterator());

        assertThat(report.counts().created()).isOne();
        ResourceState r = store.resources().get(Plans.SOURCE, "http://dump.example/act/2").orElseThrow();
        assertThat(blob(r.representations().get(0).blobKey())).isEqualTo(body);
        assertThat(r.representations().get(0).length()).isEqualTo(body.length);
        assertThat(pub.requests()).isEmpty();
    }

    @Test
    void localBytesNotMatchingTheirPromisedDigestFailTheChange() {
        byte[] body = "<act/>".getBytes(StandardCharsets.UTF_8);
        PlannedChange bad = PlannedChange.upsert(Plans.SOURCE, "http://dump.example/act/3", ChangeKind.CREATED, null,
                List.of(PlannedRepresentation.bytes(body, null, RepresentationRole.PRIMARY,
                        Digests.parse("md5:00000000000000000000000000000000"), "application/xml")), "1");

        ApplyReport report = applier().build().apply(Plans.SOURCE, List.of(bad).iterator());

        assertThat(report.complete()).isFalse();
        assertThat(report.gap().reason()).isEqualTo("hash-mismatch");
        assertThat(store.resources().get(Plans.SOURCE, "http://dump.example/act/3")).isEmpty();
    }

    @Test
    void bodiesAboveTheSmallBlobSizeBecomeBlobFiles() throws Exception {
        store.close();
        store = Store.open(config(dir.resolve("files")).withSmallBlobMaxBytes(0));
        fetcher.close();
        fetcher = fetcher(1);

        applier().build().apply(Plans.SOURCE, Plans.created(pub, true).iterator());

        for (FixtureResource r : pub.resources()) {
            assertThat(store.largeBlobs().exists(new BlobKey(r.sha256()))).isTrue();
        }
        assertStoreEqualsPublisher();
    }

    @Test
    void twoSourcesAppliedAtOnceEachKeepTheirOrder() throws Exception {
        List<PlannedChange> other = new ArrayList<>();
        for (PlannedChange c : Plans.created(pub, true)) {
            other.add(PlannedChange.builder("other", c.resourceUri(), c.kind()).sourceTimestamp(c.sourceTimestamp())
                    .representations(c.representations()).links(c.links()).title(c.title()).published(c.published())
                    .checkpoint(c.checkpoint()).build());
        }
        Applier applier = applier().batchSize(5).build();

        Thread second = Thread.ofPlatform().start(() -> applier.apply("other", other.iterator()));
        ApplyReport first = applier.apply(Plans.SOURCE, Plans.created(pub, true).iterator());
        second.join();

        List<String> expected = pub.resources().stream().map(r -> r.uri().toString()).toList();
        assertThat(first.complete()).isTrue();
        assertThat(journal()).hasSize(80);
        List<String> mine = new ArrayList<>();
        store.journal().forEachSince(0, Plans.SOURCE, 0, j -> mine.add(j.resourceUri()));
        List<String> theirs = new ArrayList<>();
        store.journal().forEachSince(0, "other", 0, j -> theirs.add(j.resourceUri()));
        assertThat(mine).containsExactlyElementsOf(expected);
        assertThat(theirs).containsExactlyElementsOf(expected);
        assertThat(store.sources().checkpoint("other")).contains("39");
    }

    @Test
    void whenThePlannerFailsTheChangesItProducedBeforeAreCommittedAndItsErrorEndsTheRun() {
        List<PlannedChange> plan = Plans.created(pub, true).subList(0, 12);
        Iterator<PlannedChange> failing = new Iterator<>() {
            int next;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public PlannedChange next() {
                if (next == plan.size()) {
                    throw new IllegalStateException("source document broken at entry 13");
                }
                return plan.get(next++);
            }
        };

        assertThatThrownBy(() -> applier().build().apply(Plans.SOURCE, failing))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("entry 13");

        assertThat(journal()).hasSize(12);
        assertThat(store.sources().checkpoint(Plans.SOURCE)).contains("11");
        assertThat(store.runs().latest(Plans.SOURCE, 1)).singleElement()
                .satisfies(r -> {
                    assertThat(r.status()).isEqualTo(RunStatus.ABORTED);
                    assertThat(r.counts().created()).isEqualTo(12);
                    assertThat(r.error()).contains("entry 13");
                });
    }

    @Test
    void aStreamOfChangesIsAppliedAndClosed() {
        boolean[] closed = {false};

        ApplyReport report = applier().build().apply(Plans.SOURCE,
                Plans.created(pub, true).stream().onClose(() -> closed[0] = true), null, null);

        assertThat(report.counts().created()).isEqualTo(40);
        assertThat(closed[0]).isTrue();
    }

    @Test
    void progressIsReportedAfterEveryCommittedBatch() {
        List<ApplyProgress> seen = new ArrayList<>();

        applier().batchSize(10).maxBatchSize(10).maxBatchDelay(Duration.ofSeconds(30)).build()
                .apply(Plans.SOURCE, Plans.created(pub, true).iterator(), null, seen::add);

        assertThat(seen).extracting(ApplyProgress::committed).containsExactly(10L, 20L, 30L, 40L);
        assertThat(seen.get(3).counts().created()).isEqualTo(40);
    }
}
