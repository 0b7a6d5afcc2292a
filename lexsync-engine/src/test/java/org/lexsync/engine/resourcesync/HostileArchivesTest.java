package org.lexsync.engine.resourcesync;

import org.lexsync.core.zip.RawZip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.core.documentgroup.ArchiveLimits;
import org.lexsync.core.documentgroup.DocumentGroupArchiveException;
import org.lexsync.core.documentgroup.DocumentGroupValidator;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.xml.XmlLimits;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * One ZIP gate for every archive (docs/architecture.md, {@code org.lexsync.core.zip}): the same hostile archives,
 * written as real ZIP files, are fed to both paths that open ZIPs — a ResourceSync Resource Dump package (served
 * by the fixture publisher on loopback and synced into a real store, §11) and an EUCases document group package
 * ({@link DocumentGroupValidator}, D2.1 §3.2) — and each path refuses them with a typed error or a finding that
 * names the archive and the entry. Where the two differ, the protocol decides: a dump's entry name with a
 * leading slash is how §11.2 writes paths, so ResourceSync reads it from the package root (with a finding)
 * while a document group's names must be plain relative names (APPNOTE 4.4.17.1).
 */
class HostileArchivesTest {
    static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";
    static final byte[] HONEST = "honest".getBytes(StandardCharsets.UTF_8);
    static final byte[] EVIL = "#!/bin/sh\nrm -rf /\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    FixturePublisher pub;
    RsHarness h;
    final Map<String, FixtureResponse> site = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).seed(5).start();
        pub.route("/f/", (request, publisher) -> site.get(request.path()));
        h = new RsHarness(pub, dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    // ---- the hostile archives -----------------------------------------------------------------------------

    String loc(String name) {
        return pub.uri("/f/res/" + name).toString();
    }

    /** An archive holding a manifest naming {@code r/a} and these bitstream paths, and the honest {@code r/a}. */
    RawZip archive(String... morePaths) {
        StringBuilder m = new StringBuilder("<?xml version='1.0' encoding='UTF-8'?>\n<urlset " + NS
                + "><rs:md capability=\"resourcedump-manifest\" at=\"2024-01-01T00:00:00Z\"/>");
        m.append(url(loc("a"), String.format(java.util.Locale.ROOT, "path=\"/r/a\" length=\"%d\" hash=\"sha-256:%s\"",
                HONEST.length, HashAlgorithm.SHA_256.hex(HONEST))));
        for (String p : morePaths) {
            m.append(url(loc(p.substring(p.lastIndexOf('/') + 1)), "path=\"" + p + "\""));
        }
        RawZip z = new RawZip();
        z.add("manifest.xml", m.append("</urlset>").toString());
        z.add("r/a", HONEST);
        return z;
    }

    static String url(String loc, String md) {
        return "<url><loc>" + loc + "</loc><rs:md " + md + "/></url>";
    }

    // ---- the ResourceSync path: a Resource Dump served on loopback, synced into a real store ---------------

    URI packageUrl() {
        return pub.uri("/f/p.zip");
    }

    HarvestReport resourceDump(byte[] zip, DumpLimits limits) {
        site.put("/f/p.zip", FixtureResponse.ok("application/zip", zip));
        site.put("/f/capabilitylist.xml", FixtureResponse.ok("application/xml", ("<urlset " + NS
                + "><rs:md capability=\"capabilitylist\"/><url><loc>" + pub.uri("/f/resourcedump.xml")
                + "</loc><rs:md capability=\"resourcedump\"/></url></urlset>").getBytes(StandardCharsets.UTF_8)));
        site.put("/f/resourcedump.xml", FixtureResponse.ok("application/xml", ("<urlset " + NS
                + "><rs:md capability=\"resourcedump\" at=\"2024-01-01T00:00:00Z\"/><url><loc>" + packageUrl()
                + "</loc><rs:md type=\"application/zip\"/></url></urlset>").getBytes(StandardCharsets.UTF_8)));
        return h.sync(pub.uri("/f/capabilitylist.xml"), options(ResourceSyncOptions.KEY_CAPABILITY_LIST,
                pub.uri("/f/capabilitylist.xml").toString()), limits);
    }

    HarvestReport resourceDump(byte[] zip) {
        return resourceDump(zip, DumpLimits.DEFAULT);
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

    // ---- the EUCases path: a document group's MetaInfo beside its package ---------------------------------

    Path groupPackage;

    List<Finding> documentGroup(byte[] zip) throws IOException {
        return documentGroup(zip, ArchiveLimits.DEFAULT);
    }

    List<Finding> documentGroup(byte[] zip, ArchiveLimits limits) throws IOException {
        groupPackage = Files.write(dir.resolve("group.zip"), zip);
        Path metaInfo = Files.writeString(dir.resolve("metainfo.xml"), """
                <?xml version="1.0" encoding="utf-8"?>
                <documentgroup xmlns="xsdDocumentgroup" date="2024-01-01T00:00:00" crawler="HostileArchivesTest"
                    lang="EN" format="application/zip" filename="group.zip"
                    identifier="442261d3-6737-40bc-aa77-6fd118a56882" operation="Upd" type="2">
                  <document format="text/plain" file="r/a" identifier="00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0"
                      operation="Upd" url="https://example.org/a" md5="%s"/>
                </documentgroup>
                """.formatted(HashAlgorithm.MD5.hex(HONEST)), StandardCharsets.UTF_8);
        return DocumentGroupValidator.create(XmlLimits.DEFAULT, limits).validate(metaInfo, groupPackage)
                .findings().list();
    }

    static List<String> messages(List<Finding> findings, String rule) {
        return findings.stream().filter(f -> f.rule().equals(rule)).map(Finding::message).toList();
    }

    // ---- the cases ------------------------------------------------------------------------------------------

    @Test
    void aTraversalEntryIsNeverReadByEitherPath() throws IOException {
        RawZip z = archive();
        z.add("../x", EVIL);
        byte[] zip = z.build();

        HarvestReport r = resourceDump(zip);
        assertThat(h.active()).containsOnlyKeys(loc("a"));
        assertThat(messages(r, "rs:11.2/entry-name")).singleElement().asString()
                .startsWith(packageUrl() + ": ").contains("entry '../x' refused").contains("path traversal");

        assertThat(messages(documentGroup(zip), "eucases:3.2/zip-entry-name")).singleElement().asString()
                .contains("package " + groupPackage).contains("entry '../x'").contains("path traversal");
    }

    @Test
    void aDriveLetterEntryIsNeverReadByEitherPath() throws IOException {
        RawZip z = archive();
        z.add("C:\\x", EVIL);
        byte[] zip = z.build();

        HarvestReport r = resourceDump(zip);
        assertThat(h.active()).containsOnlyKeys(loc("a"));
        assertThat(messages(r, "rs:11.2/entry-name")).singleElement().asString()
                .startsWith(packageUrl() + ": ").contains("entry 'C:\\x' refused").contains("drive letter");

        assertThat(messages(documentGroup(zip), "eucases:3.2/zip-entry-name")).singleElement().asString()
                .contains("package " + groupPackage).contains("entry 'C:\\x'").contains("drive letter");
    }

    /** §11.2 writes paths with a leading slash: a dump reads such a name from its root; a document group refuses it. */
    @Test
    void anAbsoluteEntryIsReadFromThePackageRootByADumpAndRefusedByADocumentGroup() throws IOException {
        RawZip z = archive();
        z.add("/etc/x", EVIL);
        byte[] zip = z.build();

        HarvestReport r = resourceDump(zip);
        assertThat(h.active()).containsOnlyKeys(loc("a"));
        assertThat(messages(r, "rs:11.2/entry-name")).singleElement().asString()
                .startsWith(packageUrl() + ": ").contains("entry '/etc/x' is read as 'etc/x'");
        assertThat(messages(r, "rs:11.2/unlisted-entry")).singleElement().asString()
                .startsWith(packageUrl() + ": ").contains("'/etc/x'");
        assertThat(Path.of("/etc/x")).doesNotExist();

        assertThat(messages(documentGroup(zip), "eucases:3.2/zip-entry-name")).singleElement().asString()
                .contains("package " + groupPackage).contains("entry '/etc/x'").contains("absolute entry name");
    }

    @Test
    void anExpansionBombIsRefusedByBothPathsNamingTheEntry() throws IOException {
        RawZip z = archive("/r/bomb");
        z.add("r/bomb", new byte[8 << 20]);
        byte[] zip = z.build();

        HarvestReport r = resourceDump(zip);
        assertThat(h.active()).containsOnlyKeys(loc("a"));
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString()
                .startsWith(packageUrl() + " entry '/r/bomb': ").contains("ZIP bomb");

        assertThatThrownBy(() -> documentGroup(zip))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.ZIP_BOMB);
                    assertThat(e.archive()).isEqualTo(groupPackage.toString());
                    assertThat(e.entry()).isEqualTo("r/bomb");
                });
    }

    @Test
    void overlappingEntriesRefuseTheWholeArchiveOnBothPaths() throws IOException {
        RawZip z = archive("/r/b");
        z.overlapping("r/b", z.add("r/kernel", new byte[100_000]));
        byte[] zip = z.build();

        HarvestReport r = resourceDump(zip);
        assertThat(r.complete()).isFalse();
        assertThat(h.active()).isEmpty();
        assertThat(r.apply().failures()).extracting(ChangeFailure::reason).containsOnly("dump-package");
        assertThat(r.apply().failures()).first().extracting(ChangeFailure::message).asString()
                .startsWith(packageUrl() + " entry 'r/b': not a readable ZIP file").contains("overlaps entry 'r/kernel'");

        assertThatThrownBy(() -> documentGroup(zip))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.ZIP_BOMB);
                    assertThat(e.archive()).isEqualTo(groupPackage.toString());
                    assertThat(e.entry()).isEqualTo("r/b");
                    assertThat(e.getMessage()).contains("overlaps entry 'r/kernel'");
                });
    }

    @Test
    void tooManyEntriesRefuseTheWholeArchiveOnBothPathsNamingTheFirstBeyondTheBound() throws IOException {
        RawZip z = archive();
        for (int i = 0; i < 18; i++) {
            z.add("r/" + i, new byte[0]).stored();
        }
        byte[] zip = z.build(); // manifest.xml, r/a, r/0 … r/17: the eleventh entry is r/8

        HarvestReport r = resourceDump(zip, new DumpLimits(1L << 30, 16L << 30, 200, 1L << 20, 1024, 10));
        assertThat(r.complete()).isFalse();
        assertThat(h.active()).isEmpty();
        assertThat(r.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.reason()).isEqualTo("dump-package");
            assertThat(f.message()).startsWith(packageUrl() + " entry 'r/8': ").contains("more than 10 entries");
        });

        assertThatThrownBy(() -> documentGroup(zip, new ArchiveLimits(10, 1L << 30, 100)))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.TOO_MANY_ENTRIES);
                    assertThat(e.archive()).isEqualTo(groupPackage.toString());
                    assertThat(e.entry()).isEqualTo("r/8");
                });
    }
}
