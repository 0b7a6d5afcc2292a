package org.lexsync.engine.store;

import org.lexsync.engine.model.BlobKey;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.FailureStatus;
import org.lexsync.engine.model.GcReport;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.Link;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.engine.model.ResourceStatus;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.SourceRecord;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * The store's behaviour (docs/architecture.md, "Core model"; invariant 2: one transaction per batch, idempotence), run
 * once per database by the subclasses so that SQLite and PostgreSQL are held to the same suite.
 */
abstract class StoreContract {
    @TempDir
    Path dir;

    Store store;

    /** The configuration of a fresh, empty store in {@code dataDir}. */
    abstract StoreConfig config(Path dataDir) throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = Store.open(config(dir.resolve("data")));
    }

    @AfterEach
    void closeStore() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    static W3cDateTime ts(String text) {
        return W3cDateTimes.parseOrNull(text);
    }

    static String sha256(byte[] bytes) {
        return BlobKey.of(HashAlgorithm.SHA_256.newDigest().digest(bytes)).sha256();
    }

    /** A write with one primary file whose bytes are {@code content}, travelling inline. */
    static ResourceWrite write(String uri, String timestamp, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        String sha = sha256(bytes);
        return new ResourceWrite(uri, false, ts(timestamp), null, "Title of " + uri,
                List.of(new Link("alternate", uri + ".xml", Map.of("type", "application/xml"))),
                List.of(new RepresentationState(URI.create(uri + ".pdf"), RepresentationRole.PRIMARY,
                        "application/pdf", bytes.length, null, sha, new BlobKey(sha), "\"e1\"", null, List.of())));
    }

    static InlineBlob inline(String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return new InlineBlob(new BlobKey(sha256(bytes)), bytes);
    }

    List<WriteOutcome> commit(String checkpoint, ResourceWrite... writes) {
        List<InlineBlob> blobs = new ArrayList<>();
        return store.commit(new CommitBatch("s1", null, List.of(writes), blobs, checkpoint));
    }

    @Test
    void aStreamedJournalReadHoldsUpNeitherAnotherReadNorACommit() throws Exception {   // issue 16, session 10
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"), write("http://x/b", "2024-01-01T00:00:00Z", "b"));
        List<Long> inner = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        store.journal().forEachVersionSince(0, null, 1, outer -> {
            // while this read streams: another thread's streamed read and commit (the export's writers, a server
            // answering two documents, a harvest committing during a publication)
            Thread other = new Thread(() -> {
                try {
                    store.journal().forEachVersionSince(0, null, 0, v -> inner.add(v.entry().seq()));
                    commit(null, write("http://x/c", "2024-01-02T00:00:00Z", "c"));
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            });
            other.start();
            try {
                other.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(failures).isEmpty();
        assertThat(inner).containsExactly(1L, 2L);
        assertThat(store.journal().lastSeq()).isEqualTo(3);
    }

    @Test
    void aStreamedResourceListingLetsACommitThrough() throws Exception {   // a listing streamed to a slow client
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"), write("http://x/b", "2024-01-01T00:00:00Z", "b"));
        List<String> listed = new ArrayList<>();
        store.resources().forEachSummary(null, false, r -> {
            listed.add(r.uri());
            if (listed.size() == 1) {
                assertCommitsMeanwhile("http://x/c");
            }
        });
        store.resources().forEachActiveUri("s1", uri -> {
            if (uri.equals("http://x/a")) {
                assertCommitsMeanwhile("http://x/d");
            }
        });
        store.resources().forEach("s1", false, r -> {
            if (r.uri().equals("http://x/a")) {
                assertCommitsMeanwhile("http://x/e");
            }
        });

        assertThat(listed).containsExactly("http://x/a", "http://x/b");   // one snapshot: c came after it began
        assertThat(store.resources().count("s1", false)).isEqualTo(5);
    }

    @Test
    void aStreamedBlobListingLetsACommitThrough() throws Exception {   // the dashboard's store counts
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "a")),
                List.of(inline("a")), null));
        boolean[] once = {false};
        store.blobs().forEach(b -> {
            if (!once[0]) {
                once[0] = true;
                assertCommitsMeanwhile("http://x/b");
            }
        });
        assertThat(once[0]).isTrue();
    }

    /** Commits a write of {@code uri} on another thread and fails unless it is done within 20 s. */
    private void assertCommitsMeanwhile(String uri) {
        Throwable[] failure = new Throwable[1];
        Thread other = new Thread(() -> {
            try {
                commit(null, write(uri, "2024-01-02T00:00:00Z", uri));
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        });
        other.start();
        try {
            other.join(20_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        assertThat(other.isAlive()).as("a commit waited for a streamed read").isFalse();
        assertThat(failure[0]).isNull();
    }

    @Test
    void eachJournalRowKeepsTheVersionItWroteForPublishing() {   // V6__journal_version.sql, issue 16
        ResourceWrite first = new ResourceWrite("http://x/a", false, ts("2024-01-01T00:00:00Z"), "2023-12-31",
                "Tab\there, line\nbreak = 100%", List.of(new Link("via", "http://o/a", Map.of("type", "text/html"))),
                List.of(new RepresentationState(URI.create("http://o/a.pdf"), RepresentationRole.PRIMARY,
                        "application/pdf", 5, "0cc175b9c0f1b6a831c399e269772661", sha256("hello".getBytes(
                        StandardCharsets.UTF_8)), new BlobKey(sha256("hello".getBytes(StandardCharsets.UTF_8))),
                        "\"e1\"", "Mon, 01 Jan 2024 00:00:00 GMT", List.of(new Link("isFormatOf", "http://x/a")))));
        commit(null, first);
        commit(null, write("http://x/a", "2024-02-01T00:00:00Z", "changed"));
        commit(null, ResourceWrite.deletion("http://x/a", ts("2024-03-01T00:00:00Z")));
        List<org.lexsync.engine.model.JournalVersion> rows = new ArrayList<>();
        store.journal().forEachVersionSince(0, null, 0, rows::add);

        assertThat(rows).hasSize(3);
        org.lexsync.engine.model.JournalVersion v = rows.get(0);
        assertThat(v.recorded()).isTrue();
        assertThat(v.title()).isEqualTo("Tab\there, line\nbreak = 100%");
        assertThat(v.published()).isEqualTo("2023-12-31");
        assertThat(v.links()).isEqualTo(first.links());
        assertThat(v.representations()).isEqualTo(first.representations());
        assertThat(rows.get(1).title()).isEqualTo("Title of http://x/a");
        assertThat(rows.get(2).recorded()).isFalse();   // a deletion records no version
        assertThat(rows.get(2).entry().kind()).isEqualTo(ChangeKind.DELETED);
    }

    @Test
    void eachRowSaysWhetherItsSourceWasTheFirstToHoldItsUri() {   // issue 16: the aggregate's entry ids
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a1"));
        store.commit(new CommitBatch("s2", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "a2"),
                write("http://x/b", "2024-01-01T00:00:00Z", "b2")), null, null));
        commit(null, ResourceWrite.deletion("http://x/a", ts("2024-02-01T00:00:00Z")), write("http://x/b",
                "2024-02-01T00:00:00Z", "b1"));
        List<String> rows = new ArrayList<>();
        store.journal().forEachVersionWithHolderSince(0, 0, (v, first) -> rows.add(v.entry().sourceId() + " "
                + v.entry().resourceUri() + " " + first));

        assertThat(rows).containsExactly("s1 http://x/a true", "s2 http://x/a false", "s2 http://x/b true",
                "s1 http://x/a true", "s1 http://x/b false");
        List<String> limited = new ArrayList<>();
        store.journal().forEachVersionWithHolderSince(2, 2, (v, first) -> limited.add(v.entry().seq() + " " + first));
        assertThat(limited).containsExactly("3 true", "4 true");
    }

    @Test
    void textColumnsReadBackEmptyNonAsciiAndAstralTextExactly() {   // TextColumns: bytes on SQLite
        String title = "Łódź — \u00e9t\u00e9 \u2713 \ud834\udd1e \u0000? no: tab\tend";
        ResourceWrite w = write("http://x/\u00fc\u00f1\u00ee", "2024-01-01T00:00:00Z", "x");
        commit(null, new ResourceWrite(w.uri(), false, w.sourceTimestamp(), "", title.replace("\u0000", ""),
                w.links(), w.representations()));
        List<org.lexsync.engine.model.JournalVersion> rows = new ArrayList<>();
        store.journal().forEachVersionSince(0, null, 0, rows::add);

        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).entry().resourceUri()).isEqualTo("http://x/\u00fc\u00f1\u00ee");
        assertThat(rows.get(0).title()).isEqualTo(title.replace("\u0000", ""));
        assertThat(rows.get(0).published()).isNull();   // an empty publication date is stored as none
        assertThat(rows.get(0).entry().runId()).isNull();
    }

    @Test
    void theLightPassGivesEachRowsSequenceAndCollectionTime() {   // Change List parts
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"), write("http://x/b", "2024-01-01T00:00:00Z", "b"));
        List<org.lexsync.engine.model.JournalEntry> full = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, full::add);
        List<String> light = new ArrayList<>();
        store.journal().forEachCollectedSince(0, "s1", 0, (seq, at) -> light.add(seq + " " + at));

        assertThat(light).containsExactly(full.get(0).seq() + " " + full.get(0).collected(),
                full.get(1).seq() + " " + full.get(1).collected());
    }

    @Test
    void theCurrentVersionsAreTheRowsThatMadeEachActiveResource() {
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a1"), write("http://x/b", "2024-01-01T00:00:00Z", "b1"));
        commit(null, write("http://x/a", "2024-02-01T00:00:00Z", "a2"));
        commit(null, ResourceWrite.deletion("http://x/b", ts("2024-03-01T00:00:00Z")));
        List<String> current = new ArrayList<>();
        store.journal().forEachCurrentVersion(null, 0, 0, v -> current.add(v.entry().resourceUri() + "@"
                + v.entry().seq()));
        assertThat(current).containsExactly("http://x/a@3");
        List<Journal.Day> days = store.journal().days("s1");   // one day, or two across a midnight
        assertThat(days.get(0).firstSeq()).isEqualTo(1);
        assertThat(days.get(days.size() - 1).lastSeq()).isEqualTo(4);
        assertThat(days.stream().mapToLong(Journal.Day::count).sum()).isEqualTo(4);
        assertThat(store.journal().maxSeq("s1")).isEqualTo(4);
        assertThat(store.journal().seqAfter("s1", 2, 1)).isEqualTo(3);
    }

    List<JournalEntry> journal() {
        List<JournalEntry> rows = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, rows::add);
        return rows;
    }

    @Test
    void aNewStoreIsEmptyAndMigrated() {
        assertThat(store.journal().lastSeq()).isZero();
        assertThat(store.resources().count(null, true)).isZero();
        assertThat(store.sources().list()).isEmpty();
    }

    @Test
    void reopeningKeepsTheDataAndDoesNotMigrateAgain() throws Exception {
        commit("c1", write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        store.close();
        store = Store.open(config(dir.resolve("data")).withJdbcUrl(store.config().jdbcUrl(),
                store.config().user(), store.config().password()));
        assertThat(store.journal().lastSeq()).isEqualTo(1);
        assertThat(store.sources().checkpoint("s1")).contains("c1");
    }

    @Test
    void commitCreatesTheResourceAJournalRowAndMovesTheCheckpoint() {
        List<WriteOutcome> out = commit("cp-1", write("http://x/a", "2024-01-01T00:00:00Z", "a"));

        assertThat(out).containsExactly(new WriteOutcome("http://x/a", ChangeKind.CREATED, 1));
        ResourceState r = store.resources().get("s1", "http://x/a").orElseThrow();
        assertThat(r.active()).isTrue();
        assertThat(r.sourceTimestamp()).hasToString("2024-01-01T00:00:00Z");
        assertThat(r.title()).isEqualTo("Title of http://x/a");
        assertThat(r.links()).containsExactly(new Link("alternate", "http://x/a.xml", Map.of("type", "application/xml")));
        assertThat(r.representations()).singleElement().satisfies(rep -> {
            assertThat(rep.url()).isEqualTo(URI.create("http://x/a.pdf"));
            assertThat(rep.role()).isEqualTo(RepresentationRole.PRIMARY);
            assertThat(rep.etag()).isEqualTo("\"e1\"");
        });
        assertThat(r.lastSeq()).isEqualTo(1);
        assertThat(store.sources().checkpoint("s1")).contains("cp-1");
        assertThat(journal()).singleElement().satisfies(j -> {
            assertThat(j.kind()).isEqualTo(ChangeKind.CREATED);
            assertThat(j.resourceUri()).isEqualTo("http://x/a");
            assertThat(j.checksums().get(HashAlgorithm.SHA_256)).isPresent();
        });
    }

    @Test
    void aWriteIdenticalToTheCurrentStateAddsNoJournalRow() {
        commit("1", write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        List<WriteOutcome> again = commit("2", write("http://x/a", "2024-01-01T00:00:00Z", "a"));

        assertThat(again).singleElement().satisfies(o -> assertThat(o.unchanged()).isTrue());
        assertThat(journal()).hasSize(1);
        assertThat(store.sources().checkpoint("s1")).contains("2");
    }

    @Test
    void aNewTimestampOrNewBytesIsAnUpdate() {
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        List<WriteOutcome> ts = commit(null, write("http://x/a", "2024-01-02T00:00:00Z", "a"));
        List<WriteOutcome> bytes = commit(null, write("http://x/a", "2024-01-02T00:00:00Z", "b"));

        assertThat(ts.get(0).kind()).isEqualTo(ChangeKind.UPDATED);
        assertThat(bytes.get(0).kind()).isEqualTo(ChangeKind.UPDATED);
        assertThat(journal()).extracting(JournalEntry::seq).containsExactly(1L, 2L, 3L);
        assertThat(store.resources().get("s1", "http://x/a").orElseThrow().representations().get(0).sha256())
                .isEqualTo(sha256("b".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aDeleteLeavesATombstoneAndTheHistoryInTheJournal() {
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        List<WriteOutcome> out = commit(null, ResourceWrite.deletion("http://x/a", ts("2024-02-01")));

        assertThat(out.get(0).kind()).isEqualTo(ChangeKind.DELETED);
        ResourceState r = store.resources().get("s1", "http://x/a").orElseThrow();
        assertThat(r.status()).isEqualTo(ResourceStatus.DELETED);
        assertThat(r.representations()).isEmpty();
        assertThat(store.resources().count("s1", false)).isZero();
        assertThat(store.resources().count("s1", true)).isOne();
        assertThat(journal()).extracting(JournalEntry::kind).containsExactly(ChangeKind.CREATED, ChangeKind.DELETED);
    }

    @Test
    void deletingAnUnknownOrDeletedResourceAddsNoJournalRow() {
        commit(null, ResourceWrite.deletion("http://x/never", null));
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        commit(null, ResourceWrite.deletion("http://x/a", null));
        List<WriteOutcome> again = commit(null, ResourceWrite.deletion("http://x/a", null));

        assertThat(again.get(0).unchanged()).isTrue();
        assertThat(journal()).hasSize(2);
    }

    @Test
    void aResourceCreatedAgainAfterItsDeleteIsCreated() {
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        commit(null, ResourceWrite.deletion("http://x/a", null));
        List<WriteOutcome> out = commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"));

        assertThat(out.get(0).kind()).isEqualTo(ChangeKind.CREATED);
        assertThat(store.resources().get("s1", "http://x/a").orElseThrow().active()).isTrue();
    }

    @Test
    void severalChangesOfOneResourceInOneBatchAreEachJournaledInOrder() {
        List<WriteOutcome> out = commit("end",
                write("http://x/a", "2024-01-01T00:00:00Z", "v1"),
                write("http://x/a", "2024-01-02T00:00:00Z", "v2"),
                write("http://x/a", "2024-01-02T00:00:00Z", "v2"),
                ResourceWrite.deletion("http://x/a", ts("2024-01-03")),
                write("http://x/a", "2024-01-04T00:00:00Z", "v3"));

        assertThat(out).extracting(WriteOutcome::kind).containsExactly(
                ChangeKind.CREATED, ChangeKind.UPDATED, null, ChangeKind.DELETED, ChangeKind.CREATED);
        ResourceState r = store.resources().get("s1", "http://x/a").orElseThrow();
        assertThat(r.sourceTimestamp()).hasToString("2024-01-04T00:00:00Z");
        assertThat(r.representations()).hasSize(1);
        assertThat(r.lastSeq()).isEqualTo(4);
    }

    @Test
    void inlineBlobsCommitWithTheirBatchAndReadBackThroughTheBlobStore() throws IOException {
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "hello")),
                List.of(inline("hello")), "c"));

        BlobKey key = new BlobKey(sha256("hello".getBytes(StandardCharsets.UTF_8)));
        assertThat(store.blobs().exists(key)).isTrue();
        try (InputStream in = store.blobs().open(key)) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("hello");
        }
    }

    @Test
    void largeBlobsGoToTheLargeTierAndSmallOnesToTheDatabase() throws IOException {
        byte[] big = new byte[store.smallBlobMaxBytes() + 1];
        big[0] = 1;
        BlobKey bigKey = store.blobs().put(big);
        BlobKey smallKey = store.blobs().put("tiny".getBytes(StandardCharsets.UTF_8));

        assertThat(store.largeBlobs().exists(bigKey)).isTrue();
        assertThat(store.largeBlobs().exists(smallKey)).isFalse();
        assertThat(store.blobs().exists(smallKey)).isTrue();
    }

    @Test
    void gcDeletesOnlyUnreferencedBlobs() throws IOException {
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "kept")),
                List.of(inline("kept")), null));
        BlobKey orphanSmall = store.blobs().put("orphan".getBytes(StandardCharsets.UTF_8));
        byte[] big = new byte[store.smallBlobMaxBytes() + 10];
        BlobKey orphanFile = store.blobs().put(big);
        BlobKey kept = new BlobKey(sha256("kept".getBytes(StandardCharsets.UTF_8)));

        GcReport report = store.gc(Duration.ZERO);

        assertThat(report.deleted()).isEqualTo(2);
        assertThat(report.bytesFreed()).isEqualTo(6 + big.length);
        assertThat(store.blobs().exists(kept)).isTrue();
        assertThat(store.blobs().exists(orphanSmall)).isFalse();
        assertThat(store.blobs().exists(orphanFile)).isFalse();
    }

    @Test
    void gcSweepsTheLargeTierInPagesAndKeepsWhatAPageHoldsReferenced() throws IOException {
        String big = "x".repeat(store.smallBlobMaxBytes() + 1);
        List<BlobKey> orphans = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            orphans.add(store.blobs().put((big + "orphan " + i).getBytes(StandardCharsets.UTF_8)));
        }
        List<ResourceWrite> writes = new ArrayList<>();
        List<BlobKey> kept = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            byte[] bytes = (big + "kept " + i).getBytes(StandardCharsets.UTF_8);
            kept.add(store.blobs().put(bytes));
            writes.add(write("http://x/" + i, "2024-01-01T00:00:00Z", big + "kept " + i));
        }
        store.commit(new CommitBatch("s1", null, writes, List.of(), null));

        GcReport report = store.gc(Duration.ZERO, 2);

        assertThat(report.deleted()).isEqualTo(5);
        assertThat(report.bytesFreed()).isEqualTo(5L * (big.length() + "orphan 0".length()));
        assertThat(kept).allSatisfy(k -> assertThat(store.largeBlobs().exists(k)).isTrue());
        assertThat(orphans).noneSatisfy(k -> assertThat(store.largeBlobs().exists(k)).isTrue());
    }

    @Test
    void gcKeepsFileBlobsYoungerThanTheGracePeriod() throws IOException {
        BlobKey young = store.blobs().put(new byte[store.smallBlobMaxBytes() + 10]);

        store.gc(Duration.ofHours(1));

        assertThat(store.blobs().exists(young)).isTrue();
    }

    @Test
    void gcKeepsAnOldBlobThatAPutFoundAlreadyStored() throws Exception {
        byte[] big = "reused ".repeat(store.smallBlobMaxBytes()).getBytes(StandardCharsets.UTF_8);
        BlobKey key = store.blobs().put(big);
        Thread.sleep(4000); // older than the grace below (an object store's write times have whole seconds)

        store.blobs().put(big);
        store.gc(Duration.ofSeconds(3));

        assertThat(store.largeBlobs().exists(key)).isTrue();
    }

    @Test
    void gcIgnoresAndPrunesPinsOlderThanTheGrace() throws Exception {
        byte[] big = "pinned long ago ".repeat(store.smallBlobMaxBytes()).getBytes(StandardCharsets.UTF_8);
        BlobKey key = store.blobs().put(big);
        store.blobs().put(big);
        store.db().write("age the pin", c -> c.createStatement().executeUpdate("UPDATE blob_pins SET pinned_at = 0"));

        store.gc(Duration.ZERO);

        assertThat(store.largeBlobs().exists(key)).isFalse();
        assertThat(rows("blob_pins")).isZero();
    }

    @Test
    void aPutThatFindsItsBlobWhileGcDeletesItStoresTheBytesAgain() throws Exception {
        byte[] big = "collected meanwhile ".repeat(store.smallBlobMaxBytes()).getBytes(StandardCharsets.UTF_8);
        BlobKey key = store.blobs().put(big);
        var executor = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            var put = store.db().write("gc's page, held", c -> {
                BlobPins.holdAgainstNewPins(c, store.db().sqlite());
                var inFlight = executor.submit(() -> store.blobs().put(big));
                try {
                    Thread.sleep(500);
                    assertThat(inFlight.isDone()).as("the put waits for gc's page to end").isFalse();
                    assertThat(store.largeBlobs().delete(key)).isTrue();
                } catch (InterruptedException | IOException e) {
                    throw new AssertionError(e);
                }
                return inFlight;
            });

            assertThat(put.get(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(key);
            assertThat(store.largeBlobs().exists(key)).isTrue();
            try (InputStream in = store.blobs().open(key)) {
                assertThat(in.readAllBytes()).isEqualTo(big);
            }
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aSecondGcIsRefusedWhileOneRuns() throws Exception {
        BlobKey orphan = store.blobs().put(new byte[store.smallBlobMaxBytes() + 10]);
        try (GcLock first = GcLock.take(store.db().config(), store.db().sqlite())) {
            assertThatThrownBy(() -> store.gc(Duration.ZERO))
                    .isInstanceOf(org.lexsync.engine.model.StoreException.class)
                    .hasMessageContaining("another gc is running");
        }
        assertThat(store.largeBlobs().exists(orphan)).isTrue();

        assertThat(store.gc(Duration.ZERO).deleted()).isEqualTo(1);
    }

    @Test
    void gcKeepsTheBlobsOfADeletedResourceThatItsEarlierJournalRowsName() throws IOException {
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "gone")),
                List.of(inline("gone")), null));
        commit(null, ResourceWrite.deletion("http://x/a", null));

        GcReport report = store.gc(Duration.ZERO);

        assertThat(report.deleted()).isZero();
        assertThat(store.blobs().exists(new BlobKey(sha256("gone".getBytes(StandardCharsets.UTF_8))))).isTrue();
    }

    @Test
    void gcKeepsTheLargeBlobOfASupersededVersion() throws IOException {
        String old = "version one ".repeat(store.smallBlobMaxBytes());
        BlobKey oldKey = store.blobs().put(old.getBytes(StandardCharsets.UTF_8));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", old)), List.of(),
                null));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-02-01T00:00:00Z", "version two")),
                List.of(inline("version two")), null));

        GcReport report = store.gc(Duration.ZERO);

        assertThat(report.deleted()).isZero();
        assertThat(store.largeBlobs().exists(oldKey)).isTrue();
    }

    @Test
    void theFirstGcRecordsTheBlobsOfJournalRowsWrittenBeforeTheyWereRecorded() throws Exception {
        String old = "written before V28 ".repeat(store.smallBlobMaxBytes());
        BlobKey oldKey = store.blobs().put(old.getBytes(StandardCharsets.UTF_8));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", old)), List.of(),
                null));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-02-01T00:00:00Z", "newer")),
                List.of(inline("newer")), null));
        store.db().write("forget the recorded blobs, as before V28", c -> {
            c.createStatement().executeUpdate("DELETE FROM journal_blobs");
            c.createStatement().executeUpdate("DELETE FROM journal_blobs_backfill");
            return c.createStatement().executeUpdate("INSERT INTO journal_blobs_backfill (upto) VALUES (2)");
        });

        store.gc(Duration.ZERO);

        assertThat(store.largeBlobs().exists(oldKey)).isTrue();
        assertThat(rows("journal_blobs_backfill")).as("the backfill is done once").isZero();
    }

    @Test
    void aCommitRecordsEachBlobWithTheFirstRowThatNamesIt() throws Exception {
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "shared")),
                List.of(inline("shared")), null));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/b", "2024-02-01T00:00:00Z", "shared")),
                List.of(inline("shared")), null));

        assertThat(firstSeq(sha("shared"))).isEqualTo(1L);
        assertThat(rows("journal_blobs_backfill")).as("nothing to backfill in a store born with V29").isZero();
        assertThat(store.journal().firstCollected(sha("never stored"))).isEmpty();
    }

    @Test
    void gcDatesTheBlobsRecordedBeforeTheirFirstRowsWere() throws Exception {
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "shared")),
                List.of(inline("shared")), null));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/a", "2024-02-01T00:00:00Z", "newer")),
                List.of(inline("newer")), null));
        store.commit(new CommitBatch("s1", null, List.of(write("http://x/b", "2024-03-01T00:00:00Z", "shared")),
                List.of(inline("shared")), null));
        List<JournalEntry> journal = new ArrayList<>();
        store.journal().forEachSince(0, null, 0, journal::add);
        store.db().write("forget the first rows, as before V29", c -> {
            c.createStatement().executeUpdate("UPDATE journal_blobs SET first_seq = NULL");
            c.createStatement().executeUpdate("UPDATE journal_blobs SET first_seq = 3 WHERE sha256 = '"
                    + sha("shared") + "'");   // as a later commit would record it when the table had none
            return c.createStatement().executeUpdate("INSERT INTO journal_blobs_backfill (upto) VALUES (3)");
        });
        assertThat(store.journal().firstCollected(sha("newer"))).as("before the backfill: by the journal")
                .hasValue(journal.get(1).collected());

        store.gc(Duration.ZERO);

        assertThat(firstSeq(sha("shared"))).isEqualTo(1L);
        assertThat(firstSeq(sha("newer"))).isEqualTo(2L);
        assertThat(store.journal().firstCollected(sha("shared"))).hasValue(journal.get(0).collected());
        assertThat(rows("journal_blobs_backfill")).isZero();
    }

    private static String sha(String content) {
        return sha256(content.getBytes(StandardCharsets.UTF_8));
    }

    private Long firstSeq(String sha256) {
        return store.db().read("read a first row", c -> {
            try (var st = c.prepareStatement("SELECT first_seq FROM journal_blobs WHERE sha256 = ?")) {
                st.setString(1, sha256);
                try (var rs = st.executeQuery()) {
                    return rs.next() ? (Long) rs.getObject(1, Long.class) : null;
                }
            }
        });
    }

    private int rows(String table) {
        return store.db().read("count " + table, c -> {
            try (var rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    @Test
    void journalSinceReturnsLaterRowsInOrderFilteredAndLimited() {
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"), write("http://x/b", "2024-01-01T00:00:00Z", "b"));
        store.commit(new CommitBatch("s2", null, List.of(write("http://y/c", "2024-01-01T00:00:00Z", "c")), null, null));
        commit(null, write("http://x/d", "2024-01-01T00:00:00Z", "d"));

        List<JournalEntry> since1 = new ArrayList<>();
        store.journal().forEachSince(1, "s1", 0, since1::add);
        List<JournalEntry> limited = new ArrayList<>();
        store.journal().forEachSince(0, null, 2, limited::add);

        assertThat(since1).extracting(JournalEntry::seq).containsExactly(2L, 4L);
        assertThat(limited).extracting(JournalEntry::seq).containsExactly(1L, 2L);
        assertThat(store.journal().count("s2")).isOne();
        assertThat(store.journal().lastSeq()).isEqualTo(4);
    }

    @Test
    void resourcesStreamWithTheirFilesPerSourceAndWithoutTombstones() {
        RepresentationState extra = new RepresentationState(URI.create("http://x/b.xml"), RepresentationRole.METADATA,
                "application/xml", 1, "0cc175b9c0f1b6a831c399e269772661", sha256("m".getBytes(StandardCharsets.UTF_8)),
                new BlobKey(sha256("m".getBytes(StandardCharsets.UTF_8))), null, "Mon, 01 Jan 2024 00:00:00 GMT", List.of());
        ResourceWrite b = write("http://x/b", "2024-01-01T00:00:00Z", "b");
        List<RepresentationState> reps = new ArrayList<>(b.representations());
        reps.add(extra);
        b = new ResourceWrite(b.uri(), false, b.sourceTimestamp(), "2023-12-31", b.title(), b.links(), reps);
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"), b, write("http://x/c", "2024-01-01T00:00:00Z", "c"));
        commit(null, ResourceWrite.deletion("http://x/c", null));
        store.commit(new CommitBatch("s2", null, List.of(write("http://y/z", "2024-01-01T00:00:00Z", "z")), null, null));

        List<ResourceState> s1 = new ArrayList<>();
        store.resources().forEach("s1", false, s1::add);
        List<ResourceState> all = new ArrayList<>();
        store.resources().forEach(null, true, all::add);

        assertThat(s1).extracting(ResourceState::uri).containsExactly("http://x/a", "http://x/b");
        assertThat(s1.get(1).representations()).extracting(RepresentationState::role)
                .containsExactly(RepresentationRole.PRIMARY, RepresentationRole.METADATA);
        assertThat(s1.get(1).published()).isEqualTo("2023-12-31");
        assertThat(s1.get(0).representations()).hasSize(1);
        assertThat(all).extracting(ResourceState::uri)
                .containsExactly("http://x/a", "http://x/b", "http://x/c", "http://y/z");
        assertThat(all.get(3).representations()).hasSize(1);
    }

    @Test
    void activeUrisOfOneSourceAreStreamedInOrderWithoutTombstones() {
        commit(null, write("http://x/b", "2024-01-01T00:00:00Z", "b"), write("http://x/a", "2024-01-01T00:00:00Z", "a"),
                write("http://x/c", "2024-01-01T00:00:00Z", "c"));
        commit(null, ResourceWrite.deletion("http://x/c", null));
        store.commit(new CommitBatch("s2", null, List.of(write("http://y/z", "2024-01-01T00:00:00Z", "z")), null, null));

        List<String> uris = new ArrayList<>();
        store.resources().forEachActiveUri("s1", uris::add);

        assertThat(uris).containsExactly("http://x/a", "http://x/b");
    }

    @Test
    void manyResourcesAreReadInOneCallWithTheirFiles() {
        List<ResourceWrite> writes = new ArrayList<>();
        List<String> uris = new ArrayList<>();
        for (int i = 0; i < 1200; i++) {
            writes.add(write("http://x/" + i, "2024-01-01T00:00:00Z", "c" + i));
            uris.add("http://x/" + i);
        }
        store.commit(new CommitBatch("s1", null, writes, null, null));
        commit(null, ResourceWrite.deletion("http://x/7", null));
        uris.add("http://x/missing");

        Map<String, ResourceState> found = store.resources().getAll("s1", uris);

        assertThat(found).hasSize(1200);
        assertThat(found.get("http://x/7").active()).isFalse();
        assertThat(found.get("http://x/1199").representations()).singleElement()
                .satisfies(r -> assertThat(r.sha256()).isEqualTo(sha256("c1199".getBytes(StandardCharsets.UTF_8))));
        assertThat(store.resources().getAll("s2", uris)).isEmpty();
    }

    @Test
    void urisWithQuotesBackslashesControlAndNonAsciiCharactersAreLookedUpExactly() {
        List<String> odd = List.of("http://x/a\"b", "http://x/back\\slash", "http://x/tab\tname",
                "http://x/gr\u00fc\u00dfe/\u6cd5", "http://x/plain");
        List<ResourceWrite> writes = new ArrayList<>();
        for (String uri : odd) {
            // resource keys are the source's identifiers, which need not be valid URIs (e.g. sloppy Atom ids)
            ResourceWrite w = write("http://x/file", "2024-01-01T00:00:00Z", "body of " + uri);
            writes.add(new ResourceWrite(uri, false, w.sourceTimestamp(), null, null, List.of(), w.representations()));
        }
        store.commit(new CommitBatch("s1", null, writes, null, null));

        Map<String, ResourceState> found = store.resources().getAll("s1", odd);
        List<WriteOutcome> again = store.commit(new CommitBatch("s1", null, writes, null, null));

        assertThat(found).containsOnlyKeys(odd);
        assertThat(again).allSatisfy(o -> assertThat(o.unchanged()).isTrue());
        assertThat(store.resources().getAll("s1", List.of("http://x/a"))).isEmpty();
    }

    @Test
    void sourcesAreSavedReplacedAndListed() {
        store.sources().put(new SourceRecord("eu", "eli", List.of("https://e/sitemap.xml", "https://e/feed"),
                "PT1H", "delay=5s", false, "ops@e.example"));
        store.sources().put(new SourceRecord("eu", "eli", List.of("https://e/sitemap.xml"), null, null, true, null));
        store.sources().put(new SourceRecord("a", "sitemap", List.of(), null, null, false, null));

        assertThat(store.sources().get("eu")).contains(
                new SourceRecord("eu", "eli", List.of("https://e/sitemap.xml"), null, null, true, null));
        assertThat(store.sources().list()).extracting(SourceRecord::id).containsExactly("a", "eu");
        assertThat(store.sources().get("none")).isEmpty();
    }

    @Test
    void aCheckpointCanMoveWithoutChanges() {
        assertThat(store.sources().checkpoint("s1")).isEmpty();
        store.sources().setCheckpoint("s1", "2024-05-01T00:00:00Z");
        assertThat(store.sources().checkpoint("s1")).contains("2024-05-01T00:00:00Z");
    }

    @Test
    void runsRecordTheirCountsAndFindings() {
        long first = store.runs().start("s1");
        long second = store.runs().start("s1");
        store.runs().finish(first, RunStatus.FINISHED_WITH_FAILURES, new RunCounts(3, 2, 1, 4, 1), null);
        store.runs().addFindings(first, null, List.of(
                new Finding(Severity.ERROR, "sitemaps:limits/entries", "too many", 3, 4)));
        store.runs().addFindings(first, "http://x/a", List.of(
                new Finding(Severity.WARNING, "rs:12.1/forward-order", "backwards", 0, 0)));

        RunRecord r = store.runs().get(first).orElseThrow();
        assertThat(second).isGreaterThan(first);
        assertThat(r.status()).isEqualTo(RunStatus.FINISHED_WITH_FAILURES);
        assertThat(r.counts()).isEqualTo(new RunCounts(3, 2, 1, 4, 1));
        assertThat(r.ended()).isNotNull();
        assertThat(store.runs().latest("s1", 10)).extracting(RunRecord::id).containsExactly(second, first);
        assertThat(store.runs().findings(first)).extracting(f -> f.finding().rule())
                .containsExactly("sitemaps:limits/entries", "rs:12.1/forward-order");
        assertThat(store.runs().findings(first).get(1).resourceUri()).isEqualTo("http://x/a");
    }

    @Test
    void aRunsCountsGrowWithEachCommittedBatch() {
        long run = store.runs().start("s1");
        store.commit(new CommitBatch("s1", run, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "a"),
                write("http://x/b", "2024-01-01T00:00:00Z", "b")), List.of(), "1"));
        store.commit(new CommitBatch("s1", run, List.of(write("http://x/a", "2024-01-02T00:00:00Z", "a2"),
                write("http://x/b", "2024-01-01T00:00:00Z", "b"), ResourceWrite.deletion("http://x/c", null)), List.of(), "2"));

        RunRecord r = store.runs().get(run).orElseThrow();
        assertThat(r.status()).isEqualTo(RunStatus.RUNNING);
        assertThat(r.counts()).isEqualTo(new RunCounts(2, 1, 0, 2, 0));
    }

    @Test
    void finishingARunNeverLowersTheCountsItsBatchesCommitted() {
        long run = store.runs().start("s1");
        store.commit(new CommitBatch("s1", run, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "a")), List.of(), "1"));

        store.runs().finish(run, RunStatus.ABORTED, RunCounts.ZERO, "stopped");

        assertThat(store.runs().get(run).orElseThrow().counts()).isEqualTo(new RunCounts(1, 0, 0, 0, 0));
    }

    @Test
    void aRunOfThisProcessIsRunningAndAnInterruptMarksItWithWhatItCommitted() {
        Instant before = Instant.now();
        long run = store.runs().start("s1");
        store.commit(new CommitBatch("s1", run, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "a")), List.of(), "1"));
        assertThat(store.runs().interruptOrphans()).isZero();

        store.failures().record("s1", "http://x/b", "http://x/b.pdf", "http-status", "HTTP 500", run,
                Instant.now().plusSeconds(60));

        List<RunRecord> marked = store.runs().interruptHeld(before, "stopped by SIGTERM");

        assertThat(marked).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo(run);
            assertThat(r.status()).isEqualTo(RunStatus.INTERRUPTED);
            assertThat(r.counts()).isEqualTo(new RunCounts(1, 0, 0, 0, 1));
            assertThat(r.error()).isEqualTo("stopped by SIGTERM");
            assertThat(r.ended()).isNotNull();
        });
    }

    @Test
    void aRunWhoseHolderDiedWhileTheStoreWasOpenIsStoredInterruptedEndedAtItsLastBatch() throws Exception {
        long run = store.runs().start("s1");
        store.commit(new CommitBatch("s1", run, List.of(write("http://x/a", "2024-01-01T00:00:00Z", "a")), List.of(), "1"));
        Instant committed = store.runs().get(run).orElseThrow().started();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        try (java.sql.Connection c = store.schedulerDataSource().getConnection();
             java.sql.PreparedStatement st = c.prepareStatement("UPDATE runs SET holder_pid = ? WHERE id = ?")) {
            st.setLong(1, gone.pid()); // as if another process on this host held it and was killed
            st.setLong(2, run);
            assertThat(st.executeUpdate()).isEqualTo(1);
        }

        RunRecord read = store.runs().latest("s1", 1).get(0);

        assertThat(read.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(read.ended()).as("a finish time, not a duration that keeps growing").isNotNull()
                .isAfterOrEqualTo(committed).isBeforeOrEqualTo(Instant.now());
        assertThat(read.error()).contains("ended without finishing the run");
        assertThat(store.runs().get(run).orElseThrow().ended()).as("stored, not computed per read")
                .isEqualTo(read.ended());
        try (java.sql.Connection c = store.schedulerDataSource().getConnection();
             java.sql.PreparedStatement st = c.prepareStatement("SELECT status, ended_at FROM runs WHERE id = ?")) {
            st.setLong(1, run);
            try (java.sql.ResultSet rs = st.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("interrupted");
                assertThat(rs.getString(2)).isNotNull();
            }
        }
    }

    @Test
    void itemFailuresCountTriesAndAreClearedByASuccessfulCommit() {
        Instant next = Instant.parse("2030-01-01T00:00:00Z");
        store.failures().record("s1", "http://x/a", "http://x/a.pdf", "http-status", "503", null, next);
        store.failures().record("s1", "http://x/a", "http://x/a.pdf", "hash-mismatch", "md5", null, next);
        store.failures().record("s1", "http://x/b", null, "io", "reset", null, null);

        assertThat(store.failures().list("s1")).filteredOn(f -> f.resourceUri().equals("http://x/a"))
                .singleElement().satisfies(f -> {
                    assertThat(f.tries()).isEqualTo(2);
                    assertThat(f.reason()).isEqualTo("hash-mismatch");
                    assertThat(f.nextTry()).isEqualTo(next);
                });
        commit(null, write("http://x/a", "2024-01-01T00:00:00Z", "a"));
        assertThat(store.failures().list("s1")).extracting(ItemFailure::resourceUri).containsExactly("http://x/b");
    }

    @Test
    void changesThatNeededNoWriteCountAsUnchangedInTheRunWhenTheirBatchCommits() {
        long run = store.runs().start("s1");

        store.commit(new CommitBatch("s1", run, java.util.List.of(), java.util.List.of(), "cp-1", 3));

        assertThat(store.runs().get(run).orElseThrow().counts().unchanged()).isEqualTo(3);
        assertThat(store.sources().checkpoint("s1")).contains("cp-1");
    }

    @Test
    void failuresWithAStoredChangeAreDueForRetryUnlessQuarantinedAndWaiting() {
        Instant now = Instant.parse("2030-01-01T00:00:00Z");
        store.failures().record(new ItemFailures.FailedAttempt("s1", "http://x/skipped", null, "http-status", "503",
                1L, now.plusSeconds(900), FailureStatus.SKIPPED, 1, "change-a"));
        store.failures().record(new ItemFailures.FailedAttempt("s1", "http://x/waiting", null, "http-status", "404",
                1L, now.plusSeconds(900), FailureStatus.QUARANTINED, 3, "change-b"));
        store.failures().record(new ItemFailures.FailedAttempt("s1", "http://x/due", null, "http-status", "404",
                1L, now.minusSeconds(1), FailureStatus.QUARANTINED, 3, "change-c"));
        store.failures().record(new ItemFailures.FailedAttempt("s1", "http://x/held", null, "http-status", "404",
                1L, now.minusSeconds(1), FailureStatus.HELD, 1, null));

        assertThat(store.failures().due("s1", 2, now, 100)).extracting(ItemFailures.Retry::resourceUri)
                .containsExactlyInAnyOrder("http://x/skipped", "http://x/due");
        assertThat(store.failures().due("s1", 1, now, 100)).as("not retried by the run that recorded them").isEmpty();
        ItemFailures.Open open = store.failures().open("s1", 2, now, 100);
        assertThat(open.due()).as("open() chooses as due() does").isEqualTo(store.failures().due("s1", 2, now, 100));
        assertThat(open.failures()).as("and lists as list() does").isEqualTo(store.failures().list("s1"));
        assertThat(store.failures().open("s1", 2, now, 1).due()).hasSize(1);
        assertThat(store.failures().open("s1", 1, now, 100).due()).isEmpty();
        assertThat(store.failures().quarantined("s1")).isEqualTo(2);
        assertThat(store.failures().get("s1", "http://x/due").orElseThrow().status())
                .isEqualTo(FailureStatus.QUARANTINED);

        store.failures().clearAll("s1", java.util.List.of("http://x/due", "http://x/skipped"));
        assertThat(store.failures().list("s1")).extracting(ItemFailure::resourceUri)
                .containsExactlyInAnyOrder("http://x/waiting", "http://x/held");
    }

    @Test
    void aFailureRecordedAgainKeepsItsFirstTimeAndStoredChange() {
        store.failures().record(new ItemFailures.FailedAttempt("s1", "http://x/a", null, "http-status", "503",
                1L, null, FailureStatus.SKIPPED, 1, "change-a"));
        Instant first = store.failures().get("s1", "http://x/a").orElseThrow().firstFailed();
        store.failures().record(new ItemFailures.FailedAttempt("s1", "http://x/a", null, "hash-mismatch", "md5",
                2L, null, FailureStatus.QUARANTINED, 2, null));

        assertThat(store.failures().get("s1", "http://x/a")).hasValueSatisfying(f -> {
            assertThat(f.firstFailed()).isEqualTo(first);
            assertThat(f.tries()).isEqualTo(2);
            assertThat(f.reason()).isEqualTo("hash-mismatch");
        });
        assertThat(store.failures().due("s1", 3, Instant.now(), 10)).singleElement()
                .satisfies(r -> assertThat(r.change()).isEqualTo("change-a"));
    }

    @Test
    void oneResourcesFailureIsReadByItsUri() {
        store.failures().record("s1", "http://x/a", null, "http-status", "404", null, null);
        store.failures().record("s1", "http://x/a", null, "http-status", "404", null, null);
        store.failures().record("s2", "http://x/a", null, "io", "reset", null, null);

        assertThat(store.failures().get("s1", "http://x/a")).hasValueSatisfying(f -> {
            assertThat(f.tries()).isEqualTo(2);
            assertThat(f.sourceId()).isEqualTo("s1");
        });
        assertThat(store.failures().get("s1", "http://x/b")).isEmpty();
    }

    @Test
    void theFetchCacheKeepsValidatorsPerUrl() {
        store.fetchCache().put(new FetchCacheEntry("http://x/sitemap.xml", "\"v1\"", null, 200, null, null));
        store.fetchCache().put(new FetchCacheEntry("http://x/sitemap.xml", "\"v2\"", "Tue, 02 Jan 2024 00:00:00 GMT",
                304, null, Instant.parse("2024-01-02T00:00:00Z")));

        FetchCacheEntry e = store.fetchCache().get("http://x/sitemap.xml").orElseThrow();
        assertThat(e.etag()).isEqualTo("\"v2\"");
        assertThat(e.lastStatus()).isEqualTo(304);
        assertThat(e.fetched()).isEqualTo(Instant.parse("2024-01-02T00:00:00Z"));
        assertThat(store.fetchCache().get("http://x/other")).isEmpty();
    }

    @Test
    void openingAMissingBlobIsATypedError() {
        BlobKey key = new BlobKey("0".repeat(64));
        assertThatThrownBy(() -> store.blobs().open(key)).isInstanceOf(NoSuchBlobException.class);
    }

    @Test
    void journalRowsAreNumberedWithoutGapsAcrossBatches() {
        for (int i = 0; i < 5; i++) {
            List<ResourceWrite> writes = new ArrayList<>();
            for (int j = 0; j < 20; j++) {
                writes.add(write("http://x/" + i + "/" + j, "2024-01-01T00:00:00Z", i + "/" + j));
            }
            store.commit(new CommitBatch("s1", null, writes, null, "b" + i));
        }
        assertThat(journal()).extracting(JournalEntry::seq)
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 100).boxed().toList());
        assertThat(store.resources().count("s1", false)).isEqualTo(100);
    }

    static Path write(Path file, String content) throws IOException {
        return Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
