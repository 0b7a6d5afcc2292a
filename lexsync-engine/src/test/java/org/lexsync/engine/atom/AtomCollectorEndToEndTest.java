package org.lexsync.engine.atom;

import org.lexsync.engine.model.AtomOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/**
 * Collection from the fixture publisher's Atom source (rinfo §8.3 archived feeds, §8.2 complete feeds):
 * after every run the store equals the source, the journal has no duplicates, superseded entries are
 * never downloaded and failures never leave a gap.
 */
class AtomCollectorEndToEndTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    AtomSource source;
    AtomHarness h;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        source = AtomSource.register(pub, "/atom", 3, 200);
        h = new AtomHarness(dir);
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    private Map<String, String> expected() {
        return new TreeMap<>(source.active());
    }

    @Test
    void firstCollectionWalksTheWholeChainAndStoresTheSource() {
        source.publishNew(10).publish(AtomSource.id(11), true);   // 11 items: 3 archives + 2 in the subscription
        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(r.complete()).isTrue();
        assertThat(r.documentsRead()).isEqualTo(4);
        assertThat(h.active()).isEqualTo(expected());
        assertThat(h.journal()).hasSize(11).allMatch(e -> e.kind() == ChangeKind.CREATED);
        ResourceState withAttachment = h.resource(AtomSource.id(11));
        assertThat(withAttachment.representations()).extracting(s -> s.role())
                .containsExactly(RepresentationRole.PRIMARY, RepresentationRole.METADATA, RepresentationRole.ENCLOSURE);
        assertThat(withAttachment.representations().get(2).links()).anySatisfy(l ->
                assertThat(l.rel()).isEqualTo("isFormatOf"));
    }

    @Test
    void journalIsInSourceOrderOldestFirst() {   // rinfo §8.1, docs/architecture.md, invariant 6
        source.publishNew(8);
        h.collect(source.subscriptionUri());
        assertThat(h.journal()).extracting(JournalEntry::sourceTimestamp)
                .isSortedAccordingTo((a, b) -> a.toInstant().compareTo(b.toInstant()));
    }

    @Test
    void aDocumentChangedAgainWhileItIsFetchedMakesTheRunReadTheFeedAgain() {   // docs/architecture.md, invariant 6, issue 12.1
        source.stableDocumentUrls(true);
        source.publishNew(5);
        h.collect(source.subscriptionUri());
        String id = AtomSource.id(3);
        source.update(id);
        java.util.Set<String> documents = new java.util.HashSet<>();
        source.currentDocuments(id).keySet().forEach(u -> documents.add(u.getPath()));
        java.util.concurrent.atomic.AtomicBoolean changed = new java.util.concurrent.atomic.AtomicBoolean();
        pub.onArrival(path -> {
            if (documents.contains(path) && changed.compareAndSet(false, true)) {
                source.update(id);
            }
        });
        pub.clearRequests();

        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(changed).isTrue();
        assertThat(r.complete()).as("%s", r.apply()).isTrue();
        assertThat(pub.requests(source.subscriptionUri().getPath())).hasSize(2);
        assertThat(h.active()).isEqualTo(expected());
    }

    @Test
    void unchangedSubscriptionEndsTheRunAtOnce() {   // rinfo §6: conditional GET
        source.publishNew(7);
        h.collect(source.subscriptionUri());
        pub.clearRequests();

        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(pub.requests()).hasSize(1);
        assertThat(pub.requests().get(0).status()).isEqualTo(304);
        assertThat(r.apply().counts().total()).isZero(); // only items waiting to be retried alone would be tried
        assertThat(h.journal()).hasSize(7);
    }

    @Test
    void newEntriesAreCollectedWithoutRereadingCollectedArchives() {   // rinfo §8.3 stop condition
        source.publishNew(9);
        h.collect(source.subscriptionUri());
        source.publishNew(4);   // 13 items: archive 4 is new, subscription holds 1, archive 3 the newest collected
        pub.clearRequests();

        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).isEqualTo(expected());
        assertThat(pub.requests().stream().map(q -> q.path()).filter(p -> p.endsWith(".atom")))
                .containsExactly("/atom/feed.atom", "/atom/archive/4.atom", "/atom/archive/3.atom");
        assertThat(h.journal()).hasSize(13);
        assertThat(h.duplicateJournalRows()).isEmpty();
    }

    @Test
    void updatesDeletionsAndRevivalKeepTheStoreEqualToTheSource() {   // rinfo §4.1, §4.2, §4.2.1
        source.publishNew(6);
        h.collect(source.subscriptionUri());
        source.update(AtomSource.id(2)).delete(AtomSource.id(3)).delete(AtomSource.id(5));
        h.collect(source.subscriptionUri());
        assertThat(h.active()).isEqualTo(expected());
        assertThat(h.resource(AtomSource.id(3)).active()).isFalse();

        source.publish(AtomSource.id(3));   // re-publication after the tombstone revives it
        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).isEqualTo(expected());
        assertThat(h.resource(AtomSource.id(3)).active()).isTrue();
        assertThat(h.duplicateJournalRows()).isEmpty();
        assertThat(h.journal()).extracting(JournalEntry::kind).containsSubsequence(ChangeKind.DELETED,
                ChangeKind.CREATED);
    }

    @Test
    void tombstoneDeletesWithItsWhenAsSourceTime() {   // rinfo §4.2
        source.publishNew(2);
        h.collect(source.subscriptionUri());
        source.delete(AtomSource.id(1));
        h.collect(source.subscriptionUri());
        JournalEntry last = h.journal().get(h.journal().size() - 1);
        assertThat(last.kind()).isEqualTo(ChangeKind.DELETED);
        assertThat(last.sourceTimestamp().toString()).isEqualTo("2024-01-01T08:03:00Z");
    }

    @Test
    void supersededVersionsAreNeverDownloaded() {   // rinfo §8.3: "no needless fetching"
        source.publishNew(8).update(AtomSource.id(1)).update(AtomSource.id(1)).update(AtomSource.id(4))
                .delete(AtomSource.id(6));
        h.collect(source.subscriptionUri());

        assertThat(h.active()).isEqualTo(expected());
        for (String path : source.supersededDocumentPaths()) {
            assertThat(pub.requests(path)).as(path).isEmpty();
        }
        assertThat(h.journal()).hasSize(7);   // 7 active ids; superseded versions and the withdrawn id never collected
    }

    @Test
    void originalTimestampsAreStoredAndTheJournalCarriesCollectionTime() {   // rinfo §3.2, §10
        source.publishNew(1).update(AtomSource.id(1));
        h.collect(source.subscriptionUri());
        ResourceState s = h.resource(AtomSource.id(1));
        assertThat(s.sourceTimestamp().toString()).isEqualTo("2024-01-01T08:02:00Z");
        assertThat(s.published()).isEqualTo("2024-01-01T08:01:00Z");
        JournalEntry row = h.journal().get(0);
        assertThat(row.collected()).isAfter(s.sourceTimestamp().toInstant());
    }

    @Test
    void corruptDocumentHoldsTheCheckpointAndIsCollectedOnTheNextRun() {   // docs/architecture.md, invariant 1, rinfo §8.1
        source.publishNew(9);
        source.corrupt(AtomSource.id(5));

        HarvestReport first = h.collect(source.subscriptionUri());

        assertThat(first.complete()).isFalse();
        assertThat(first.apply().gap().resourceUri()).isEqualTo(AtomSource.id(5));
        assertThat(first.apply().gap().reason()).isEqualTo("hash-mismatch");
        assertThat(h.active()).containsOnlyKeys(AtomSource.id(1), AtomSource.id(2), AtomSource.id(3),
                AtomSource.id(4));
        assertThat(h.store.sources().checkpoint(AtomHarness.SOURCE)).hasValue("2024-01-01T08:04:00Z "
                + AtomSource.id(4));

        source.repair(AtomSource.id(5));
        HarvestReport second = h.collect(source.subscriptionUri());   // resumed, though the feed did not change

        assertThat(second.complete()).isTrue();
        assertThat(h.active()).isEqualTo(expected());
        assertThat(h.duplicateJournalRows()).isEmpty();
        assertThat(pub.requests("/atom/doc/1/v1.pdf")).hasSize(1);
    }

    @Test
    void missingArchiveCollectsNothingNewerThanTheBreak() {   // rinfo §8.1: never a gap
        source.publishNew(10);
        source.missingArchive(2, true);

        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(r.complete()).isFalse();
        assertThat(r.apply().gap().reason()).isEqualTo("archive-missing");
        assertThat(r.findings().has("rinfo:8.3/archive-missing")).isTrue();
        assertThat(h.active()).isEmpty();
        RunRecord run = h.store.runs().latest(AtomHarness.SOURCE, 1).get(0);
        assertThat(run.status()).isEqualTo(RunStatus.FINISHED_WITH_FAILURES);

        source.missingArchive(2, false);
        assertThat(h.collect(source.subscriptionUri()).complete()).isTrue();
        assertThat(h.active()).isEqualTo(expected());
    }

    @Test
    void cycleInTheChainIsATypedFailure() {   // RFC 5005 §4, rinfo §6
        source.publishNew(10).cycle(true);
        HarvestReport r = h.collect(source.subscriptionUri());
        assertThat(r.apply().gap().reason()).isEqualTo("archive-cycle");
        assertThat(h.active()).isEmpty();
    }

    @Test
    void completeFeedDeletesWhatItNoLongerListsAndCollectsWhatIsNewer() {   // rinfo §5, §8.2
        source.publishNew(6).complete(true);
        h.collect(source.subscriptionUri());
        assertThat(h.active()).isEqualTo(expected());

        source.delete(AtomSource.id(2)).update(AtomSource.id(4)).publishNew(1);
        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(r.complete()).isTrue();
        assertThat(h.active()).isEqualTo(expected());
        assertThat(r.apply().counts().deleted()).isEqualTo(1);
        assertThat(r.apply().counts().updated()).isEqualTo(1);
        assertThat(r.apply().counts().created()).isEqualTo(1);
    }

    @Test
    void completeFeedThatShrinksByMoreThanHalfIsRefused() {   // the known trap of rinfo §5
        source.publishNew(6).complete(true);
        h.collect(source.subscriptionUri());
        for (int i = 1; i <= 4; i++) {
            source.delete(AtomSource.id(i));
        }

        HarvestReport r = h.collect(source.subscriptionUri());

        assertThat(r.findings().has("rinfo:8.2/complete-shrink")).isTrue();
        assertThat(h.active()).hasSize(6);
        assertThat(h.collect(source.subscriptionUri(), Map.of(AtomOptions.KEY_MAX_DELETE_FRACTION, "1"), false)
                .apply().counts().deleted()).isEqualTo(4);
        assertThat(h.active()).isEqualTo(expected());
    }

    @Test
    void dryRunPlansButWritesNothing() {
        source.publishNew(5);
        HarvestReport r = h.collect(source.subscriptionUri(), Map.of(), true);
        assertThat(r.planned()).isEqualTo(5);
        assertThat(h.active()).isEmpty();
        assertThat(h.store.runs().latest(AtomHarness.SOURCE, 1)).isEmpty();
    }
}
