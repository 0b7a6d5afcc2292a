package org.lexsync.engine.atom;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.fixture.FixturePublisher;

/**
 * The collector on hand-written feeds modelled on real rinfo sources (files under
 * src/test/resources/org/lexsync/engine/atom, served as they are).
 */
class AtomFixtureFilesTest {
    static final String ID = "http://rinfo.example.se/publ/sfs/2024:";

    @TempDir
    Path dir;

    FixturePublisher pub;
    FileRoute files;
    AtomHarness h;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        files = FileRoute.on(pub);
        h = new AtomHarness(dir);
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    private URI uri(String path) {
        return pub.uri(FileRoute.PREFIX + "/" + path);
    }

    private HarvestReport collect(String path) {
        return h.collect(uri(path));
    }

    @Test
    void chainOfThreeArchivesEndsInTheSourcesCurrentState() {   // rinfo §8.3
        HarvestReport r = collect("chain/feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(r.documentsRead()).isEqualTo(4);
        assertThat(h.active()).containsOnlyKeys(ID + 2, ID + 3, ID + 4, ID + 5, ID + 6, ID + 7);
        // id 1 was never current here (each version superseded before we came), so its tombstone has nothing to delete
        assertThat(h.store.resources().get(AtomHarness.SOURCE, ID + 1)).isEmpty();
        assertThat(h.resource(ID + 2).sourceTimestamp().toString()).isEqualTo("2024-04-01T09:00:00Z");
        assertThat(h.resource(ID + 3).sourceTimestamp().toString()).isEqualTo("2024-03-03T09:00:00Z");
    }

    @Test
    void tombstonesBeforeAndAfterRepublicationNeverFetchSupersededVersions() {   // rinfo §4.2.1, §8.3
        collect("chain/feed.atom");

        // id 1: entry, tombstone, re-published, deleted again; id 2: entry, tombstone, re-published
        for (String superseded : List.of("sfs-1-v1.pdf", "sfs-1-v2.pdf", "sfs-2-v1.pdf", "sfs-3-v1.pdf")) {
            assertThat(pub.requests(FileRoute.PREFIX + "/docs/" + superseded)).as(superseded).isEmpty();
        }
        assertThat(pub.requests(FileRoute.PREFIX + "/docs/sfs-2-v2.pdf")).hasSize(1);
    }

    @Test
    void aSecondRunStopsAtTheNewestCollectedPairAndFetchesNothing() {   // rinfo §8.3 stop condition
        collect("chain/feed.atom");
        long rows = h.journal().size();
        pub.clearRequests();

        HarvestReport r = collect("chain/feed.atom");   // no validators are served: the walk itself must stop

        assertThat(r.planned()).isZero();
        assertThat(h.journal()).hasSize((int) rows);
        assertThat(pub.requests()).extracting(q -> q.path()).containsExactly("/f/chain/feed.atom");
    }

    @Test
    void stopMatchesIdAndTimestampNeverTheIdAlone() {   // rinfo §8.3: "id+updated"
        collect("chain/feed.atom");
        String feed = new String(read("chain/feed.atom"), StandardCharsets.UTF_8)
                .replace("<updated>2024-04-03T09:00:00Z</updated>", "<updated>2024-04-05T09:00:00Z</updated>");
        files.replace("chain/feed.atom", feed.getBytes(StandardCharsets.UTF_8));

        HarvestReport r = collect("chain/feed.atom");

        // entry 7 is planned again (same id, new updated); the tombstone of id 1 too, since a tombstone of a
        // resource never held leaves no trace in the store to stop at — re-applying it changes nothing
        assertThat(r.planned()).isEqualTo(2);
        assertThat(r.apply().counts().updated()).isEqualTo(1);
        assertThat(r.apply().counts().deleted()).isZero();
        assertThat(h.resource(ID + 7).sourceTimestamp().toString()).isEqualTo("2024-04-05T09:00:00Z");
        assertThat(h.duplicateJournalRows()).isEmpty();
    }

    @Test
    void archiveThatChangedSinceItWasReadIsReported() {   // rinfo §6: archives must stay consistent
        byte[] good = read("docs/sfs-4-v1.pdf");
        files.replace("docs/sfs-4-v1.pdf", "broken".getBytes(StandardCharsets.UTF_8));
        assertThat(collect("chain/feed.atom").complete()).isFalse();   // stops in a2, which must be read again
        files.replace("docs/sfs-4-v1.pdf", good);
        String a2 = new String(read("chain/a2.atom"), StandardCharsets.UTF_8).replace("<title>SFS 2024:6</title>",
                "<title>SFS 2024:6 (rättad)</title>");
        files.replace("chain/a2.atom", a2.getBytes(StandardCharsets.UTF_8));

        HarvestReport r = collect("chain/feed.atom");

        assertThat(r.complete()).isTrue();
        assertThat(r.findings().has("rinfo:6/archive-changed")).isTrue();
    }

    @Test
    void archiveWithAnotherFeedIdIsReported() {   // rinfo §7.1 item 1
        String a3 = new String(read("chain/a3.atom"), StandardCharsets.UTF_8)
                .replace("tag:rinfo.example.se,2024:fixture", "tag:rinfo.example.se,2024:other");
        files.replace("chain/a3.atom", a3.getBytes(StandardCharsets.UTF_8));
        assertThat(collect("chain/feed.atom").findings().has("rinfo:7.1/feed-id")).isTrue();
    }

    @Test
    void entriesWithTheSameUpdatedAreAllCollected() {
        collect("chain/feed.atom");
        assertThat(h.active()).containsKeys(ID + 5, ID + 6);
    }

    @Test
    void tiedTimestampAtTheStopPointIsStillCollected() {   // order of equal timestamps is arbitrary
        byte[] good = read("docs/sfs-51-v1.pdf");
        files.replace("docs/sfs-51-v1.pdf", "broken".getBytes(StandardCharsets.UTF_8));
        HarvestReport first = collect("single/tie.atom");
        assertThat(first.complete()).isFalse();
        assertThat(h.active()).containsOnlyKeys(ID + 50);

        files.replace("docs/sfs-51-v1.pdf", good);
        HarvestReport second = collect("single/tie.atom");

        assertThat(second.complete()).isTrue();
        assertThat(second.planned()).isEqualTo(1);
        assertThat(h.active()).containsOnlyKeys(ID + 50, ID + 51);
    }

    @Test
    void nineDigitFractionalSecondsAreKeptAndMatched() {
        String feed = new String(read("chain/a1.atom"), StandardCharsets.UTF_8);
        assertThat(feed).contains("2024-01-12T09:00:00.123456789Z");
        collect("chain/feed.atom");
        assertThat(h.resource(ID + 3).published()).isEqualTo("2024-01-12T09:00:00.123456789Z");
    }

    @Test
    void upperCaseLeMd5IsVerified() {   // rinfo §3.3.6: the obsolete le:md5 must still be accepted
        collect("chain/feed.atom");
        ResourceState e = h.resource(ID + 5);
        assertThat(e.representations()).hasSize(2);
        assertThat(e.representations().get(0).md5()).isEqualTo("2dc5ba15a13e91ad2dc7a0a82cb855de");
    }

    @Test
    void offsetTimestampIsTheSameInstant() {
        collect("chain/feed.atom");
        assertThat(h.resource(ID + 4).sourceTimestamp().toInstant().toString()).isEqualTo("2024-02-02T09:00:00Z");
    }

    @Test
    void enclosureIsStoredWithItsIsFormatOf() {   // rinfo §3.3.7
        collect("chain/feed.atom");
        assertThat(h.resource(ID + 7).representations().get(2).links())
                .anySatisfy(l -> assertThat(l.href()).isEqualTo(ID + "7#bilaga1"));
    }

    @Test
    void windows1252FeedIsReadInItsDeclaredEncoding() {
        assertThat(collect("single/cp1252.atom").complete()).isTrue();
        assertThat(h.resource(ID + 30).title()).isEqualTo("Förordning (2024:30) om ändring i lagen om språk – §");
    }

    @Test
    void documentThatDoesNotMatchItsMd5HoldsTheCheckpointBeforeIt() {   // docs/architecture.md, invariant 1
        HarvestReport r = collect("single/badmd5.atom");

        assertThat(r.apply().gap().resourceUri()).isEqualTo(ID + 41);
        assertThat(r.apply().gap().reason()).isEqualTo("hash-mismatch");
        assertThat(h.active()).containsOnlyKeys(ID + 40);
        assertThat(h.store.sources().checkpoint(AtomHarness.SOURCE)).hasValue("2024-05-01T09:00:00Z " + ID + 40);
        assertThat(h.store.failures().list(AtomHarness.SOURCE)).extracting(f -> f.resourceUri()).containsExactly(ID + 41);
    }

    @Test
    void archiveThat404sIsATypedFailureWithoutAGap() {
        HarvestReport r = collect("missing/feed.atom");
        assertThat(r.apply().gap().reason()).isEqualTo("archive-missing");
        assertThat(r.apply().gap().status()).isEqualTo(404);
        assertThat(h.active()).isEmpty();
    }

    @Test
    void chainWithACycleIsATypedFailure() {
        HarvestReport r = collect("cycle/feed.atom");
        assertThat(r.apply().gap().reason()).isEqualTo("archive-cycle");
        assertThat(r.apply().gap().resourceUri()).endsWith("/f/cycle/c2.atom");
        assertThat(h.active()).isEmpty();
    }

    @Test
    void archiveWithNewerItemsThanTheNewerPageIsATypedFailure() {   // rinfo §3.2, §8.3
        HarvestReport r = collect("backwards/feed.atom");
        assertThat(r.apply().gap().reason()).isEqualTo("archive-out-of-order");
        assertThat(r.findings().has("rinfo:8.3/archive-out-of-order")).isTrue();
        assertThat(h.active()).isEmpty();
    }

    @Test
    void completeFeedIsCollectedWithoutAWalk() {   // rinfo §5
        HarvestReport r = collect("single/complete.atom");
        assertThat(r.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(ID + 20, ID + 21);
    }

    @Test
    void conformanceFindingsAreRecordedWithTheRun() {
        HarvestReport r = collect("single/findings.atom");

        assertThat(r.complete()).isTrue();
        long run = h.store.runs().latest(AtomHarness.SOURCE, 1).get(0).id();
        List<String> rules = h.store.runs().findings(run).stream().map(RunFinding::finding).map(Finding::rule).toList();
        assertThat(rules).contains("rinfo:4.1/published", "rinfo:4.1/updated-after-published",
                "rinfo:3.1.4/author-email", "atom:rfc4287-3.3/date-format", "rinfo:3.3.6/md5");
    }

    @Test
    void journalRowsCarryTheOriginalUpdatedAsSourceTime() {   // rinfo §3.2
        collect("chain/feed.atom");
        JournalEntry last = h.journal().get(h.journal().size() - 1);
        assertThat(last.resourceUri()).isEqualTo(ID + 7);
        assertThat(last.kind()).isEqualTo(ChangeKind.CREATED);
        assertThat(last.sourceTimestamp().toString()).isEqualTo("2024-04-03T09:00:00Z");
    }

    private static byte[] read(String path) {
        try (var in = AtomFixtureFilesTest.class.getResourceAsStream(path)) {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

}
