package org.lexsync.engine.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Publication;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.AuditReport;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.PublishSettings;
import org.lexsync.engine.model.PublishedDocument;
import org.lexsync.engine.model.RepresentationRole;
import org.lexsync.engine.model.RepresentationState;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;

/**
 * The aggregate as a ResourceSync Source (ResourceSync §§6–12): the documents validate against the sitemaps.org and
 * ResourceSync schemas, and LexSync's own ResourceSync destination syncs from the static export — baseline,
 * incremental after updates and deletions, audit in sync.
 */
class ResourceSyncSourceTest {
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
        out = dir.resolve("export");
        mirror = ExportRoute.mirror(out);
        publication = aggregate.publication(PublishSettings.builder(mirror.baseUri()).listSize(4).build());
    }

    @AfterEach
    void stop() {
        aggregate.close();
        mirror.close();
        origin.close();
    }

    @Test
    void theSourceDescriptionNamesACapabilityListForTheAggregateAndOnePerSource() throws IOException {   // §11, §9
        publication.export(out);
        String description = Files.readString(out.resolve(".well-known/resourcesync"));
        assertThat(description).contains("capability=\"description\"")
                .contains(mirror.baseUri() + "resourcesync/all/capabilitylist.xml")
                .contains(mirror.baseUri() + "resourcesync/source/sfs/capabilitylist.xml");
        String all = Files.readString(out.resolve("resourcesync/all/capabilitylist.xml"));
        assertThat(all).contains("rel=\"up\"").contains("resourcelist.xml").contains("changelist.xml");
    }

    @Test
    void everyDocumentValidatesAgainstTheSitemapAndResourceSyncSchemas() throws IOException {
        publication.export(out);
        List<Path> docs;
        try (Stream<Path> s = Files.walk(out.resolve("resourcesync"))) {
            docs = s.filter(p -> p.toString().endsWith(".xml")).toList();
        }
        assertThat(docs).hasSizeGreaterThan(6);
        docs.forEach(SitemapSchema::validate);
        SitemapSchema.validate(out.resolve(".well-known/resourcesync"));
        // 11 resources, lists of 4: a Resource List Index over three parts (§17)
        assertThat(Files.readString(out.resolve("resourcesync/all/resourcelist.xml"))).contains("<sitemapindex");
        assertThat(out.resolve("resourcesync/all/resourcelist/3.xml")).exists();
    }

    @Test
    void entriesCarryHashesLengthTypeDatetimeAndTheOriginalUrl() throws IOException {   // §7, §14
        publication.export(out);
        RepresentationState pdf = aggregate.store().resource(SOURCE, AtomSource.id(1)).orElseThrow().representations().get(0);
        String lists = read("resourcesync/all/resourcelist/1.xml");
        assertThat(lists).contains("md5:" + pdf.md5()).contains("sha-256:" + pdf.sha256())
                .contains("length=\"" + pdf.length() + "\"").contains("datetime=").contains("<lastmod>")
                .contains("rel=\"via\" href=\"" + pdf.url() + "\"").contains("rel=\"describedby\"");
    }

    @Test
    void closedChangeListsAreImmutableAndTheLookupServesTheExportedBytes() throws IOException {   // §12
        publication.export(out);
        PublishedDocument index = publication.document("resourcesync/all/changelist.xml").orElseThrow();
        assertThat(index.immutable()).isFalse();
        String day = aggregate.store().resource(SOURCE, AtomSource.id(1)).orElseThrow().lastHarvested().toString()
                .substring(0, 10);
        PublishedDocument first = publication.document("resourcesync/all/changes/" + day + "/1.xml").orElseThrow();
        assertThat(first.immutable()).isTrue();   // full: 4 of 11 rows
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        first.body().writeTo(b);
        assertThat(b.toByteArray()).isEqualTo(Files.readAllBytes(out.resolve("resourcesync/all/changes/" + day
                + "/1.xml")));
        assertThat(new String(b.toByteArray(), java.nio.charset.StandardCharsets.UTF_8)).contains("change=\"created\"")
                .contains("from=").contains("until=");
    }

    @Test
    void ourResourceSyncDestinationSyncsFromItThroughUpdatesAndDeletions() {   // §10, §12, audit §5.2
        publication.export(out);
        try (LexSync downstream = TestStores.open(dir.resolve("b"))) {
            downstream.register(Source.builder("mirror", ResourceSyncOptions.DEFAULT)
                    .url(mirror.uri("/resourcesync/all/capabilitylist.xml")).build());
            downstream.harvest("mirror");
            assertThat(primaries(downstream, "mirror")).isEqualTo(expected()).hasSize(11);

            source.update(AtomSource.id(2)).delete(AtomSource.id(4)).publishNew(2);
            aggregate.harvest(SOURCE);
            publication.export(out);
            downstream.harvest("mirror");   // the open Change List of the first export is closed now: read again
            assertThat(primaries(downstream, "mirror")).isEqualTo(expected()).hasSize(12);

            AuditReport audit = downstream.audit("mirror", new HarvestListener() { });
            assertThat(audit.isInSync()).as(audit.toString()).isTrue();
        }
    }

    @Test
    void dumpPackagesAreBuiltOnceWithManifestsAndOurDestinationTakesABaselineFromThem() throws IOException {   // §11, §13
        publication.export(out);
        String dump = read("resourcesync/all/resourcedump.xml");
        assertThat(dump).contains("capability=\"resourcedump\"").contains(".zip").contains("type=\"application/zip\"")
                .contains("sha-256:").contains("rel=\"contents\"");
        List<Path> packages;
        try (Stream<Path> s = Files.walk(out.resolve("resourcesync"))) {
            packages = s.filter(p -> p.toString().endsWith(".zip")).toList();
        }
        assertThat(packages).isNotEmpty();
        try (Stream<Path> s = Files.walk(out.resolve("resourcesync"))) {
            s.filter(p -> p.toString().endsWith("manifest.xml")).forEach(SitemapSchema::validate);
        }
        SitemapSchema.validate(out.resolve("resourcesync/all/resourcedump.xml"));
        SitemapSchema.validate(out.resolve("resourcesync/all/changedump.xml"));
        assertThat(read("resourcesync/all/changedump.xml")).contains("capability=\"changedump\"").contains("until=");
        java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(1_000_000L);
        for (Path p : packages) {
            Files.setLastModifiedTime(p, old);
        }
        publication.export(out);
        for (Path p : packages) {
            assertThat(Files.getLastModifiedTime(p)).as(p.toString()).isEqualTo(old);
        }

        try (LexSync downstream = TestStores.open(dir.resolve("c"))) {
            downstream.register(Source.builder("mirror", ResourceSyncOptions.fromText(Map.of("baseline", "dump")))
                    .url(mirror.uri("/resourcesync/all/capabilitylist.xml")).build());
            downstream.harvest("mirror");
            assertThat(primaries(downstream, "mirror")).isEqualTo(expected()).hasSize(11);
        }
    }

    /** The aggregate's active resources as their URL of ours, with the SHA-256 of their primary file. */
    private Map<String, String> expected() {
        Map<String, String> m = new TreeMap<>();
        aggregate.store().resourceStates(SOURCE, false, r -> m.put(publication.settings().url(
                ResourcePaths.path(SOURCE, r.uri())), primary(r.representations())));
        return m;
    }

    private static Map<String, String> primaries(LexSync lexsync, String sourceId) {
        Map<String, String> m = new TreeMap<>();
        lexsync.store().resourceStates(sourceId, false, r -> m.put(r.uri(), primary(r.representations())));
        return m;
    }

    private static String primary(List<RepresentationState> reps) {
        return reps.stream().filter(r -> r.role() == RepresentationRole.PRIMARY).map(RepresentationState::sha256)
                .findFirst().orElse(new TreeSet<String>().toString());
    }

    @Test
    void resourceListPartsHoldTheOneListsEntriesInOrderAfterUpdatesAndDeletions() throws IOException {   // §10, §17
        source.update(AtomSource.id(2)).delete(AtomSource.id(4)).update(AtomSource.id(9)).publishNew(3);
        aggregate.harvest(SOURCE);
        Publication whole = aggregate.publication(PublishSettings.builder(mirror.baseUri()).listSize(1000).build());
        List<String> expected = locs(body(whole, "resourcesync/all/resourcelist.xml"));
        assertThat(expected).hasSize(13);
        List<String> parts = new java.util.ArrayList<>();
        for (int n = 1; n <= 4; n++) {   // parts of 4 (the later ones read after the previous part's last row)
            parts.addAll(locs(body(publication, "resourcesync/all/resourcelist/" + n + ".xml")));
        }
        assertThat(parts).isEqualTo(expected);
        assertThat(publication.document("resourcesync/all/resourcelist/5.xml")).isEmpty();
    }

    private static String body(Publication p, String path) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        p.document(path).orElseThrow().body().writeTo(b);
        return b.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static List<String> locs(String xml) {
        List<String> out = new java.util.ArrayList<>();
        for (String piece : xml.split("<loc>")) {
            int end = piece.indexOf("</loc>");
            if (end > 0) {
                out.add(piece.substring(0, end));
            }
        }
        return out;
    }

    private String read(String path) throws IOException {
        return Files.readString(out.resolve(path));
    }
}
