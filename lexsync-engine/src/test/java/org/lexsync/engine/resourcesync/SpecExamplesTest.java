package org.lexsync.engine.resourcesync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * The Change List Index of ResourceSync Example 20 with its lists (Examples 19 and 21, fixture files under
 * {@code spec/}) served on loopback: lists processed in forward chronological order across the index
 * (§12.2), several changes of one resource in order (§12.1), deletes of resources never held adding nothing,
 * and the open list polled again without replaying what was processed.
 */
class SpecExamplesTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    RsHarness h;
    volatile int version = 1;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        String base = pub.baseUri().toString();
        pub.route("/", (req, p) -> {
            String path = req.path();
            if (path.equals("/unordered-changelist.xml") || path.equals("/unordered/capabilitylist.xml")) {
                String xml = path.equals("/unordered-changelist.xml") ? UNORDERED : UNORDERED_CAPABILITIES;
                return FixtureResponse.ok("application/xml", xml.replace("http://example.com/", base));
            }
            String file = switch (path) {
                case "/dataset1/capabilitylist.xml" -> "capabilitylist.xml";
                case "/dataset1/changelist.xml" -> "changelist.xml";
                case "/v11/capabilitylist.xml" -> "v11-capabilitylist.xml";
                case "/ex28/capabilitylist.xml" -> "example28-capabilitylist.xml";
                case "/example28-changelist.xml" -> "example28-changelist.xml";
                case "/20130101-changelist.xml", "/20130102-changelist.xml", "/20130103-changelist.xml",
                     "/v11-changelist.xml" -> path.substring(1);
                default -> null;
            };
            if (file != null) {
                return FixtureResponse.ok("application/xml", spec(file).replace("http://example.com/", base));
            }
            if (path.matches("/res\\d\\.(html|pdf)") || path.endsWith("_metadata.xml")) {
                return FixtureResponse.ok("text/plain", "resource " + path + " version " + version);
            }
            return null;
        });
        h = new RsHarness(pub, dir.resolve("data"));
    }

    /** A Change List whose two changes are out of forward chronological order (§12.1). */
    static final String UNORDERED = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
              <rs:ln rel="up" href="http://example.com/unordered/capabilitylist.xml"/>
              <rs:md capability="changelist" from="2013-01-02T00:00:00Z"/>
              <url><loc>http://example.com/res1.html</loc><lastmod>2013-01-02T10:00:00Z</lastmod>
                <rs:md change="updated"/></url>
              <url><loc>http://example.com/res2.pdf</loc><lastmod>2013-01-02T09:00:00Z</lastmod>
                <rs:md change="updated"/></url>
            </urlset>
            """;

    static final String UNORDERED_CAPABILITIES = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
              <rs:md capability="capabilitylist"/>
              <url><loc>http://example.com/unordered-changelist.xml</loc><rs:md capability="changelist"/></url>
            </urlset>
            """;

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    static String spec(String name) throws IOException {
        try (InputStream in = SpecExamplesTest.class.getResourceAsStream("spec/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theIndexIsProcessedListByListInTimeOrder_12_2() {
        HarvestReport report = h.sync(pub.uri("/dataset1/capabilitylist.xml"), options("from", "2013-01-01T00:00:00Z"));

        assertThat(report.complete()).isTrue();
        List<JournalEntry> rows = h.journal();
        String b = pub.baseUri().toString();
        // a create or update that a later change of the same resource supersedes is not fetched (docs/architecture.md, invariant 6)
        assertThat(rows).extracting(JournalEntry::resourceUri).containsExactly(b + "res9.pdf", b + "res7.html",
                b + "res1.html", b + "res2.pdf");
        // the journal says what happened to this store: each resource was new to it
        assertThat(rows).extracting(JournalEntry::kind).containsOnly(ChangeKind.CREATED);
        assertThat(report.findings().has("rs:12.1/superseded")).isTrue();
        assertThat(rows.get(3).sourceTimestamp().toString()).isEqualTo("2013-01-03T21:00:00Z");
        assertThat(report.apply().checkpoint()).contains("t=2013-01-03T21:00:00Z k=1");
    }

    @Test
    void theOpenListIsPolledAgainWithoutReplayingProcessedChanges_12_1() {
        h.sync(pub.uri("/dataset1/capabilitylist.xml"), options("from", "2013-01-01T00:00:00Z"));
        int rows = h.journal().size();
        pub.clearRequests();
        version = 2;

        HarvestReport again = h.sync(pub.uri("/dataset1/capabilitylist.xml"), Map.of());

        assertThat(again.complete()).isTrue();
        assertThat(h.journal()).hasSize(rows);
        assertThat(pub.requests()).noneMatch(r -> r.path().startsWith("/res"));
        assertThat(pub.requests()).noneMatch(r -> r.path().equals("/20130101-changelist.xml"));
    }

    @Test
    void theV11DatetimeAttributeOrdersChangesAndIsTheirTime() {
        HarvestReport report = h.sync(pub.uri("/v11-changelist.xml"), options("from", "2013-01-03T00:00:00Z"));

        assertThat(report.complete()).isTrue();
        assertThat(report.findings().has("rs:12.1/forward-order")).isFalse();
        assertThat(h.journal()).extracting(j -> j.sourceTimestamp().toString())
                .containsExactly("2013-01-03T11:00:00Z", "2013-01-03T13:00:00Z");
    }

    @Test
    void theMetadataResourceIsSyncedWithTheResourceAndLinksAreKept_14_5() {
        HarvestReport report = h.sync(pub.uri("/example28-changelist.xml"), options("from", "2013-01-03T00:00:00Z"));

        assertThat(report.complete()).isTrue();
        String b = pub.baseUri().toString();
        var pdf = h.active().get(b + "res2.pdf");
        assertThat(pdf.representations()).extracting(r -> r.role().token()).containsExactly("primary", "metadata");
        assertThat(pdf.links()).anySatisfy(l -> {
            assertThat(l.rel()).isEqualTo("describedby");
            assertThat(l.attributes()).containsEntry("type", "application/xml");
        });
        var metadata = h.active().get(b + "res2_dublin-core_metadata.xml");
        assertThat(metadata.links()).extracting(l -> l.rel()).containsExactly("describes", "profile");
    }

    @Test
    void aListWhollyBeforeTheCursorIsNotAppliedButItsFindingsAreReported_12_1() {
        HarvestReport report = h.sync(pub.uri("/unordered-changelist.xml"), options("from", "2013-01-03T00:00:00Z"));

        assertThat(report.complete()).isTrue();
        assertThat(report.findings().has("rs:12.1/forward-order")).isTrue();
        assertThat(h.journal()).isEmpty();
        assertThat(pub.requests()).noneMatch(r -> r.path().startsWith("/res"));
    }

    @Test
    void anOutOfOrderListIsReportedOnceWhenItsChangesAreApplied_12_1() {
        HarvestReport report = h.sync(pub.uri("/unordered-changelist.xml"), options("from", "2013-01-01T00:00:00Z"));

        assertThat(report.findings().list()).filteredOn(f -> f.rule().equals("rs:12.1/forward-order")).hasSize(1);
        assertThat(h.journal()).extracting(JournalEntry::resourceUri).contains(pub.baseUri() + "res1.html");
    }

    @Test
    void aFromDatetimeSkipsEarlierChanges() {
        HarvestReport report = h.sync(pub.uri("/dataset1/capabilitylist.xml"), options("from", "2013-01-03T12:00:00Z"));

        assertThat(report.complete()).isTrue();
        assertThat(h.journal()).extracting(JournalEntry::resourceUri).containsExactly(pub.baseUri() + "res2.pdf");
    }
}
