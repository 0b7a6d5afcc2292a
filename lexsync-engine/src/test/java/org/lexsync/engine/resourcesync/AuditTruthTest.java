package org.lexsync.engine.resourcesync;

import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.AuditReport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.checksum.HashAlgorithm;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * Issue 12.3: the audit tells the truth. A source written by hand (served by a real loopback server) is synced
 * into a real store, changes, and is audited: resources with a hash are judged by hash and length only; a
 * v1.1 Change List {@code datetime} is never compared with a Resource List {@code lastmod}; without a hash,
 * times are compared at the source's granularity.
 */
class AuditTruthTest {
    static final String NS = "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            + " xmlns:rs=\"http://www.openarchives.org/rs/terms/\"";

    @TempDir
    Path dir;
    FixturePublisher pub;
    RsHarness h;
    final Map<String, FixtureResponse> site = new ConcurrentHashMap<>();

    final byte[] a0 = bytes("act a, first version");
    final byte[] a1 = bytes("act a, second version, changed on 2 January");
    final byte[] b0 = bytes("act b, never changed");

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/s/", (request, publisher) -> site.get(request.path()));
        h = new RsHarness(pub, dir.resolve("data"));
        put("/s/capabilitylist.xml", "<urlset " + NS + "><rs:md capability=\"capabilitylist\"/>"
                + "<url><loc>" + pub.uri("/s/resourcelist.xml") + "</loc><rs:md capability=\"resourcelist\"/></url>"
                + "<url><loc>" + pub.uri("/s/changelist.xml") + "</loc><rs:md capability=\"changelist\"/></url>"
                + "</urlset>");
    }

    @AfterEach
    void stop() {
        h.close();
        pub.close();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    void put(String path, String xml) {
        site.put(path, FixtureResponse.ok("application/xml", bytes(xml)));
    }

    String a() {
        return pub.uri("/s/res/a").toString();
    }

    String b() {
        return pub.uri("/s/res/b").toString();
    }

    /** {@code hash="…" length="…"} of these bytes, or nothing for a source that states no hash. */
    static String fixity(byte[] body, boolean hashed) {
        return hashed ? String.format(Locale.ROOT, " hash=\"sha-256:%s\" length=\"%d\"", HashAlgorithm.SHA_256.hex(body),
                body.length) : "";
    }

    void resourceList(String at, String aLastmod, byte[] a, String bLastmod, byte[] b, boolean hashed) {
        put("/s/resourcelist.xml", "<urlset " + NS + "><rs:md capability=\"resourcelist\" at=\"" + at + "\"/>"
                + "<url><loc>" + a() + "</loc><lastmod>" + aLastmod + "</lastmod><rs:md" + fixity(a, hashed) + "/></url>"
                + "<url><loc>" + b() + "</loc><lastmod>" + bLastmod + "</lastmod><rs:md" + fixity(b, hashed) + "/></url>"
                + "</urlset>");
    }

    /** A Change List from 2024-01-01 with an update of a (its {@code rs:md} attributes in {@code md}), or none. */
    void changeList(String aChange) {
        put("/s/changelist.xml", "<urlset " + NS + "><rs:md capability=\"changelist\" from=\"2024-01-01T00:00:00Z\"/>"
                + (aChange == null ? "" : "<url><loc>" + a() + "</loc>" + aChange + "</url>") + "</urlset>");
    }

    HarvestReport sync() {
        return h.sync(pub.uri("/s/capabilitylist.xml"), options(ResourceSyncOptions.KEY_CAPABILITY_LIST,
                pub.uri("/s/capabilitylist.xml").toString()));
    }

    AuditReport audit() {
        return new ResourceSyncAudit(h.fetcher, HarvestStore.over(h.store)).audit(RsHarness.SOURCE, pub.uri("/s/capabilitylist.xml"),
                pub.uri("/s/capabilitylist.xml"), null, HarvestListener.NONE);
    }

    /**
     * A baseline from the Resource List, then a v1.1 Change List update of a (stored with its datetime), then a
     * Resource List made after it whose lastmod of a is the change's time to the microsecond but not the same.
     */
    void syncAThroughAV11ChangeThenRelist(boolean hashed, byte[] aListed, byte[] bListed) {
        site.put("/s/res/a", FixtureResponse.ok("text/plain", a0));
        site.put("/s/res/b", FixtureResponse.ok("text/plain", b0));
        resourceList("2024-01-01T00:00:00Z", "2023-12-30T10:00:00Z", a0, "2023-12-30T11:00:00Z", b0, hashed);
        changeList(null);
        assertThat(sync().complete()).isTrue();

        site.put("/s/res/a", FixtureResponse.ok("text/plain", a1));
        changeList("<lastmod>2024-01-02T09:30:00.123456Z</lastmod><rs:md change=\"updated\""
                + " datetime=\"2024-01-02T09:30:00.123457Z\"" + fixity(a1, hashed) + "/>");
        HarvestReport changed = sync();
        assertThat(changed.complete()).isTrue();
        assertThat(h.active().get(a()).sourceTimestamp()).hasToString("2024-01-02T09:30:00.123457Z");

        resourceList("2024-01-03T00:00:00Z", "2024-01-02T09:30:00.123456Z", aListed, "2023-12-30T11:00:00Z",
                bListed, hashed);
    }

    @Test
    void aV11DatetimeThatDiffersFromTheListsLastmodByMicrosecondsIsInSync() {
        syncAThroughAV11ChangeThenRelist(true, a1, b0);

        AuditReport report = audit();

        assertThat(report.mismatches()).isEmpty();
        assertThat(report.isInSync()).isTrue();
        assertThat(report.inSync()).isEqualTo(2);
    }

    @Test
    void aRealByteDifferenceIsReported() {
        byte[] bChanged = bytes("act b, changed at the source and not synced");
        syncAThroughAV11ChangeThenRelist(true, a1, bChanged);

        AuditReport report = audit();

        assertThat(report.isInSync()).isFalse();
        assertThat(report.mismatched()).isEqualTo(1);
        assertThat(report.mismatches()).singleElement().satisfies(m -> {
            assertThat(m.uri()).isEqualTo(b());
            assertThat(m.what()).isEqualTo("hash");
        });
        assertThat(report.inSync()).isEqualTo(1);
    }

    @Test
    void withoutAHashAV11DatetimeIsNotComparedWithALastmodAndTheResourceIsUnverified() {
        syncAThroughAV11ChangeThenRelist(false, a1, b0);

        AuditReport report = audit();

        assertThat(report.mismatches()).isEmpty();
        assertThat(report.unverified()).isEqualTo(2);
        assertThat(report.unverifiedUris()).containsExactlyInAnyOrder(a(), b());
        assertThat(report.differs()).isFalse();
        assertThat(report.isInSync()).isFalse();
    }

    @Test
    void withoutAHashADateOnlyLastmodIsComparedByDate() {
        site.put("/s/res/a", FixtureResponse.ok("text/plain", a0));
        site.put("/s/res/b", FixtureResponse.ok("text/plain", b0));
        resourceList("2024-01-01T00:00:00Z", "2023-12-30T10:00:00Z", a0, "2023-12-30T11:00:00Z", b0, false);
        changeList(null);
        assertThat(sync().complete()).isTrue();
        // a v1.0 change (no datetime): the store keeps its lastmod, with microseconds
        site.put("/s/res/a", FixtureResponse.ok("text/plain", a1));
        changeList("<lastmod>2024-01-02T09:30:00.123456Z</lastmod><rs:md change=\"updated\"/>");
        assertThat(sync().complete()).isTrue();
        // the relisted source writes dates only: a changed on the 2nd (held), b on the 4th (not held)
        resourceList("2024-01-05T00:00:00Z", "2024-01-02", a1, "2024-01-04", b0, false);

        AuditReport report = audit();

        assertThat(report.inSync()).isEqualTo(1);
        assertThat(report.mismatched()).isEqualTo(1);
        assertThat(report.mismatches()).singleElement().satisfies(m -> {
            assertThat(m.uri()).isEqualTo(b());
            assertThat(m.what()).isEqualTo("lastmod");
            assertThat(m.expected()).isEqualTo("2024-01-04");
        });
    }
}
