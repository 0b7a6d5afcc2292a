package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.core.atom.AtomSchema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.atom.AtomDate;
import org.lexsync.core.atom.AtomFeed;
import org.lexsync.core.atom.AtomNs;
import org.lexsync.core.atom.AtomReader;
import org.lexsync.core.atom.DeletedEntry;
import org.lexsync.core.atom.Entry;
import org.lexsync.core.atom.FeedItem;
import org.lexsync.core.xml.XmlElement;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.ExportReport;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/**
 * The aggregate as an Atom archive feed (rinfo §2.4, §3, §6, §10; RFC 5005 §4; RFC 6721) exported as static files
 * and served from loopback: valid Atom, rebuilt byte for byte from the same journal, closed archives never rewritten,
 * and collected back by LexSync's own Atom collector into a fresh store with the same resources and bytes.
 */
class AtomAggregateFeedTest {
    private static final String SOURCE = "sfs";

    @TempDir
    Path dir;

    FixturePublisher origin;
    AtomSource source;
    FixturePublisher mirror;
    LexSync aggregate;
    Path out;
    Publication publication;

    @BeforeEach
    void collectTheSource() {
        origin = FixturePublisher.builder().resources(0).start();
        source = AtomSource.register(origin, "/atom", 3, 200);
        source.publishNew(10).publish(AtomSource.id(11), true);
        aggregate = TestStores.open(dir.resolve("a"));
        aggregate.register(Source.builder(SOURCE, AtomOptions.DEFAULT).url(source.subscriptionUri()).build());
        aggregate.harvest(SOURCE);
        source.update(AtomSource.id(2)).delete(AtomSource.id(4));
        aggregate.harvest(SOURCE);
        out = dir.resolve("export");
        mirror = ExportRoute.mirror(out);
        publication = aggregate.publication(PublishSettings.builder(mirror.baseUri()).archiveSize(4)
                .feedId("tag:mirror.example,2024:aggregate").authorEmail("feeds@mirror.example").build());
    }

    @AfterEach
    void stop() {
        aggregate.close();
        mirror.close();
        origin.close();
    }

    @Test
    void oneEntryOrTombstonePerJournalRowInArchivesOfTheConfiguredSize() throws IOException {   // RFC 5005 §4
        publication.export(out);
        long rows = aggregate.store().lastSeq();   // 11 created, 1 updated, 1 deleted
        assertThat(rows).isEqualTo(13);
        assertThat(out.resolve("feed/archive/1.atom")).exists();
        assertThat(out.resolve("feed/archive/3.atom")).exists();
        assertThat(out.resolve("feed/archive/5.atom")).doesNotExist();
        String current = Files.readString(out.resolve("feed/current.atom"));
        assertThat(current).contains("rel=\"prev-archive\"").contains("feed/archive/3.atom")
                .contains("<id>tag:mirror.example,2024:aggregate</id>").contains("feeds@mirror.example");
        String third = Files.readString(out.resolve("feed/archive/3.atom"));
        assertThat(third).contains("fh:archive").contains("archive/2.atom").contains("archive/4.atom")
                .doesNotContain("deleted-entry");
        assertThat(current).contains("at:deleted-entry").contains("ref=\"" + AtomSource.id(4) + "\"");
        assertThat(out.resolve("feed/" + SOURCE + "/current.atom")).exists();
    }

    @Test
    void tombstonesComeBeforeTheEntriesOfTheirDocument() throws IOException {   // rinfo §4.2
        Publication byFive = aggregate.publication(PublishSettings.builder(mirror.baseUri()).archiveSize(5).build());
        String current = new String(bytes(byFive.document("feed/current.atom").orElseThrow()),
                java.nio.charset.StandardCharsets.UTF_8);   // rows 11 (created), 12 (updated), 13 (deleted)
        assertThat(current).contains("deleted-entry").contains("<entry>");
        assertThat(current.indexOf("deleted-entry")).isLessThan(current.indexOf("<entry>"));
    }

    @Test
    void everyEntryCarriesItsProvenanceAndItsFilesWithHashAndLength() throws IOException {   // rinfo §3.2, §3.3
        publication.export(out);
        String all = readAll();
        RepresentationState pdf = aggregate.store().resource(SOURCE, AtomSource.id(11)).orElseThrow().representations().get(0);
        assertThat(all).contains("src=\"" + mirror.baseUri() + "blob/sha256/" + pdf.sha256().substring(0, 2) + "/"
                + pdf.sha256() + "\"").contains("hash=\"md5:" + pdf.md5() + "\"")
                .contains("length=\"" + pdf.length() + "\"").contains("rel=\"via\" href=\"" + pdf.url() + "\"")
                .contains("rel=\"enclosure\"").contains("dct:isFormatOf").contains("<lx:source>sfs</lx:source>")
                .contains("<lx:original-updated>");
    }

    @Test
    void theObsoleteLeMd5IsWrittenWhenAsked() throws IOException {   // rinfo §3.3.6
        Publication legacy = aggregate.publication(PublishSettings.builder(mirror.baseUri()).legacyMd5(true).build());
        String current = new String(bytes(legacy.document("feed/current.atom").orElseThrow()),
                java.nio.charset.StandardCharsets.UTF_8);
        String md5 = aggregate.store().resource(SOURCE, AtomSource.id(1)).orElseThrow().representations().get(0).md5();
        assertThat(current).contains("le:md5=\"" + md5 + "\"").contains("hash=\"md5:" + md5 + "\"");
    }

    @Test
    void everyDocumentIsValidAtom() throws IOException {   // RFC 4287, checked with the core tests' atom.xsd
        publication.export(out);
        List<Path> docs = atomFiles();
        assertThat(docs).hasSizeGreaterThan(4);
        docs.forEach(AtomSchema::validate);
        for (Path p : docs) {   // and LexSync's own rinfo profile finds no error (rinfo §7.1)
            try (AtomReader r = AtomReader.open(Files.newInputStream(p), p.toString())) {
                Findings found = AtomValidator.validate(r, AtomValidator.Profile.RINFO);
                assertThat(found.hasErrors()).as(p + ": " + found).isFalse();
            }
        }
    }

    @Test
    void anExportDeletedAndWrittenAgainIsByteForByteTheSame() throws IOException {   // a projection of the journal
        publication.export(out);
        Map<String, byte[]> first = snapshot();
        deleteTree(out);
        publication.export(out);
        Map<String, byte[]> second = snapshot();
        assertThat(second.keySet()).isEqualTo(first.keySet());
        first.forEach((k, v) -> assertThat(second.get(k)).as(k).isEqualTo(v));
    }

    @Test
    void aSecondExportRewritesNothingAndLaterOnesLeaveClosedArchivesUntouched() throws IOException {
        publication.export(out);
        Path closed = out.resolve("feed/archive/1.atom");
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(closed, old);
        Files.setLastModifiedTime(out.resolve("feed/current.atom"), old);

        ExportReport again = publication.export(out);
        assertThat(again.written()).isZero();
        assertThat(Files.getLastModifiedTime(out.resolve("feed/current.atom"))).isEqualTo(old);

        source.publishNew(5);
        aggregate.harvest(SOURCE);
        ExportReport later = publication.export(out);
        assertThat(later.written()).isPositive();
        assertThat(Files.getLastModifiedTime(closed)).isEqualTo(old);
        assertThat(Files.getLastModifiedTime(out.resolve("feed/current.atom"))).isNotEqualTo(old);
        assertThat(Files.readString(out.resolve("feed/archive/4.atom"))).contains("fh:archive");
    }

    @Test
    void theLookupGivesTheExportedBytesAndMarksClosedDocumentsImmutable() throws IOException {
        publication.export(out);
        PublishedDocument archive = publication.document("/feed/archive/2.atom").orElseThrow();
        PublishedDocument current = publication.document("feed/current.atom").orElseThrow();
        assertThat(archive.immutable()).isTrue();
        assertThat(current.immutable()).isFalse();
        assertThat(archive.contentType()).isEqualTo("application/atom+xml");
        assertThat(bytes(archive)).isEqualTo(Files.readAllBytes(out.resolve("feed/archive/2.atom")));
        assertThat(bytes(current)).isEqualTo(Files.readAllBytes(out.resolve("feed/current.atom")));
        assertThat(publication.document("feed/archive/2.atom").orElseThrow().etag()).isEqualTo(archive.etag());
        assertThat(publication.document("feed/archive/5.atom")).isEmpty();
        assertThat(publication.document("feed/archive/04.atom")).isEmpty();
        assertThat(publication.document("blob/sha256/00/" + "0".repeat(64))).isEmpty();
    }

    @Test
    void ourAtomCollectorCollectsTheAggregateIntoAFreshStoreWithTheSameResourcesAndBytes() {   // rinfo §2.4
        publication.export(out);
        try (LexSync downstream = TestStores.open(dir.resolve("b"))) {
            downstream.register(Source.builder("aggregate", AtomOptions.DEFAULT)
                    .url(mirror.uri("/feed/current.atom")).build());
            downstream.harvest("aggregate");
            assertThat(contents(downstream, "aggregate")).isEqualTo(contents(aggregate, SOURCE)).isNotEmpty();

            source.publishNew(2).update(AtomSource.id(5)).delete(AtomSource.id(6));
            aggregate.harvest(SOURCE);
            publication.export(out);
            downstream.harvest("aggregate");
            assertThat(contents(downstream, "aggregate")).isEqualTo(contents(aggregate, SOURCE));
        }
    }

    @Test
    void atomSourceNamesTheOriginalFeedWithItsTitleUpdatedAndAddress() throws IOException {   // RFC 4287 §4.2.11
        publication.export(out);
        Map<String, XmlElement> sources = new TreeMap<>();
        for (FeedItem item : items(out.resolve("feed/archive/1.atom"), out.resolve("feed/archive/3.atom"))) {
            if (item instanceof Entry e) {
                sources.put(e.id(), e.foreign(AtomNs.ATOM, "source"));
            }
        }
        XmlElement first = sources.get(AtomSource.id(1));   // read from the source's first archive (3 per page)
        assertThat(first).isNotNull();
        assertThat(first.child(AtomNs.ATOM, "id").text()).isEqualTo(AtomSource.FEED_ID);
        assertThat(first.child(AtomNs.ATOM, "title").text()).isEqualTo("Fixture legal source");
        assertThat(AtomDate.parse(first.child(AtomNs.ATOM, "updated").text()).ok()).isTrue();
        XmlElement self = first.child(AtomNs.ATOM, "link");
        assertThat(self.attribute("", "rel")).isEqualTo("self");
        assertThat(self.attribute("", "href")).isEqualTo(origin.uri("/atom/archive/1.atom").toString());
        XmlElement newest = sources.get(AtomSource.id(11));   // read from the source's subscription document
        assertThat(newest.child(AtomNs.ATOM, "id").text()).isEqualTo(AtomSource.FEED_ID);
        assertThat(newest.child(AtomNs.ATOM, "link").attribute("", "href"))
                .isEqualTo(source.subscriptionUri().toString());
    }

    @Test
    void everyClosedArchivesNextArchiveExistsAndNoClosedArchiveChanges() throws Exception {   // RFC 5005 §4
        publication.export(out);   // 13 rows by 4: archives 1 to 3 closed, the subscription document will be 4
        byte[] third = Files.readAllBytes(out.resolve("feed/archive/3.atom"));
        assertThat(new String(third, java.nio.charset.StandardCharsets.UTF_8))
                .contains("rel=\"next-archive\" href=\"" + mirror.uri("/feed/archive/4.atom") + "\"");
        PublishedDocument four = publication.document("feed/archive/4.atom").orElseThrow();
        assertThat(four.immutable()).isFalse();
        assertThat(bytes(four)).isEqualTo(bytes(publication.document("feed/current.atom").orElseThrow()));
        assertThat(get(mirror.uri("/feed/archive/4.atom"))).isEqualTo(get(mirror.uri("/feed/current.atom")));

        source.publishNew(5);   // 18 rows: archive 4 fills and closes, 5 is now the subscription document
        aggregate.harvest(SOURCE);
        publication.export(out);
        assertThat(Files.readAllBytes(out.resolve("feed/archive/3.atom"))).isEqualTo(third);
        assertThat(bytes(publication.document("feed/archive/3.atom").orElseThrow())).isEqualTo(third);
        assertThat(get(mirror.uri("/feed/archive/4.atom"))).contains("<fh:archive/>")
                .isEqualTo(new String(bytes(publication.document("feed/archive/4.atom").orElseThrow()),
                        java.nio.charset.StandardCharsets.UTF_8));
        for (int n = 1; n <= 4; n++) {
            AtomFeed closed;
            try (AtomReader r = AtomReader.open(Files.newInputStream(out.resolve("feed/archive/" + n + ".atom")),
                    "archive " + n)) {
                closed = r.feed();
            }
            String next = closed.links().nextArchive().orElseThrow().href();
            assertThat(status(URI.create(next))).as(next).isEqualTo(200);
        }
        assertThat(get(mirror.uri("/feed/archive/5.atom"))).isEqualTo(get(mirror.uri("/feed/current.atom")));
    }

    @Test
    void twoSourcesHoldingTheSameUriAreTwoEntriesInTheAggregateAndTwoResourcesDownstream() {   // RFC 4287 §4.2.6
        AtomSource copy = AtomSource.register(origin, "/copy", 3, 300);   // the same entry ids, other bytes
        copy.publishNew(3);
        aggregate.register(Source.builder("copy", AtomOptions.DEFAULT).url(copy.subscriptionUri()).build());
        aggregate.harvest("copy");
        publication.export(out);

        Map<String, java.util.Set<String>> sourcesById = new TreeMap<>();
        Path[] aggregateFeed = atomFiles().stream().filter(p -> out.relativize(p).toString().equals("feed/current.atom")
                || out.relativize(p).startsWith("feed/archive")).toArray(Path[]::new);
        for (FeedItem item : items(aggregateFeed)) {
            List<XmlElement> foreign = item instanceof Entry e ? e.foreign() : ((DeletedEntry) item).foreign();
            XmlElement provenance = foreign.stream().filter(x -> x.namespace().equals(Provenance.NS)).findFirst()
                    .orElseThrow();
            sourcesById.computeIfAbsent(item.id(), k -> new java.util.TreeSet<>())
                    .add(provenance.child(Provenance.NS, "source").text());
        }
        assertThat(sourcesById).allSatisfy((id, holders) -> assertThat(holders).as(id).hasSize(1));
        String copyOfFirst = "tag:mirror.example,2024:aggregate/copy/"
                + URLEncoder.encode(AtomSource.id(1), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(sourcesById.get(AtomSource.id(1))).containsExactly(SOURCE);   // the first source keeps the URI
        assertThat(sourcesById.get(copyOfFirst)).containsExactly("copy");

        try (LexSync downstream = TestStores.open(dir.resolve("b"))) {
            downstream.register(Source.builder("aggregate", AtomOptions.DEFAULT)
                    .url(mirror.uri("/feed/current.atom")).build());
            downstream.harvest("aggregate");
            Map<String, List<String>> expected = new TreeMap<>(contents(aggregate, SOURCE));
            contents(aggregate, "copy").forEach((uri, files) -> expected.put("tag:mirror.example,2024:aggregate/copy/"
                    + URLEncoder.encode(uri, java.nio.charset.StandardCharsets.UTF_8), files));
            assertThat(contents(downstream, "aggregate")).isEqualTo(expected);
            assertThat(expected.get(copyOfFirst)).isNotEqualTo(expected.get(AtomSource.id(1)));
        }
    }

    private static List<FeedItem> items(Path... docs) {
        List<FeedItem> all = new ArrayList<>();
        for (Path p : docs) {
            try (AtomReader r = AtomReader.open(Files.newInputStream(p), p.toString())) {
                while (r.hasNext()) {
                    all.add(r.next());
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return all;
    }

    private static String get(URI uri) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(uri.toString()).isEqualTo(200);
            return r.body();
        }
    }

    private static int status(URI uri) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }

    /** Active resources with the SHA-256 of each of their files, by URI. */
    private static Map<String, List<String>> contents(LexSync lexsync, String sourceId) {
        Map<String, List<String>> out = new TreeMap<>();
        lexsync.store().resourceStates(sourceId, false, r -> out.put(r.uri(),
                r.representations().stream().map(RepresentationState::sha256).sorted().toList()));
        return out;
    }

    private static byte[] bytes(PublishedDocument d) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        d.body().writeTo(b);
        return b.toByteArray();
    }

    private List<Path> atomFiles() {
        try (Stream<Path> s = Files.walk(out)) {
            return s.filter(p -> p.toString().endsWith(".atom")).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String readAll() throws IOException {
        StringBuilder b = new StringBuilder();
        for (Path p : atomFiles()) {
            b.append(Files.readString(p));
        }
        return b.toString();
    }

    private Map<String, byte[]> snapshot() throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(out)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(out.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return m;
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            List<Path> all = new ArrayList<>(s.toList());
            java.util.Collections.reverse(all);
            for (Path p : all) {
                Files.delete(p);
            }
        }
    }
}
