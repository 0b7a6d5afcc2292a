package org.lexsync.engine.resourcesync;

import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.AuditReport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * The ResourceSync Destination against documents as other publishers write them: the Python {@code resync}
 * library's output, sloppy but recoverable documents, discovery variants (§6) and hostile-but-real server
 * behaviour. Static documents live under {@code realworld/} (placeholders: {@code {base}} is the loopback
 * server, {@code {{md5 /path}}}, {@code {{MD5 /path}}} (upper-case hex), {@code {{sha256 /path}}},
 * {@code {{SHA256 /path}}}, {@code {{md5b64 /path}}} and {@code {{length /path}}} describe the body served at
 * {@code /path}). Every resource under {@code /res/} or {@code .../meta/} answers {@code resource PATH}.
 * {@code /cap/rl/DOC} and {@code /cap/cl/DOC} are Capability Lists offering {@code DOC} as Resource List or
 * Change List.
 */
class RealWorldSourcesTest {
    private static final Pattern HASH = Pattern.compile("\\{\\{(md5|MD5|sha256|SHA256|md5b64|length) (\\S+)}}");
    private static final String FROM_START = "2000-01-01T00:00:00Z";

    @TempDir
    Path dir;

    FixturePublisher pub;
    RsHarness h;
    String base;
    final Map<String, FixtureResponse> overrides = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        base = pub.baseUri().toString().replaceAll("/$", "");
        pub.route("/", (req, p) -> serve(req.path()));
        h = new RsHarness(pub, dir.resolve("data"), 3);
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    // ---------------------------------------------------------------- serving

    private FixtureResponse serve(String path) throws IOException {
        FixtureResponse o = overrides.get(path);
        if (o != null) {
            return o;
        }
        if (path.startsWith("/res/") || path.contains("/meta/")) {
            return FixtureResponse.ok("text/plain", body(path));
        }
        if (path.startsWith("/cap/rl/") || path.startsWith("/cap/cl/")) {
            String doc = base + path.substring(7);
            String capability = path.startsWith("/cap/rl/") ? "resourcelist" : "changelist";
            return FixtureResponse.ok("application/xml", capabilityList(capability, doc));
        }
        if (path.endsWith(".gz")) {
            byte[] xml = document(path.substring(0, path.length() - 3));
            return xml == null ? null : FixtureResponse.ok("application/x-gzip", gzip(xml));
        }
        byte[] xml = document(path);
        return xml == null ? null : FixtureResponse.ok("application/xml", xml);
    }

    static byte[] body(String path) {
        return ("resource " + path + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private String capabilityList(String capability, String doc) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="capabilitylist"/>
                  <url><loc>%s</loc><rs:md capability="%s"/></url>
                </urlset>
                """.formatted(doc, capability);
    }

    /** A fixture document with its placeholders filled, byte for byte otherwise (whatever its encoding); null if none. */
    private byte[] document(String path) throws IOException {
        try (InputStream in = RealWorldSourcesTest.class.getResourceAsStream("realworld" + path)) {
            if (in == null) {
                return null;
            }
            String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).replace("{base}", base);
            Matcher m = HASH.matcher(text);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                byte[] b = body(m.group(2));
                String value = switch (m.group(1)) {
                    case "md5" -> hex("MD5", b);
                    case "MD5" -> hex("MD5", b).toUpperCase(Locale.ROOT);
                    case "sha256" -> hex("SHA-256", b);
                    case "SHA256" -> hex("SHA-256", b).toUpperCase(Locale.ROOT);
                    case "md5b64" -> Base64.getEncoder().encodeToString(digest("MD5", b));
                    default -> Integer.toString(b.length);
                };
                m.appendReplacement(out, value);
            }
            m.appendTail(out);
            return out.toString().getBytes(StandardCharsets.ISO_8859_1);
        }
    }

    static byte[] digest(String algorithm, byte[] b) {
        try {
            return MessageDigest.getInstance(algorithm).digest(b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(String algorithm, byte[] b) {
        return HexFormat.of().formatHex(digest(algorithm, b));
    }

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(b);
        }
        return out.toByteArray();
    }

    // ---------------------------------------------------------------- helpers

    HarvestReport syncList(String doc) {
        return h.sync(pub.uri("/cap/rl" + doc), Map.of());
    }

    HarvestReport syncChanges(String doc) {
        return h.sync(pub.uri("/cap/cl" + doc), options("from", FROM_START));
    }

    String res(String path) {
        return base + path;
    }

    ResourceState stored(String path) {
        return h.active().get(res(path));
    }

    static List<String> rules(HarvestReport report) {
        return report.findings().list().stream().map(Finding::rule).toList();
    }

    static boolean noErrors(HarvestReport report) {
        return report.findings().list().stream().noneMatch(f -> f.severity().name().equals("ERROR"));
    }

    AuditReport audit(URI start) {
        return new ResourceSyncAudit(h.fetcher, HarvestStore.over(h.store)).audit(RsHarness.SOURCE, start, null, null,
                HarvestListener.NONE);
    }

    // ---------------------------------------------------------------- 1. documents as resync writes them

    @Test
    void resyncSourceDescriptionChainLeadsToABaselineAndItsChangeListIndex_6_2_12_2() {
        HarvestReport report = h.sync(pub.uri("/resync/sourcedescription.xml"), Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(noErrors(report)).as(report.findings().toString()).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/a1"), res("/res/a3"), res("/res/a4"));
        assertThat(stored("/res/a1").sourceTimestamp().toString()).isEqualTo("2013-01-03T11:00:00Z");
        assertThat(stored("/res/a1").representations().get(0).md5()).isEqualTo(hex("MD5", body("/res/a1")));
    }

    @Test
    void resyncResourceListIndexIsReadListByListAndAuditedInSync_10_2() {
        HarvestReport report = syncList("/resync/resourcelist-index.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/a1"), res("/res/a2"), res("/res/a3"));
        AuditReport audit = audit(pub.uri("/cap/rl/resync/resourcelist-index.xml"));
        assertThat(audit.isInSync()).isTrue();
        assertThat(audit.inSync()).isEqualTo(3);
    }

    @Test
    void aResourceListUrlClimbsItsUpLinkToTheCapabilityList_6_2() {
        List<CapabilitySet> sets = discover(pub.uri("/resync/resourcelist00001.xml"));

        assertThat(sets).extracting(CapabilitySet::uri).containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    @Test
    void aChangeListUrlClimbsItsUpLinkToTheCapabilityList_6_2() {
        HarvestReport report = h.sync(pub.uri("/resync/changelist00001.xml"), Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/a1"), res("/res/a3"), res("/res/a4"));
    }

    @Test
    void aCapabilityListPointingUpToASourceDescriptionIsOneSet_6_2() {
        List<CapabilitySet> sets = discover(pub.uri("/resync/capabilitylist.xml"));

        assertThat(sets).hasSize(1);
        assertThat(sets.get(0).uri()).isEqualTo(pub.uri("/resync/capabilitylist.xml"));
    }

    // ---------------------------------------------------------------- 2. sloppy but recoverable

    @Test
    void datesWithoutZoneDateOnlyFractionsAndOffsetsAreRead_7() {
        HarvestReport report = syncList("/sloppy/dates.xml");

        assertThat(report.complete()).isTrue();
        assertThat(stored("/res/d1").sourceTimestamp().toInstant().toString()).isEqualTo("2013-01-02T13:00:00Z");
        assertThat(stored("/res/d2").sourceTimestamp().toInstant().toString()).isEqualTo("2013-01-02T00:00:00Z");
        assertThat(stored("/res/d3").sourceTimestamp().toInstant().toString()).isEqualTo("2013-01-02T13:00:00.123456Z");
        assertThat(stored("/res/d4").sourceTimestamp().toInstant().toString()).isEqualTo("2013-01-02T13:00:00Z");
        assertThat(report.findings().list()).anySatisfy(f -> {
            assertThat(f.rule()).isEqualTo("rs:7/w3c-datetime");
            assertThat(f.message()).contains("at=").contains("time zone");
        });
        assertThat(report.findings().list()).anySatisfy(f -> assertThat(f.message()).contains("lastmod")
                .contains("2013-01-02T13:00:00"));
    }

    @Test
    void aLocWithSurroundingWhitespaceAndNewlinesIsTrimmed_7() {
        HarvestReport report = syncList("/sloppy/whitespace-loc.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/w1"));
    }

    @Test
    void relativeLocAndLinkHrefAreResolvedAgainstTheDocumentAndReported_7() {
        HarvestReport report = syncList("/sloppy/relative.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/r1"), res("/res/r2"));
        assertThat(stored("/res/r1").links()).anySatisfy(l -> {
            assertThat(l.rel()).isEqualTo("describedby");
            assertThat(l.href()).isEqualTo(res("/sloppy/meta/r1.xml"));
        });
        assertThat(report.findings().list()).filteredOn(f -> f.rule().equals("rs:7/relative-uri")).hasSize(3);
    }

    @Test
    void hashAlgorithmNamesInAnyCaseOrWithoutHyphenAreAccepted_7() {
        HarvestReport report = syncList("/sloppy/hash-spellings.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsKeys(res("/res/h1"), res("/res/h2"), res("/res/h3"));
    }

    @Test
    void hashAlgorithmNamesInAnyCaseOrWithoutHyphenAreVerifiedAgainstTheBytes_7() throws IOException {
        byte[] other = body("/res/other");
        String doc = new String(document("/sloppy/hash-spellings.xml"), StandardCharsets.UTF_8)
                .replace("MD5:" + hex("MD5", body("/res/h1")), "MD5:" + hex("MD5", other))
                .replace("SHA-256:" + hex("SHA-256", body("/res/h2")), "SHA-256:" + hex("SHA-256", other))
                .replace("sha256:" + hex("SHA-256", body("/res/h3")), "sha256:" + hex("SHA-256", other));
        overrides.put("/sloppy/hash-spellings.xml", FixtureResponse.ok("application/xml", doc));

        HarvestReport report = syncList("/sloppy/hash-spellings.xml");

        assertThat(report.apply().failures()).extracting(ChangeFailure::resourceUri)
                .containsExactlyInAnyOrder(res("/res/h1"), res("/res/h2"), res("/res/h3"));
        assertThat(h.active()).containsOnlyKeys(res("/res/h4"), res("/res/h5"));
    }

    @Test
    void upperCaseHexDigestsAreVerified_7() {
        HarvestReport report = syncList("/sloppy/hash-spellings.xml");

        assertThat(report.complete()).isTrue();
        assertThat(stored("/res/h4")).isNotNull();
        assertThat(stored("/res/h5")).isNotNull();
    }

    @Test
    void everySupportedHashOfSeveralInOneAttributeIsVerified_7() {
        HarvestReport report = syncList("/sloppy/hash-second-wrong.xml");

        assertThat(report.complete()).isFalse();
        assertThat(h.active()).containsOnlyKeys(res("/res/s2"));
        assertThat(report.apply().failures()).extracting(ChangeFailure::resourceUri).containsExactly(res("/res/s1"));
        assertThat(report.apply().failures().get(0).message()).containsIgnoringCase("sha-256");
    }

    @Test
    void anUnknownHashAlgorithmAloneIsNotVerifiedAndDoesNotFail_7() {
        HarvestReport report = syncList("/sloppy/hash-unknown.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/u1"));
        assertThat(rules(report)).contains("rs:7/hash-algorithm");
    }

    @Test
    void aBase64Md5AsEarlyResyncWroteItIsVerifiedAndReported_7() {
        HarvestReport report = syncList("/sloppy/hash-base64.xml");

        assertThat(report.complete()).isTrue();
        assertThat(stored("/res/b1").checksums().toString()).startsWith("md5:" + hex("MD5", body("/res/b1")));
        assertThat(rules(report)).contains("rs:7/hash-hex");
    }

    @Test
    void aBase64Md5ThatDoesNotMatchFailsTheResource_7() throws IOException {
        String wrong = Base64.getEncoder().encodeToString(digest("MD5", body("/res/other")));
        overrides.put("/sloppy/hash-base64.xml", FixtureResponse.ok("application/xml",
                new String(document("/sloppy/hash-base64.xml"), StandardCharsets.UTF_8)
                        .replaceAll("md5:[^\"]+", "md5:" + wrong)));

        HarvestReport report = syncList("/sloppy/hash-base64.xml");

        assertThat(report.complete()).isFalse();
        assertThat(h.active()).isEmpty();
    }

    @Test
    void aDocumentWithAUtf8ByteOrderMarkIsRead_7() throws IOException {
        byte[] xml = document("/sloppy/plain.xml");
        byte[] bom = new byte[xml.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(xml, 0, bom, 3, xml.length);
        overrides.put("/sloppy/plain.xml", FixtureResponse.ok("application/xml", bom));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aDocumentServedAsTextPlainIsReadByItsContent_7() throws IOException {
        overrides.put("/sloppy/plain.xml", FixtureResponse.ok("text/plain; charset=iso-8859-1",
                document("/sloppy/plain.xml")));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aDocumentServedAsOctetStreamIsReadByItsContent_7() throws IOException {
        overrides.put("/sloppy/plain.xml", FixtureResponse.ok("application/octet-stream",
                document("/sloppy/plain.xml")));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aGzipCompressedXmlGzDocumentIsInflated_7() {
        HarvestReport report = syncList("/sloppy/plain.xml.gz");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aDocumentWithContentEncodingGzipIsDecoded_7() throws IOException {
        overrides.put("/sloppy/plain.xml", FixtureResponse.ok("application/xml", gzip(document("/sloppy/plain.xml")))
                .withHeader("Content-Encoding", "gzip"));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void anIsoLatin1DocumentIsDecodedByItsDeclarationAndItsIriFetchedPercentEncoded_7() {
        HarvestReport report = syncList("/sloppy/latin1.xml");

        assertThat(report.complete()).as(String.valueOf(report.apply().failures())).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/d%C3%A9cret-n%C2%B01"));
        assertThat(pub.requests()).anyMatch(r -> r.path().equals("/res/d%C3%A9cret-n%C2%B01")
                || r.path().equals("/res/décret-n°1"));
    }

    @Test
    void urisWithSpacesOrNonAsciiArePercentEncodedToFetchAndReported_7() {
        HarvestReport report = syncList("/sloppy/odd-uris.xml");

        assertThat(report.complete()).as(String.valueOf(report.apply().failures())).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/with%20space.txt"),
                res("/res/loi-%C3%BCbersicht"), res("/res/already%20encoded"));
        assertThat(report.findings().list()).filteredOn(f -> f.rule().equals("rs:7/loc-encoding")).hasSize(2);
    }

    @Test
    void aChangeListWithoutFromIsAppliedAndReported_12_1() {
        HarvestReport report = syncChanges("/sloppy/changelist-no-from.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/c1"));
        assertThat(rules(report)).contains("rs:12.1/from");
    }

    @Test
    void aChangeWithoutDatetimeOrLastmodIsAppliedInDocumentOrderAndReported_12_1() {
        HarvestReport report = syncChanges("/sloppy/changelist-no-datetime.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.journal()).extracting(JournalEntry::resourceUri)
                .containsExactly(res("/res/t1"), res("/res/t2"), res("/res/t3"));
        assertThat(rules(report)).contains("rs:12.1/lastmod");
        assertThat(report.apply().checkpoint()).contains("2013-01-03T11:00:00Z");
    }

    @Test
    void aChangeWithoutDatetimeIsNotJournalledAgainByTheNextRun_12_1() {
        syncChanges("/sloppy/changelist-no-datetime.xml");
        int rows = h.journal().size();

        HarvestReport again = h.sync(pub.uri("/cap/cl/sloppy/changelist-no-datetime.xml"), Map.of());

        assertThat(again.complete()).isTrue();
        assertThat(h.journal()).hasSize(rows);
    }

    @Test
    void changeValuesInAnotherCaseAreUnderstoodAndReported_12_1() {
        HarvestReport report = syncChanges("/sloppy/changelist-odd-change.xml");

        assertThat(h.active()).containsKey(res("/res/k1")).doesNotContainKey(res("/res/k2"));
        assertThat(report.findings().list()).anySatisfy(f -> {
            assertThat(f.rule()).isEqualTo("rs:12.1/change");
            assertThat(f.message()).contains("DELETED");
        });
    }

    @Test
    void anUnknownChangeValueIsAppliedAsAnUpdateOfWhatTheSourceServesAndReported_12_1() {
        HarvestReport report = syncChanges("/sloppy/changelist-odd-change.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsKeys(res("/res/k3"), res("/res/k4"));
        assertThat(report.findings().list()).anySatisfy(f -> {
            assertThat(f.rule()).isEqualTo("rs:12.1/change");
            assertThat(f.message()).contains("moved").contains("updated");
        });
    }

    @Test
    void aUriListedTwiceInAResourceListIsFetchedAndJournalledOnceAndReported_10_1() {
        HarvestReport report = syncList("/sloppy/duplicates.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/x1"), res("/res/x2"));
        assertThat(h.journal()).extracting(JournalEntry::resourceUri).containsOnlyOnce(res("/res/x1"));
        assertThat(pub.requests("/res/x1")).hasSize(1);
        assertThat(rules(report)).contains("rs:10.1/duplicate");
    }

    @Test
    void anUndeclaredRsPrefixIsReadAsTheResourceSyncNamespaceAndReported_7() {
        HarvestReport report = syncList("/sloppy/no-rs-namespace.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/n1"));
        assertThat(stored("/res/n1").checksums().toString()).startsWith("md5:");
        assertThat(rules(report)).contains("rs:7/namespace");
    }

    @Test
    void mdElementsInTheSitemapNamespaceAreReadAsRsMdAndReported_7() {
        HarvestReport report = syncList("/sloppy/md-in-sitemap-namespace.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/m1"));
        assertThat(stored("/res/m1").checksums().toString()).startsWith("md5:");
        assertThat(rules(report)).contains("rs:7/namespace");
    }

    @Test
    void anUnrecoverableDocumentIsATypedFailureNamingItsLineAndColumn_7() {
        overrides.put("/sloppy/plain.xml", FixtureResponse.ok("application/xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>
                  <url><loc>%s/res/p1</loc></url
                </urlset>
                """.formatted(base)));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isFalse();
        ChangeFailure f = report.apply().failures().get(0);
        assertThat(f.reason()).isEqualTo("document-malformed");
        assertThat(f.url()).endsWith("/sloppy/plain.xml");
        assertThat(f.message()).contains("line 5, column 1");
    }

    @Test
    void relativeLocsResolveAgainstTheUrlTheDocumentWasRedirectedTo_7() {
        overrides.put("/moved/list.xml", FixtureResponse.status(301).withHeader("Location", base + "/sloppy/relative.xml"));

        HarvestReport report = syncList("/moved/list.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active().keySet()).containsExactlyInAnyOrder(res("/res/r1"), res("/res/r2"));
    }

    @Test
    void relativeLocsInACapabilityListAreResolved_9() {
        overrides.put("/sets/one/capabilitylist.xml", FixtureResponse.ok("application/xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
                  <rs:md capability="capabilitylist"/>
                  <url><loc>../../sloppy/plain.xml</loc><rs:md capability="resourcelist"/></url>
                </urlset>
                """));

        HarvestReport report = h.sync(pub.uri("/sets/one/capabilitylist.xml"), Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aDoctypeDeclarationIsRefusedAsATypedFailureAndItsDtdNeverFetched_7() throws IOException {
        // docs/architecture.md, invariant 5: XML without DTDs. Refused with the document and position, never read.
        String xml = new String(document("/sloppy/plain.xml"), StandardCharsets.UTF_8).replace("<urlset",
                "<!DOCTYPE urlset SYSTEM \"" + base + "/dtd/sitemap.dtd\">\n<urlset");
        overrides.put("/sloppy/plain.xml", FixtureResponse.ok("application/xml", xml));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isFalse();
        ChangeFailure f = report.apply().failures().get(0);
        assertThat(f.url()).endsWith("/sloppy/plain.xml");
        assertThat(f.message()).containsIgnoringCase("doctype");
        assertThat(h.active()).isEmpty();
        assertThat(pub.requests()).noneMatch(r -> r.path().startsWith("/dtd/"));
    }

    @Test
    void aResourceListWithoutUpLinkGivenDirectlyIsSyncedAsASetOfItsOwn_6_2() {
        HarvestReport report = h.sync(pub.uri("/sloppy/plain.xml"), Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
        assertThat(rules(report)).contains("rs:6.2/up");
    }

    @Test
    void aListWithoutUpLinkUsesTheDiscoveredSetThatOffersIt_6_2() {
        overrides.put("/resync/resourcelist-index.xml", FixtureResponse.ok("application/xml",
                new String(documentOrFail("/resync/resourcelist-index.xml"), StandardCharsets.UTF_8)
                        .replaceAll("<rs:ln [^>]*rel=\"up\" />", "")));
        overrides.put("/.well-known/resourcesync", FixtureResponse.status(302)
                .withHeader("Location", base + "/resync/sourcedescription.xml"));

        List<CapabilitySet> sets = discover(pub.uri("/resync/resourcelist-index.xml"));

        assertThat(sets).extracting(CapabilitySet::uri).containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    byte[] documentOrFail(String path) {
        try {
            return document(path);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aResourceAnswering429WithRetryAfterIsFetchedAgain() {
        pub.faults().add("/res/p1", new Fault.Status(429, "1"), 1);

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
        assertThat(pub.requests("/res/p1")).hasSize(2);
    }

    @Test
    void anAuditOfListsWithOddUrisHashesAndRelativeLocsFindsTheCopyInSync_5_2() {
        for (String doc : List.of("/sloppy/odd-uris.xml", "/sloppy/hash-spellings.xml", "/sloppy/relative.xml",
                "/sloppy/hash-base64.xml", "/sloppy/duplicates.xml", "/sloppy/latin1.xml")) {
            h.store.resources().forEach(RsHarness.SOURCE, false, r -> { });
            HarvestReport report = syncList(doc);
            assertThat(report.complete()).as(doc).isTrue();

            AuditReport audit = audit(pub.uri("/cap/rl" + doc));

            assertThat(audit.missingUris()).as(doc).isEmpty();
            assertThat(audit.mismatches()).as(doc).isEmpty();
        }
    }

    // ---------------------------------------------------------------- 3. discovery

    List<CapabilitySet> discover(URI start) {
        return new Discovery(new SourceDocuments(h.fetcher, HarvestListener.NONE, null,
                org.lexsync.core.xml.XmlLimits.DEFAULT, new org.lexsync.core.findings.Findings())).discover(start);
    }

    @Test
    void aWellKnownUriRedirectingElsewhereIsFollowed_6_3_2() {
        overrides.put("/.well-known/resourcesync", FixtureResponse.status(301)
                .withHeader("Location", base + "/resync/sourcedescription.xml"));

        HarvestReport report = h.sync(pub.baseUri(), Map.of());

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsKeys(res("/res/a1"), res("/res/a4"));
    }

    @Test
    void aWellKnownUriRedirecting302ToARelativeLocationIsFollowed_6_3_2() {
        overrides.put("/.well-known/resourcesync", FixtureResponse.status(302)
                .withHeader("Location", "/resync/sourcedescription.xml"));

        assertThat(discover(pub.baseUri())).extracting(CapabilitySet::uri)
                .containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    @Test
    void robotsTxtWithLowerCaseSitemapAndSeveralSitemapLinesFindsTheSourceDescription_6_3_4() {
        overrides.put("/robots.txt", FixtureResponse.ok("text/plain", """
                User-agent: *
                Disallow: /private/
                sitemap: %1$s/sitemap.xml
                SITEMAP:%1$s/resync/sourcedescription.xml
                """.formatted(base)));
        overrides.put("/sitemap.xml", FixtureResponse.ok("application/xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/res/plain</loc></url></urlset>
                """.formatted(base)));

        assertThat(discover(pub.uri("/start"))).extracting(CapabilitySet::uri)
                .containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    @Test
    void severalLinksInOneHeaderWithSeveralRelValuesInAnyCaseAreFollowed_6_3_3() {
        overrides.put("/page", FixtureResponse.ok("text/plain", "hello")
                .withHeader("Link", "<" + base + "/next>; rel=\"next\", </resync/capabilitylist.xml>;"
                        + " title=\"a, b\"; rel=\"ResourceSync describedby\""));

        assertThat(discover(pub.uri("/page"))).extracting(CapabilitySet::uri)
                .containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    @Test
    void anHtmlLinkWithMixedCaseRelAndRelativeHrefIsFollowed_6_3_3() {
        overrides.put("/about/index.html", FixtureResponse.ok("text/html; charset=utf-8", """
                <!DOCTYPE html><html><head><title>About</title>
                <LINK REL="ResourceSync" HREF="../resync/capabilitylist.xml">
                </head><body>about</body></html>
                """));

        assertThat(discover(pub.uri("/about/index.html"))).extracting(CapabilitySet::uri)
                .containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    @Test
    void aSiteWithNoResourceSyncAnywhereIsUnreadableWithoutAStackTrace_6_3() {
        assertThatThrownBy(() -> discover(pub.uri("/nothing")))
                .isInstanceOf(SourceUnreadableException.class).hasMessageContaining("§6.3");
    }

    // ---------------------------------------------------------------- 4. hostile but real servers

    @Test
    void aSourceDocumentAnswering503WithRetryAfterIsFetchedAgain() {
        pub.faults().add("/sloppy/plain.xml", new Fault.Status(503, "1"), 1);

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
        assertThat(pub.requests("/sloppy/plain.xml")).hasSize(2);
    }

    @Test
    void aSourceDocumentAnswering429WithRetryAfterIsFetchedAgain() {
        pub.faults().add("/cap/rl/sloppy/plain.xml", new Fault.Status(429, "1"), 1);

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aResourceBehindARedirectChainIsStoredUnderItsListedUri() {
        pub.faults().add("/res/p1", new Fault.RedirectChain(3), 1);

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aCapabilityListServedAsTextHtmlIsReadAsXml_6_3() throws IOException {
        overrides.put("/resync/capabilitylist.xml", FixtureResponse.ok("text/html; charset=utf-8",
                document("/resync/capabilitylist.xml")));

        assertThat(discover(pub.uri("/resync/capabilitylist.xml"))).extracting(CapabilitySet::uri)
                .containsExactly(pub.uri("/resync/capabilitylist.xml"));
    }

    @Test
    void aGzFileServedWithContentEncodingGzipIsInflatedOnce_7() throws IOException {
        overrides.put("/sloppy/plain.xml.gz", FixtureResponse.ok("application/x-gzip",
                gzip(gzip(document("/sloppy/plain.xml")))).withHeader("Content-Encoding", "gzip"));

        HarvestReport report = syncList("/sloppy/plain.xml.gz");

        assertThat(report.complete()).isTrue();
        assertThat(h.active()).containsOnlyKeys(res("/res/p1"));
    }

    @Test
    void aResourceServedWithContentEncodingGzipIsVerifiedAndStoredDecoded_7() throws IOException {
        overrides.put("/res/p1", FixtureResponse.ok("text/plain", gzip(body("/res/p1")))
                .withHeader("Content-Encoding", "gzip"));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(h.blob(stored("/res/p1"))).isEqualTo(body("/res/p1"));
    }

    @Test
    void aRetryAfterGivenAsAnHttpDateIsHonoured() {
        String soon = java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
                java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).plusSeconds(1));
        pub.faults().add("/sloppy/plain.xml", new Fault.Status(503, soon), 1);

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(pub.requests("/sloppy/plain.xml")).hasSize(2);
    }

    @Test
    void aChunkedResourceWithoutContentLengthIsStoredAndVerified() {
        overrides.put("/res/p1", FixtureResponse.streaming("text/plain", out -> out.write(body("/res/p1"))));

        HarvestReport report = syncList("/sloppy/plain.xml");

        assertThat(report.complete()).isTrue();
        assertThat(stored("/res/p1").representations().get(0).md5()).isEqualTo(hex("MD5", body("/res/p1")));
    }
}
