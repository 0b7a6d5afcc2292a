package org.lexsync.engine.resourcesync;

import org.lexsync.core.zip.RawZip;
import org.lexsync.engine.model.ResourceSyncOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * Resource Dumps and Change Dumps (ResourceSync §11, §13) as other tools write them, served from a real
 * loopback server and synced end to end into a real SQLite store: the Python {@code resync} library's
 * layout, ZIP layouts java.util.zip reads differently or not at all (data descriptors, STORED, directories,
 * ZIP64, names without the UTF-8 flag, {@code ./} and backslashes, a folder zipped whole), broken and hostile
 * packages. What is recovered, what fails alone and what refuses a package is decided in {@link ZipPackage}
 * and {@link DumpPlan}; each test names the case.
 */
class ForeignDumpsTest {
    static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";

    @TempDir
    Path dir;

    FixturePublisher pub;
    RsHarness h;
    final Map<String, FixtureResponse> site = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).seed(3).start();
        pub.route("/f/", (request, publisher) -> site.get(request.path()));
        h = new RsHarness(pub, dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    // ---- the foreign source ---------------------------------------------------------------------------

    String loc(String name) {
        return pub.uri("/f/res/" + name).toString();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A body of about {@code n} bytes that does not compress to nothing. */
    static byte[] body(String seed, int n) {
        StringBuilder b = new StringBuilder(n + 64);
        for (int i = 0; b.length() < n; i++) {
            b.append(seed).append(' ').append(i * 7919 % 10007).append('\n');
        }
        return bytes(b.substring(0, n));
    }

    void put(String path, String type, byte[] body) {
        site.put(path, FixtureResponse.ok(type, body));
    }

    /** A capability list offering these capabilities (name, path pairs). */
    void capabilities(String... pairs) {
        StringBuilder b = new StringBuilder("<urlset " + NS + "><rs:md capability=\"capabilitylist\"/>");
        for (int i = 0; i < pairs.length; i += 2) {
            b.append("<url><loc>").append(pub.uri(pairs[i + 1])).append("</loc><rs:md capability=\"")
                    .append(pairs[i]).append("\"/></url>");
        }
        put("/f/capabilitylist.xml", "application/xml", bytes(b.append("</urlset>").toString()));
    }

    /** A Resource Dump at /f/resourcedump.xml listing these package paths. */
    void resourceDump(String... packages) {
        capabilities("resourcedump", "/f/resourcedump.xml");
        put("/f/resourcedump.xml", "application/xml", bytes(dumpDocument("resourcedump", packages)));
    }

    String dumpDocument(String capability, String... packages) {
        StringBuilder b = new StringBuilder("<urlset " + NS + "><rs:md capability=\"" + capability
                + "\" at=\"2024-01-01T00:00:00Z\" from=\"2024-01-01T00:00:00Z\"/>");
        for (String p : packages) {
            b.append("<url><loc>").append(pub.uri(p)).append("</loc><rs:md type=\"application/zip\"/></url>");
        }
        return b.append("</urlset>").toString();
    }

    /** A manifest (§11.2/§13.2) with these {@code <url>} elements. */
    static byte[] manifest(String capability, String... urls) {
        String header = capability.startsWith("change") ? "from=\"2024-01-01T00:00:00Z\"" : "at=\"2024-01-01T00:00:00Z\"";
        return bytes("<?xml version='1.0' encoding='UTF-8'?>\n<urlset " + NS + "><rs:md capability=\"" + capability
                + "\" " + header + "/>" + String.join("", urls) + "</urlset>");
    }

    /** A Resource Dump Manifest entry; {@code md} is the attributes of its {@code rs:md}. */
    static String url(String loc, String md) {
        return "<url><loc>" + loc + "</loc><rs:md " + md + "/></url>";
    }

    /** A Change Dump Manifest entry. */
    static String change(String loc, String lastmod, String md) {
        return "<url><loc>" + loc + "</loc><lastmod>" + lastmod + "</lastmod><rs:md " + md + "/></url>";
    }

    static String path(String p, byte[] body) {
        return String.format(java.util.Locale.ROOT, "path=\"%s\" length=\"%d\" hash=\"sha-256:%s\"", p, body.length,
                HashAlgorithm.SHA_256.hex(body));
    }

    /** A ZIP written by java.util.zip: streamed DEFLATED entries carry data descriptors (bit 3). */
    static final class Zipper {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ZipOutputStream z;

        Zipper() {
            this(StandardCharsets.UTF_8);
        }

        Zipper(Charset names) {
            z = new ZipOutputStream(out, names);
        }

        Zipper deflated(String name, byte[] data) {
            try {
                z.putNextEntry(new ZipEntry(name));
                z.write(data);
                z.closeEntry();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Zipper stored(String name, byte[] data) {
            try {
                ZipEntry e = new ZipEntry(name);
                e.setMethod(ZipEntry.STORED);
                e.setSize(data.length);
                e.setCompressedSize(data.length);
                CRC32 c = new CRC32();
                c.update(data);
                e.setCrc(c.getValue());
                z.putNextEntry(e);
                z.write(data);
                z.closeEntry();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Zipper dir(String name) {
            try {
                z.putNextEntry(new ZipEntry(name));
                z.closeEntry();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        byte[] build() {
            try {
                z.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }

    HarvestReport sync() {
        return h.sync(pub.uri("/f/capabilitylist.xml"),
                options(ResourceSyncOptions.KEY_CAPABILITY_LIST, pub.uri("/f/capabilitylist.xml").toString()));
    }

    void assertStored(String loc, byte[] body) throws IOException {
        ResourceState s = h.active().get(loc);
        assertThat(s).as(loc).isNotNull();
        assertThat(h.blob(s)).as(loc).isEqualTo(body);
    }

    long resourceFetches() {
        return pub.requests().stream().filter(r -> r.path().startsWith("/f/res/")).count();
    }

    static List<String> messages(HarvestReport r, String rule) {
        List<String> out = new ArrayList<>();
        for (Finding f : r.findings()) {
            if (f.rule().equals(rule)) {
                out.add(f.message());
            }
        }
        return out;
    }

    // ---- 1. packages as the Python resync library writes them ------------------------------------------

    @Test
    void resyncLayout_manifestFirst_pathsWithoutLeadingSlash_inSubdirectories_11_2() throws IOException {
        byte[] a = bytes("I am file a in dir1\n");
        byte[] b = bytes("I am file b in dir1, I am bigger than file_a\n");
        byte[] c = bytes("I am file c in dir1/sub\n");
        // resync: manifest.xml written first, paths relative to the common prefix without a leading slash,
        // length but no hash, no 'at' and no rs:ln up in the manifest
        byte[] m = bytes("<?xml version='1.0' encoding='UTF-8'?>\n<urlset " + NS + "><rs:md capability="
                + "\"resourcedump-manifest\" />"
                + url(loc("file_a"), "length=\"" + a.length + "\" path=\"file_a\" ")
                + url(loc("file_b"), "length=\"" + b.length + "\" path=\"file_b\" ")
                + url(loc("sub/file_c"), "length=\"" + c.length + "\" path=\"sub/file_c\" ") + "</urlset>");
        put("/f/rd00000.zip", "application/zip", new Zipper().deflated("manifest.xml", m).deflated("file_a", a)
                .deflated("file_b", b).deflated("sub/file_c", c).build());
        resourceDump("/f/rd00000.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("file_a"), a);
        assertStored(loc("file_b"), b);
        assertStored(loc("sub/file_c"), c);
        assertThat(resourceFetches()).isZero();
    }

    @Test
    void manifestLast_leadingSlashPaths_storedAndDeflatedEntries_directories_dataDescriptors_11_2()
            throws IOException {
        byte[] a = body("a", 3000);
        byte[] b = body("b", 100_000); // beyond the in-memory bound: extracted to a file
        byte[] c = new byte[0];
        byte[] zip = new Zipper().dir("resources/").dir("resources/x/").deflated("resources/a", a)
                .stored("resources/x/b", b).stored("resources/c", c)
                .deflated("manifest.xml", manifest("resourcedump-manifest",
                        url(loc("a"), path("/resources/a", a)), url(loc("b"), path("/resources/x/b", b)),
                        url(loc("c"), path("/resources/c", c))))
                .build();
        assertThat(dataDescriptorFlag(zip)).as("java.util.zip streams DEFLATED entries with bit 3").isTrue();
        put("/f/p.zip", "application/zip", zip);
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
        assertStored(loc("c"), c);
        assertThat(h.active()).hasSize(3);
        assertThat(r.findings().has("rs:11.2/unlisted-entry")).isFalse();
    }

    /** True when the first local header has general purpose bit 3 set. */
    static boolean dataDescriptorFlag(byte[] zip) {
        return (zip[6] & 0x08) != 0;
    }

    @Test
    void storedEntriesWithDataDescriptorsAndZip64ExtraFieldsAsOtherToolsWriteThem() throws IOException {
        byte[] a = body("a", 2000);
        byte[] b = body("b", 70_000);
        RawZip z = new RawZip();
        z.add("manifest.xml", manifest("resourcedump-manifest", url(loc("a"), path("/r/a", a)),
                url(loc("b"), path("/r/b", b)))).zip64().dataDescriptor();
        z.add("r/a", a).stored().dataDescriptor().zip64();
        z.add("r/b", b).zip64();
        put("/f/p.zip", "application/zip", z.build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
    }

    @Test
    void aZip64PackageWithMoreThan65535Entries() throws IOException {
        byte[] a = bytes("first");
        byte[] b = bytes("last");
        Zipper z = new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                url(loc("a"), path("/r/a", a)), url(loc("b"), path("/r/b", b))));
        z.stored("r/a", a);
        for (int i = 0; i < 65_600; i++) {
            z.stored("filler/" + i, new byte[] {(byte) i});
        }
        z.stored("r/b", b);
        put("/f/p.zip", "application/zip", z.build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
        assertThat(messages(r, "rs:11.2/unlisted-entry")).singleElement().asString()
                .contains("65600 entries not named by the manifest").contains("'filler/0'");
    }

    // ---- 2. names ---------------------------------------------------------------------------------------

    @Test
    void nonAsciiNamesWithAndWithoutTheUtf8Flag() throws IOException {
        byte[] a = bytes("flagged");
        byte[] b = bytes("utf-8 bytes, no flag (Info-ZIP on Unix)");
        byte[] c = bytes("IBM437 bytes, no flag (Windows)");
        byte[] d = bytes("IBM437 name with a Unicode Path extra field (7-Zip)");
        RawZip z = new RawZip();
        z.add("manifest.xml", manifest("resourcedump-manifest",
                url(loc("a"), path("/lois/größe.html", a)), url(loc("b"), path("/lois/straße.html", b)),
                url(loc("c"), path("/lois/café.html", c)), url(loc("d"), path("/lois/日本.html", d))));
        z.add("lois/größe.html", a);
        z.addRaw("lois/straße.html".getBytes(StandardCharsets.UTF_8), b);
        z.addRaw("lois/café.html".getBytes(Charset.forName("IBM437")), c);
        z.addRaw(bytes("lois/??.html"), d).unicodePath("lois/日本.html");
        put("/f/p.zip", "application/zip", z.build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
        assertStored(loc("c"), c);
        assertStored(loc("d"), d);
    }

    @Test
    void dotSlashBackslashAndAbsoluteEntryNamesAreReadAsPathsFromTheRoot() throws IOException {
        byte[] a = bytes("./ prefixed");
        byte[] b = bytes("backslashes (Windows tools)");
        byte[] c = bytes("stored with the manifest's leading slash");
        byte[] d = bytes("manifest path written with backslashes");
        byte[] zip = new Zipper().deflated("./manifest.xml", manifest("resourcedump-manifest",
                        url(loc("a"), path("/resources/a", a)), url(loc("b"), path("/resources/sub/b", b)),
                        url(loc("c"), path("/resources/c", c)), url(loc("d"), path("resources\\d", d))))
                .deflated("./resources/a", a).deflated("resources\\sub\\b", b).deflated("/resources/c", c)
                .deflated("resources/d", d).build();
        put("/f/p.zip", "application/zip", zip);
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
        assertStored(loc("c"), c);
        assertStored(loc("d"), d);
        assertThat(messages(r, "rs:11.2/entry-name")).singleElement().asString().contains("is read as");
    }

    @Test
    void aFolderZippedWholeIsReadFromThatFolder() throws IOException {
        byte[] a = bytes("wrapped");
        byte[] zip = new Zipper().dir("dump-2024/").deflated("dump-2024/manifest.xml",
                manifest("resourcedump-manifest", url(loc("a"), path("/resources/a", a))))
                .deflated("dump-2024/resources/a", a).build();
        put("/f/p.zip", "application/zip", zip);
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertThat(messages(r, "rs:11.2/entry-name")).singleElement().asString().contains("dump-2024/");
    }

    // ---- 2. what the manifest and the ZIP disagree about -----------------------------------------------

    @Test
    void aBitstreamMissingFromThePackageIsFetchedFromItsLoc_andFailsAloneWhenThatFails_5_1() throws IOException {
        byte[] a = bytes("in the package");
        byte[] m = bytes("missing from the package, served at its URI");
        byte[] n = bytes("missing everywhere");
        put("/f/res/m", "text/plain", m);
        put("/f/p.zip", "application/zip", new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                url(loc("m"), path("/r/m", m)), url(loc("n"), path("/r/n", n)), url(loc("a"), path("/r/a", a))))
                .deflated("r/a", a).build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertStored(loc("a"), a);
        assertStored(loc("m"), m);
        assertThat(h.active()).doesNotContainKey(loc("n"));
        assertThat(r.complete()).isFalse();
        assertThat(r.apply().gap()).isNull();
        assertThat(r.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo(loc("n"));
            assertThat(f.status()).isEqualTo(404);
        });
        assertThat(messages(r, "rs:11.2/bitstream")).hasSize(2).allSatisfy(msg -> assertThat(msg)
                .contains(pub.uri("/f/p.zip").toString()).contains("does not hold"));
        // the failed item is kept with its change and retried on its own, so the baseline's checkpoint stands (§4.6)
        assertThat(h.store.sources().checkpoint(RsHarness.SOURCE)).isPresent();
        assertThat(h.store.failures().list(RsHarness.SOURCE)).singleElement()
                .satisfies(f -> assertThat(f.status()).isEqualTo(org.lexsync.engine.model.FailureStatus.SKIPPED));
    }

    @Test
    void anEntryTheManifestDoesNotNameIsIgnoredWithAFinding() throws IOException {
        byte[] a = bytes("listed");
        put("/f/p.zip", "application/zip", new Zipper().deflated("manifest.xml",
                manifest("resourcedump-manifest", url(loc("a"), path("/r/a", a))))
                .deflated("r/a", a).deflated("r/stray.bin", bytes("not listed")).deflated(".DS_Store", bytes("x"))
                .build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).isTrue();
        assertThat(h.active().keySet()).containsExactly(loc("a"));
        assertThat(messages(r, "rs:11.2/unlisted-entry")).singleElement().asString()
                .contains("2 entries").contains("'r/stray.bin'").contains("'.DS_Store'");
    }

    @Test
    void aManifestLocThatIsRelativeOrHoldsASpaceIsRepairedLikeAListEntry_7() throws IOException {
        byte[] a = bytes("relative loc\n");
        byte[] b = bytes("loc with a space\n");
        byte[] m = manifest("resourcedump-manifest", url("res/rel", path("rel", a)),
                url(pub.baseUri() + "f/res/with space", path("space", b)));
        put("/f/rd-repair.zip", "application/zip", new Zipper().deflated("manifest.xml", m).deflated("rel", a)
                .deflated("space", b).build());
        resourceDump("/f/rd-repair.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        // relative to the package's URL (the manifest inside it has no URL of its own to resolve against)
        assertStored(pub.uri("/f/res/rel").toString(), a);
        assertStored(loc("with%20space"), b);
        assertThat(messages(r, "rs:7/relative-uri")).hasSize(1);
        assertThat(messages(r, "rs:7/loc-encoding")).hasSize(1);
        assertThat(resourceFetches()).isZero();
    }

    @Test
    void aManifestEntryWithoutPathIsFetchedFromItsLoc_11_2() throws IOException {
        byte[] a = bytes("no path in the manifest");
        put("/f/res/a", "text/plain", a);
        put("/f/p.zip", "application/zip", new Zipper().deflated("manifest.xml",
                manifest("resourcedump-manifest", url(loc("a"), "length=\"" + a.length + "\""))).build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).isTrue();
        assertStored(loc("a"), a);
        assertThat(r.findings().has("rs:11.2/path")).isTrue();
    }

    @Test
    void twoResourcesMayShareOneBitstream_butTwoEntriesOfOneNameAreAmbiguous() throws IOException {
        byte[] shared = bytes("same bytes for two URIs");
        byte[] one = bytes("one");
        byte[] two = bytes("two");
        RawZip z = new RawZip();
        z.add("manifest.xml", manifest("resourcedump-manifest", url(loc("s1"), path("/r/s", shared)),
                url(loc("s2"), path("/r/s", shared)), url(loc("dup"), "path=\"/r/dup\"")));
        z.add("r/s", shared);
        z.add("r/dup", one);
        z.add("r/dup", two);
        put("/f/p.zip", "application/zip", z.build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertStored(loc("s1"), shared);
        assertStored(loc("s2"), shared);
        assertThat(h.active()).doesNotContainKey(loc("dup"));
        assertThat(r.apply().failures()).singleElement().satisfies(f -> assertThat(f.resourceUri()).isEqualTo(loc("dup")));
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString()
                .contains("entry '/r/dup'").contains("more than one entry");
        assertThat(messages(r, "rs:11.2/entry-name")).singleElement().asString()
                .contains("'r/dup' is stored more than once");
        assertThat(r.findings().has("rs:11.2/unlisted-entry")).isFalse();
    }

    @Test
    void aBitstreamThatDoesNotMatchTheManifestFailsAndIsNeverStored_4_1() throws IOException {
        byte[] good = bytes("good");
        byte[] small = bytes("tampered small");
        byte[] large = body("tampered large", 90_000);
        byte[] shorter = bytes("length differs");
        String wrongMd5 = "md5:" + HashAlgorithm.MD5.hex(bytes("something else"));
        put("/f/p.zip", "application/zip", new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                        url(loc("small"), "path=\"/r/small\" hash=\"" + wrongMd5 + "\""),
                        url(loc("large"), "path=\"/r/large\" hash=\"" + wrongMd5 + "\""),
                        url(loc("short"), "path=\"/r/short\" length=\"" + (shorter.length + 1) + "\""),
                        url(loc("good"), path("/r/good", good))))
                .deflated("r/small", small).deflated("r/large", large).deflated("r/short", shorter)
                .deflated("r/good", good).build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(h.active().keySet()).containsExactly(loc("good"));
        assertThat(r.apply().failures()).extracting(f -> f.resourceUri() + " " + f.reason())
                .containsExactlyInAnyOrder(loc("small") + " hash-mismatch", loc("large") + " hash-mismatch",
                        loc("short") + " length-mismatch");
        assertThat(resourceFetches()).as("a mismatch is not cured over HTTP").isZero();
    }

    // ---- 2. broken packages, transport ------------------------------------------------------------------

    @Test
    void aCorruptEntryFailsAloneWithATypedFindingNamingPackageAndEntry() throws IOException {
        byte[] a = bytes("intact");
        byte[] bad = bytes("bytes whose CRC the directory gets wrong");
        RawZip z = new RawZip();
        z.add("manifest.xml", manifest("resourcedump-manifest", url(loc("bad"), "path=\"/r/bad\""),
                url(loc("a"), path("/r/a", a))));
        z.add("r/bad", bad).stored().crc(0x12345678L);
        z.add("r/a", a);
        put("/f/p.zip", "application/zip", z.build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertStored(loc("a"), a);
        assertThat(h.active()).doesNotContainKey(loc("bad"));
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString()
                .contains(pub.uri("/f/p.zip") + " entry '/r/bad': corrupt entry: CRC-32");
    }

    @Test
    void anEntryInACompressionMethodNotReadHereIsFetchedFromItsLoc_theRestOfThePackageIsRead() throws IOException {
        byte[] a = bytes("deflated");
        byte[] big = bytes("written with LZMA by 7-Zip, served at its URI as well");
        put("/f/res/big", "text/plain", big);
        RawZip z = new RawZip();
        z.add("manifest.xml", manifest("resourcedump-manifest", url(loc("a"), path("/r/a", a)),
                url(loc("big"), path("/r/big", big))));
        z.add("r/a", a);
        z.add("r/big", big).stored().method(14);
        put("/f/p.zip", "application/zip", z.build());
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("big"), big);
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString()
                .contains("entry '/r/big'").contains("compression method 14");
    }

    @Test
    void aTruncatedPackageIsATypedRefusalNamingThePackage_notAStackTrace() {
        byte[] a = body("a", 5000);
        byte[] zip = new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                url(loc("a"), path("/r/a", a)))).deflated("r/a", a).build();
        put("/f/p.zip", "application/zip", Arrays.copyOf(zip, zip.length / 2));
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertThat(r.complete()).isFalse();
        assertThat(r.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.reason()).isEqualTo("dump-package");
            assertThat(f.message()).startsWith(pub.uri("/f/p.zip") + ": not a readable ZIP file")
                    .doesNotContain("\tat ").doesNotContain("Exception");
        });
        assertThat(h.active()).isEmpty();
    }

    @Test
    void aRefusedResourceDumpFallsBackToTheResourceListWhenTheSetHasOne_5_2() throws IOException {
        byte[] a = bytes("served at its URI");
        put("/f/res/a", "text/plain", a);
        byte[] zip = new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                url(loc("a"), path("/r/a", a)))).deflated("r/a", body("filler", 4000)).build();
        put("/f/p.zip", "application/zip", Arrays.copyOf(zip, zip.length - 40));
        capabilities("resourcelist", "/f/resourcelist.xml", "resourcedump", "/f/resourcedump.xml");
        put("/f/resourcedump.xml", "application/xml", bytes(dumpDocument("resourcedump", "/f/p.zip")));
        put("/f/resourcelist.xml", "application/xml", bytes("<urlset " + NS + "><rs:md capability=\"resourcelist\""
                + " at=\"2024-01-01T00:00:00Z\"/>" + url(loc("a"), "length=\"" + a.length + "\"") + "</urlset>"));

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertThat(messages(r, "rs:5.2/unreadable-document")).singleElement().asString()
                .startsWith(pub.uri("/f/p.zip") + ": not a readable ZIP file");
        assertThat(h.notes).anySatisfy(n -> assertThat(n).contains("baseline again from the Resource List"));
    }

    @Test
    void packagesServedAsOctetStreamAndChunked_severalPackages_andAResourceDumpIndex_11_1() throws IOException {
        byte[] a = bytes("package one");
        byte[] b = bytes("package two");
        byte[] c = bytes("package three, second dump");
        site.put("/f/p1.zip", FixtureResponse.streaming("application/octet-stream", out -> out.write(
                new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest", url(loc("a"), path("/a", a))))
                        .deflated("a", a).build())));
        put("/f/p2.zip", "application/octet-stream", new Zipper().deflated("manifest.xml",
                manifest("resourcedump-manifest", url(loc("b"), path("/b", b)))).deflated("b", b).build());
        put("/f/p3.zip", "application/zip", new Zipper().deflated("manifest.xml",
                manifest("resourcedump-manifest", url(loc("c"), path("/c", c)))).deflated("c", c).build());
        capabilities("resourcedump", "/f/resourcedump-index.xml");
        put("/f/resourcedump-index.xml", "application/xml", bytes("<sitemapindex " + NS
                + "><rs:md capability=\"resourcedump\" at=\"2024-01-01T00:00:00Z\"/>"
                + "<sitemap><loc>" + pub.uri("/f/rd1.xml") + "</loc></sitemap>"
                + "<sitemap><loc>" + pub.uri("/f/rd2.xml") + "</loc></sitemap></sitemapindex>"));
        put("/f/rd1.xml", "application/xml", bytes(dumpDocument("resourcedump", "/f/p1.zip", "/f/p2.zip")));
        put("/f/rd2.xml", "application/xml", bytes(dumpDocument("resourcedump", "/f/p3.zip")));

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
        assertStored(loc("c"), c);
        assertThat(pub.requests("/f/p1.zip")).singleElement()
                .satisfies(q -> assertThat(q.status()).isEqualTo(200));
    }

    // ---- 3. Change Dumps ---------------------------------------------------------------------------------

    @Test
    void changeDumpCreatesUpdatesAndDeletesInOrderAcrossPackages_13() throws IOException {
        byte[] a1 = bytes("a v1");
        byte[] a2 = bytes("a v2");
        byte[] a3 = bytes("a v3");
        byte[] b1 = bytes("b v1");
        byte[] c1 = bytes("c v1");
        byte[] d1 = bytes("d v1");
        put("/f/cd1.zip", "application/zip", new Zipper().deflated("manifest.xml", manifest("changedump-manifest",
                        change(loc("a"), "2024-01-02T10:00:00Z", "change=\"created\" " + path("/changes/a-1", a1)),
                        change(loc("b"), "2024-01-02T11:00:00Z", "change=\"created\" " + path("/changes/b-1", b1)),
                        change(loc("d"), "2024-01-02T11:30:00Z", "change=\"created\" " + path("/changes/d-1", d1)),
                        change(loc("a"), "2024-01-02T12:00:00Z", "change=\"updated\" " + path("/changes/a-2", a2))))
                .deflated("changes/a-1", a1).deflated("changes/b-1", b1).deflated("changes/d-1", d1)
                .deflated("changes/a-2", a2).build());
        // manifest last; the deletion of b carries no bitstream, the one of d a last state some tools add
        put("/f/cd2.zip", "application/zip", new Zipper().deflated("changes/a-3", a3).deflated("changes/c-1", c1)
                .deflated("changes/d-gone", d1)
                .deflated("manifest.xml", manifest("changedump-manifest",
                        change(loc("a"), "2024-01-03T10:00:00Z", "change=\"updated\" " + path("/changes/a-3", a3)),
                        change(loc("b"), "2024-01-03T11:00:00Z", "change=\"deleted\""),
                        change(loc("d"), "2024-01-03T11:30:00Z", "change=\"deleted\" path=\"/changes/d-gone\""),
                        change(loc("c"), "2024-01-03T12:00:00Z", "change=\"created\" " + path("/changes/c-1", c1))))
                .build());
        capabilities("changedump", "/f/changedump.xml");
        put("/f/changedump.xml", "application/xml", bytes("<urlset " + NS
                + "><rs:md capability=\"changedump\" from=\"2024-01-01T00:00:00Z\"/>"
                + "<url><loc>" + pub.uri("/f/cd1.zip") + "</loc><rs:md type=\"application/zip\""
                + " from=\"2024-01-02T00:00:00Z\" until=\"2024-01-03T00:00:00Z\"/></url>"
                + "<url><loc>" + pub.uri("/f/cd2.zip") + "</loc><rs:md type=\"application/zip\""
                + " from=\"2024-01-03T00:00:00Z\" until=\"2024-01-04T00:00:00Z\"/></url></urlset>"));

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertThat(h.journal()).extracting(j -> j.resourceUri().substring(j.resourceUri().lastIndexOf('/') + 1)
                + " " + j.kind()).containsExactly("a CREATED", "b CREATED", "d CREATED", "a UPDATED", "a UPDATED",
                "b DELETED", "d DELETED", "c CREATED");
        assertStored(loc("a"), a3);
        assertStored(loc("c"), c1);
        assertThat(h.active()).doesNotContainKey(loc("b")).doesNotContainKey(loc("d"));
        assertThat(r.findings().has("rs:13.2/unlisted-entry")).isFalse();
        assertThat(resourceFetches()).isZero();

        long rows = h.journal().size();
        HarvestReport again = sync();
        assertThat(again.complete()).isTrue();
        assertThat(h.journal()).as("a second run adds nothing").hasSize((int) rows);
        assertThat(again.findings().has("rs:13.2/unlisted-entry")).as("changes done before are listed").isFalse();
        assertThat(h.journal()).extracting(JournalEntry::kind).contains(ChangeKind.DELETED);
    }

    @Test
    void aChangeDumpBitstreamThePackageLacksStopsTheRunThere_andTheNextRunResumes_4_1() throws IOException {
        byte[] a = bytes("a v1");
        byte[] b = bytes("b v1, not in the package");
        byte[] c = bytes("c v1");
        put("/f/cd.zip", "application/zip", new Zipper().deflated("manifest.xml", manifest("changedump-manifest",
                        change(loc("a"), "2024-01-02T10:00:00Z", "change=\"created\" " + path("/changes/a", a)),
                        change(loc("b"), "2024-01-02T11:00:00Z", "change=\"created\" " + path("/changes/b", b)),
                        change(loc("c"), "2024-01-02T12:00:00Z", "change=\"created\" " + path("/changes/c", c))))
                .deflated("changes/a", a).deflated("changes/c", c).build());
        capabilities("changedump", "/f/changedump.xml");
        put("/f/changedump.xml", "application/xml", bytes(dumpDocument("changedump", "/f/cd.zip")));

        HarvestReport first = sync();

        assertThat(first.complete()).isFalse();
        assertThat(first.apply().gap()).satisfies(g -> {
            assertThat(g.resourceUri()).isEqualTo(loc("b"));
            assertThat(g.status()).isEqualTo(404);
        });
        assertThat(h.active().keySet()).as("a Change Dump keeps its order (§13.2)").containsExactly(loc("a"));
        assertThat(messages(first, "rs:13.2/bitstream")).singleElement().asString().contains("entry '/changes/b'");

        put("/f/res/b", "text/plain", b);
        HarvestReport second = sync();

        assertThat(second.complete()).as(second.findings().toString()).isTrue();
        assertStored(loc("a"), a);
        assertStored(loc("b"), b);
        assertStored(loc("c"), c);
        assertThat(h.journal()).extracting(JournalEntry::resourceUri).containsExactly(loc("a"), loc("b"), loc("c"));
    }

    // ---- 4. hostile -------------------------------------------------------------------------------------

    @Test
    void traversalAbsoluteAndDriveLetterNamesAreNeverExtracted_theRestGoesOn_4_5() throws IOException {
        byte[] a = bytes("honest");
        byte[] evil = bytes("#!/bin/sh\nrm -rf /\n");
        byte[] zip = new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                        url(loc("a"), path("/r/a", a)), url(loc("t"), "path=\"/../../etc/cron.d/x\""),
                        url(loc("w"), "path=\"/C:/Windows/system32/x\""), url(loc("u"), "path=\"r/..\\..\\x\"")))
                .deflated("r/a", a).deflated("../../etc/cron.d/x", evil).deflated("C:/Windows/system32/x", evil)
                .deflated("..\\..\\x", evil).build();
        put("/f/p.zip", "application/zip", zip);
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertStored(loc("a"), a);
        assertThat(h.active()).hasSize(1);
        assertThat(r.apply().failures()).extracting(f -> f.resourceUri())
                .containsExactlyInAnyOrder(loc("t"), loc("w"), loc("u"));
        assertThat(messages(r, "rs:11.2/entry-name")).anySatisfy(msg -> assertThat(msg)
                .contains("'../../etc/cron.d/x' refused: '..' in entry name (path traversal)"));
        assertThat(messages(r, "rs:11.2/bitstream")).hasSize(3).allSatisfy(msg -> assertThat(msg)
                .containsAnyOf("path traversal", "drive letter"));
    }

    @Test
    void aBombEntryWithADataDescriptorIsRefusedAlone_4_5() throws IOException {
        byte[] a = bytes("small and honest");
        byte[] zip = new Zipper().deflated("manifest.xml", manifest("resourcedump-manifest",
                        url(loc("bomb"), "path=\"/r/bomb\""), url(loc("a"), path("/r/a", a))))
                .deflated("r/bomb", new byte[8 << 20]).deflated("r/a", a).build();
        assertThat(dataDescriptorFlag(zip)).isTrue();
        put("/f/p.zip", "application/zip", zip);
        resourceDump("/f/p.zip");

        HarvestReport r = sync();

        assertStored(loc("a"), a);
        assertThat(h.active()).doesNotContainKey(loc("bomb"));
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString()
                .contains("entry '/r/bomb'").contains("expansion ratio");
    }
}
