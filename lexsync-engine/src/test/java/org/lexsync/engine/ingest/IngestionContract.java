package org.lexsync.engine.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.LexSync;
import org.lexsync.fixture.documentgroup.GroupFixture;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.GroupUpload;
import org.lexsync.engine.model.IngestError;
import org.lexsync.engine.model.IngestLogEntry;
import org.lexsync.engine.model.IngestResult;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;

/**
 * The ingestion service's engine part on real ZIP files and a real store (EUCases D2.1 §3.2 "Service workflow",
 * issue 18 "Semantics"), run once per database by the subclasses.
 */
abstract class IngestionContract {
    @TempDir
    Path dir;

    LexSync lexsync;

    abstract LexSync open(Path dataDir);

    @BeforeEach
    void openStore() {
        lexsync = open(dir.resolve("data"));
    }

    @AfterEach
    void closeStore() {
        lexsync.close();
    }

    IngestResult send(GroupFixture g) throws Exception {
        return lexsync.ingestion().ingest(GroupUpload.of(g.writeMetaInfo(dir), g.writeZip(dir), GroupFixture.CRAWLER, "127.0.0.1"));
    }

    List<JournalEntry> journal() {
        List<JournalEntry> out = new ArrayList<>();
        lexsync.store().journal(0, null, 1000, out::add);
        return out;
    }

    @Test
    void anAddStoresEveryDocumentAsAResourceOfTheCrawlerWithMd5AndSha256() throws Exception {
        IngestResult r = send(GroupFixture.decision());

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        assertThat(r.counts().created()).isEqualTo(2);
        List<JournalEntry> journal = journal();
        assertThat(journal).hasSize(2).allMatch(e -> e.kind() == ChangeKind.CREATED
                && e.sourceId().equals(GroupFixture.CRAWLER));
        GroupFixture.Doc html = GroupFixture.html();
        JournalEntry first = journal.get(0);
        assertThat(first.resourceUri()).isEqualTo(html.url());
        assertThat(first.checksums().get(HashAlgorithm.MD5)).hasValueSatisfying(d -> assertThat(d.hex())
                .isEqualTo(html.md5()));
        assertThat(first.checksums().get(HashAlgorithm.SHA_256)).hasValueSatisfying(d -> assertThat(d.hex())
                .isEqualTo(HashAlgorithm.SHA_256.hex(html.bytes())));
        ResourceState state = lexsync.store().resource(GroupFixture.CRAWLER, html.url()).orElseThrow();
        assertThat(state.representations().get(0).mediaType()).isEqualTo("text/html");
        try (var in = lexsync.store().openBlob(state.representations().get(0).blobKey())) {
            assertThat(in.readAllBytes()).isEqualTo(html.bytes());
        }
        assertThat(lexsync.store().storedSource(GroupFixture.CRAWLER)).hasValueSatisfying(s -> assertThat(s.protocol())
                .isEqualTo(Ingestion.PROTOCOL));
    }

    @Test
    void aGroupIsOneTransactionAndOneRun() throws Exception {
        send(GroupFixture.decision());

        assertThat(journal()).extracting(JournalEntry::runId).containsOnly(journal().get(0).runId());
        assertThat(lexsync.store().runs(GroupFixture.CRAWLER, 10)).hasSize(1);
    }

    @Test
    void anIdenticalReSendIsUnchangedAndAddsNothing() throws Exception {
        send(GroupFixture.decision());

        IngestResult again = send(GroupFixture.decision());

        assertThat(again.outcome()).isEqualTo(IngestResult.Outcome.UNCHANGED);
        assertThat(journal()).hasSize(2);
        assertThat(lexsync.store().runs(GroupFixture.CRAWLER, 10)).hasSize(1);
    }

    @Test
    void anUpdDeletesDocumentsNoLongerInTheGroupUpdatesChangedOnesAndLeavesUnchangedOnesWithoutARow()
            throws Exception {
        send(GroupFixture.decision());
        GroupFixture.Doc changed = GroupFixture.html().withBytes("<html><body>berichtigt</body></html>").withOp("Upd");
        GroupFixture.Doc annex = new GroupFixture.Doc("annex.pdf", "9a1b2c3d-0000-4000-8000-00000000000a", "Add",
                "http://www.bverwg.de/annex.pdf", "%PDF-1.4 annex".getBytes(StandardCharsets.UTF_8),
                "application/pdf");
        GroupFixture upd = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).op("Upd")
                .date("2014-02-01T10:00:00").doc(changed).doc(annex);

        IngestResult r = send(upd);

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        List<JournalEntry> after = journal().subList(2, journal().size());
        assertThat(after).extracting(JournalEntry::resourceUri, JournalEntry::kind).containsExactly(
                org.assertj.core.groups.Tuple.tuple(changed.url(), ChangeKind.UPDATED),
                org.assertj.core.groups.Tuple.tuple(annex.url(), ChangeKind.CREATED),
                org.assertj.core.groups.Tuple.tuple(GroupFixture.seal().url(), ChangeKind.DELETED));
    }

    @Test
    void anUpdThatChangesNoBytesAddsNoJournalRow() throws Exception {
        send(GroupFixture.decision());
        GroupFixture same = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).op("Upd")
                .date("2014-03-01T00:00:00").doc(GroupFixture.html().withOp("None"))
                .doc(GroupFixture.seal().withOp("None"));

        IngestResult r = send(same);

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        assertThat(r.counts().created() + r.counts().updated() + r.counts().deleted()).isZero();
        assertThat(journal()).hasSize(2);
    }

    @Test
    void aDelDeletesTheGroupsDocumentsAndItsReSendIsUnchanged() throws Exception {
        send(GroupFixture.decision());
        GroupFixture del = GroupFixture.decision().op("Del");

        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(del.writeMetaInfo(dir), null, GroupFixture.CRAWLER, null));
        IngestResult again = lexsync.ingestion().ingest(GroupUpload.of(del.writeMetaInfo(dir), null, GroupFixture.CRAWLER, null));

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        assertThat(r.counts().deleted()).isEqualTo(2);
        assertThat(again.outcome()).isEqualTo(IngestResult.Outcome.UNCHANGED);
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isZero();
    }

    @Test
    void anAddAfterADelIsAccepted() throws Exception {
        send(GroupFixture.decision());
        lexsync.ingestion().ingest(GroupUpload.of(GroupFixture.decision().op("Del").writeMetaInfo(dir), null, null, null));

        IngestResult r = send(GroupFixture.decision().date("2015-01-01T00:00:00"));

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        assertThat(lexsync.store().resourceCount(GroupFixture.CRAWLER)).isEqualTo(2);
    }

    @Test
    void aDocumentSharedByTwoGroupsStaysUntilNoGroupHoldsIt() throws Exception {
        send(GroupFixture.decision());
        GroupFixture other = GroupFixture.empty(GroupFixture.CRAWLER, "5b7e3a10-1111-4222-8333-944455556666")
                .doc(new GroupFixture.Doc("other.html", "6c8f4b21-2222-4333-9444-a55566667777", "Add",
                        "http://www.bverwg.de/other.html", "<html>other</html>".getBytes(StandardCharsets.UTF_8),
                        "text/html")).doc(GroupFixture.seal());
        send(other);

        lexsync.ingestion().ingest(GroupUpload.of(GroupFixture.decision().op("Del").writeMetaInfo(dir), null, null, null));

        assertThat(lexsync.store().resource(GroupFixture.CRAWLER, GroupFixture.seal().url()))
                .hasValueSatisfying(s -> assertThat(s.active()).isTrue());
        assertThat(lexsync.store().resource(GroupFixture.CRAWLER, GroupFixture.html().url()))
                .hasValueSatisfying(s -> assertThat(s.active()).isFalse());
    }

    @Test
    void aPackagedUploadCarriesItsMetaInfoInsideTheZip() throws Exception {
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.packaged(GroupFixture.decision().writePackage(dir),
                GroupFixture.CRAWLER, null));

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        assertThat(r.counts().created()).isEqualTo(2);
    }

    @Test
    void aMetaInfoInUtf16WithAByteOrderMarkIsRead() throws Exception {
        GroupFixture g = GroupFixture.decision();
        Path meta = g.writeMetaInfo(dir, StandardCharsets.UTF_16);
        assertThat(Files.readAllBytes(meta)).startsWith((byte) 0xFE, (byte) 0xFF);

        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(meta, g.writeZip(dir), null, null));

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
    }

    @Test
    void aGroupWithoutTheTypeAttributeIsAccepted() throws Exception {
        assertThat(send(GroupFixture.decision().withoutType()).outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
    }

    @Test
    void everyCallIsLoggedWithItsOutcome() throws Exception {
        send(GroupFixture.decision());
        send(GroupFixture.decision());
        send(GroupFixture.decision().op("None"));

        List<IngestLogEntry> log = lexsync.ingestion().ingestLog(null, null, 10);

        assertThat(log).extracting(IngestLogEntry::outcome).containsExactly("rejected", "unchanged", "accepted");
        assertThat(log.get(0).errorClass()).isEqualTo("OperationNone");
        assertThat(log.get(2).changes()).isEqualTo(2);
        assertThat(log.get(2).groupId()).isEqualTo(GroupFixture.GROUP);
        assertThat(log.get(2).crawler()).isEqualTo(GroupFixture.CRAWLER);
        assertThat(log.get(2).remote()).isEqualTo("127.0.0.1");
        assertThat(log.get(2).zipLength()).isPositive();
        assertThat(lexsync.ingestion().ingestLog("nobody", null, 10)).isEmpty();
    }

    // --- refusals (issue 18 "Validation in this order"); a refused group stores nothing ---

    IngestError refused(IngestResult r) {
        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.REJECTED);
        assertThat(journal()).as("nothing stored").noneMatch(e -> e.resourceUri().contains("ent=300113B9B51")
                && e.seq() > lastSeqBefore);
        return r.error();
    }

    long lastSeqBefore;

    IngestError refusal(String metaInfo, Path zip) throws Exception {
        lastSeqBefore = lexsync.store().lastSeq();
        Path meta = Files.writeString(Files.createTempFile(dir, "m", ".xml"), metaInfo);
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(meta, zip, GroupFixture.CRAWLER, null));
        assertThat(lexsync.store().lastSeq()).as("a refused group stores nothing").isEqualTo(lastSeqBefore);
        return refused(r);
    }

    IngestError refusal(GroupFixture g) throws Exception {
        return refusal(g.metaInfo(), g.writeZip(dir));
    }

    @Test
    void malformedXmlIsRefusedWithItsLine() throws Exception {
        IngestError e = refusal(GroupFixture.decision().metaInfo().replace("</documentgroup>", "</documentgrup>"),
                GroupFixture.decision().writeZip(dir));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.MALFORMED_XML);
        assertThat(e.line()).isEqualTo(9);
    }

    @Test
    void aDoctypeIsRefusedAsHostile() throws Exception {
        IngestError e = refusal(GroupFixture.decision().metaInfo().replace("<documentgroup ",
                "<!DOCTYPE documentgroup [<!ENTITY x \"y\">]>\n<documentgroup "), GroupFixture.decision().writeZip(dir));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.MALFORMED_XML);
    }

    @Test
    void anElementTheSchemaDoesNotKnowIsASchemaViolation() throws Exception {
        IngestError e = refusal(GroupFixture.decision().metaInfo().replace("</documentgroup>",
                "  <annex/>\n</documentgroup>"), GroupFixture.decision().writeZip(dir));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.SCHEMA);
        assertThat(e.line()).isEqualTo(9);
    }

    @Test
    void aBadGuidIsRefusedWithItsPlace() throws Exception {
        GroupFixture g = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).doc(GroupFixture.html())
                .doc(new GroupFixture.Doc("x.html", "not-a-guid", "Add", "http://x.example/x", new byte[]{1}, "text/html"));
        IngestError e = refusal(g);
        assertThat(e.kind()).isEqualTo(IngestError.Kind.INVALID_GUID);
        assertThat(e.line()).isEqualTo(8); // the schema validator places it at the end of the start tag
        assertThat(e.column()).isPositive();
    }

    @Test
    void anUnknownFormatIsRefused() throws Exception {
        GroupFixture g = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP)
                .doc(new GroupFixture.Doc("a.docx", "6c8f4b21-2222-4333-9444-a55566667777", "Add",
                        "http://x.example/a.docx", new byte[]{1}, "application/msword"));
        assertThat(refusal(g).kind()).isEqualTo(IngestError.Kind.UNKNOWN_FORMAT);
    }

    @Test
    void aMissingAttributeIsRefusedWithItsPlace() throws Exception {
        GroupFixture g = GroupFixture.decision();
        IngestError e = refusal(g.metaInfo().replace(" md5=\"" + GroupFixture.seal().md5() + "\"", ""),
                g.writeZip(dir));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.MISSING_ATTRIBUTE);
        assertThat(e.message()).contains("md5");
        assertThat(e.line()).isEqualTo(8);
    }

    @Test
    void aGroupOfAnotherCrawlerThanTheUploadersIsRefused() throws Exception {
        GroupFixture g = GroupFixture.decision();
        lastSeqBefore = lexsync.store().lastSeq();
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(g.writeMetaInfo(dir), g.writeZip(dir), "SomeoneElse", null));
        assertThat(refused(r).kind()).isEqualTo(IngestError.Kind.WRONG_CRAWLER);
    }

    @Test
    void aGroupIdentifierOwnedByAnotherCrawlerIsRefused() throws Exception {
        send(GroupFixture.decision());
        lastSeqBefore = lexsync.store().lastSeq();
        GroupFixture mine = GroupFixture.empty("OtherCrawler", GroupFixture.GROUP).op("Upd").doc(GroupFixture.html());
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(mine.writeMetaInfo(dir), mine.writeZip(dir), "OtherCrawler",
                null));
        assertThat(refused(r).kind()).isEqualTo(IngestError.Kind.WRONG_CRAWLER);
    }

    @Test
    void anAddWithoutZipIsRefusedWithTheServicesMessage() throws Exception {
        GroupFixture g = GroupFixture.decision();
        lastSeqBefore = lexsync.store().lastSeq();
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(g.writeMetaInfo(dir), null, GroupFixture.CRAWLER, null));
        IngestError e = refused(r);
        assertThat(e.kind()).isEqualTo(IngestError.Kind.EMPTY_ZIP);
        assertThat(e.message()).isEqualTo("ZipData length is zero, document identifier: " + GroupFixture.GROUP
                + " and Operation: Add");
    }

    @Test
    void anUpdWithAnEmptyZipIsRefused() throws Exception {
        send(GroupFixture.decision());
        GroupFixture g = GroupFixture.decision().op("Upd");
        IngestError e = refusal(g.metaInfo(), Files.createTempFile(dir, "empty", ".zip"));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.EMPTY_ZIP);
    }

    @Test
    void anAddOfAnExistingGroupIsRefused() throws Exception {
        send(GroupFixture.decision());
        GroupFixture changed = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP)
                .doc(GroupFixture.html().withBytes("changed"));
        IngestError exists = refusal(changed);
        assertThat(exists.kind()).isEqualTo(IngestError.Kind.GROUP_EXISTS);
        assertThat(exists.message()).isEqualTo("There is a document identifier: " + GroupFixture.GROUP
                + ". You can't use Operation: Add");
    }

    @Test
    void anUpdOfAnUnknownGroupIsRefused() throws Exception {
        IngestError e = refusal(GroupFixture.decision().op("Upd"));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.UNKNOWN_GROUP);
        assertThat(e.message()).isEqualTo("No document identifier: " + GroupFixture.GROUP
                + ". You can't use Operation: Upd");
    }

    @Test
    void aDelOfAnUnknownGroupIsRefused() throws Exception {
        lastSeqBefore = lexsync.store().lastSeq();
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.of(GroupFixture.decision().op("Del").writeMetaInfo(dir), null,
                null, null));
        assertThat(refused(r).kind()).isEqualTo(IngestError.Kind.UNKNOWN_GROUP);
    }

    @Test
    void aGroupWithOperationNoneIsRefused() throws Exception {
        assertThat(refusal(GroupFixture.decision().op("None")).kind()).isEqualTo(IngestError.Kind.OPERATION_NONE);
    }

    @Test
    void aDocumentWhoseFileIsNotInTheZipIsRefusedWithItsPlace() throws Exception {
        GroupFixture g = GroupFixture.decision();
        IngestError e = refusal(g.metaInfo(), GroupFixture.zipWithEntry(dir, GroupFixture.html().file(),
                GroupFixture.html().bytes()));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.FILE_MISSING);
        assertThat(e.message()).contains(GroupFixture.seal().file()).doesNotContain(dir.toString());
        assertThat(e.line()).isEqualTo(7);
    }

    @Test
    void aFileWhoseMd5DoesNotMatchIsRefusedWithItsPlace() throws Exception {
        GroupFixture g = GroupFixture.decision();
        IngestError e = refusal(g.metaInfo(), GroupFixture.zipWithEntry(dir, GroupFixture.html().file(),
                "tampered".getBytes(StandardCharsets.UTF_8)));
        assertThat(e.kind()).isEqualTo(IngestError.Kind.FILE_MISSING); // the seal is missing too: earlier class
        GroupFixture one = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).doc(GroupFixture.html());
        IngestError md5 = refusal(one.metaInfo(), GroupFixture.zipWithEntry(dir, GroupFixture.html().file(),
                "tampered".getBytes(StandardCharsets.UTF_8)));
        assertThat(md5.kind()).isEqualTo(IngestError.Kind.MD5_MISMATCH);
        assertThat(md5.line()).isEqualTo(5);
    }

    @Test
    void aZipEntryThatClimbsOutOfThePackageIsRefused() throws Exception {
        GroupFixture one = GroupFixture.empty(GroupFixture.CRAWLER, GroupFixture.GROUP).doc(GroupFixture.html());
        Path zip = GroupFixture.zipWithEntries(dir, java.util.Map.of(GroupFixture.html().file(),
                GroupFixture.html().bytes(), "../../etc/cron.d/evil", new byte[]{1}));
        IngestError e = refusal(one.metaInfo(), zip);
        assertThat(e.kind()).isEqualTo(IngestError.Kind.UNSAFE_ZIP);
        assertThat(e.message()).contains("../../etc/cron.d/evil");
    }

    @Test
    void bytesThatAreNoZipAreRefused() throws Exception {
        GroupFixture g = GroupFixture.decision();
        Path notZip = Files.write(Files.createTempFile(dir, "x", ".zip"), new byte[]{'P', 'K', 3, 4, 0, 0, 0});
        IngestError e = refusal(g.metaInfo(), notZip);
        assertThat(e.kind()).isEqualTo(IngestError.Kind.UNSAFE_ZIP);
    }

    @Test
    void aPackageWithoutMetaInfoIsRefused() throws Exception {
        lastSeqBefore = lexsync.store().lastSeq();
        IngestResult r = lexsync.ingestion().ingest(GroupUpload.packaged(GroupFixture.decision().writeZip(dir), null, null));
        assertThat(refused(r).kind()).isEqualTo(IngestError.Kind.NO_METAINFO);
    }

    @Test
    void aDocumentLargerThanTheInlineSizeIsPutBeforeTheTurnStoredWholeAndLeavesNoTempFile() throws Exception {
        byte[] big = new byte[200_000];
        java.util.Random random = new java.util.Random(31);
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) ('a' + random.nextInt(26));
        }
        GroupFixture.Doc large = new GroupFixture.Doc("large.html", "9a1b2c3d-0000-4000-8000-00000000000b", "Add",
                "http://www.bverwg.de/large.html", big, "text/html");

        IngestResult r = send(GroupFixture.decision().doc(large));

        assertThat(r.outcome()).isEqualTo(IngestResult.Outcome.ACCEPTED);
        assertThat(r.counts().created()).isEqualTo(3);
        ResourceState state = lexsync.store().resource(GroupFixture.CRAWLER, large.url()).orElseThrow();
        assertThat(state.representations().get(0).sha256()).isEqualTo(HashAlgorithm.SHA_256.hex(big));
        try (var in = lexsync.store().openBlob(state.representations().get(0).blobKey())) {
            assertThat(in.readAllBytes()).isEqualTo(big);
        }
        try (var left = Files.list(dir.resolve("data").resolve("tmp"))) {
            assertThat(left).isEmpty(); // the extracted file and its hard link are gone
        }
    }
}
