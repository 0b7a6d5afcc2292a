package org.lexsync.engine.resourcesync;

import org.lexsync.engine.model.ResourceSyncOptions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.lexsync.engine.resourcesync.ForeignDumpsTest.bytes;
import static org.lexsync.engine.resourcesync.ForeignDumpsTest.manifest;
import static org.lexsync.engine.resourcesync.ForeignDumpsTest.messages;
import static org.lexsync.engine.resourcesync.ForeignDumpsTest.path;
import static org.lexsync.engine.resourcesync.ForeignDumpsTest.url;
import static org.lexsync.engine.resourcesync.RsHarness.options;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.ChangeFailure;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.ResourceState;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/**
 * Issue 13.5: a Resource Dump entry that cannot be unpacked is fetched from its {@code loc} only when that is on
 * the source's own origin (RFC 6454) or a configured mirror; a {@code loc} elsewhere fails the change as
 * {@code foreign-origin} without a request to that host. The source and the other host are two real loopback
 * servers (two ports: two origins).
 */
class DumpFallbackTest {
    @TempDir
    Path dir;

    FixturePublisher source;
    FixturePublisher elsewhere;
    RsHarness h;
    final Map<String, FixtureResponse> site = new ConcurrentHashMap<>();

    final byte[] inside = bytes("a bitstream the package holds");
    final byte[] missing = bytes("a bitstream the package lacks, served at its loc");

    @BeforeEach
    void start() {
        source = FixturePublisher.builder().resources(0).start();
        source.route("/f/", (request, publisher) -> site.get(request.path()));
        elsewhere = FixturePublisher.builder().resources(0).start();
        elsewhere.route("/res/", (request, publisher) -> FixtureResponse.ok("text/plain", missing));
        site.put("/f/res/here", FixtureResponse.ok("text/plain", missing));
        h = new RsHarness(source, dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        h.close();
        elsewhere.close();
        source.close();
    }

    /** A Resource Dump of one package: one entry it holds and one it lacks, whose loc is {@code lackingLoc}. */
    private void dumpWithAnEntryLacking(String lackingLoc, String lackingMd) {
        byte[] m = manifest("resourcedump-manifest", url(source.uri("/f/res/inside").toString(), path("inside", inside)),
                url(lackingLoc, lackingMd));
        site.put("/f/p.zip", FixtureResponse.ok("application/zip",
                new ForeignDumpsTest.Zipper().deflated("manifest.xml", m).deflated("inside", inside).build()));
        site.put("/f/capabilitylist.xml", FixtureResponse.ok("application/xml", bytes("<urlset " + ForeignDumpsTest.NS
                + "><rs:md capability=\"capabilitylist\"/><url><loc>" + source.uri("/f/resourcedump.xml")
                + "</loc><rs:md capability=\"resourcedump\"/></url></urlset>")));
        site.put("/f/resourcedump.xml", FixtureResponse.ok("application/xml", bytes("<urlset " + ForeignDumpsTest.NS
                + "><rs:md capability=\"resourcedump\" at=\"2024-01-01T00:00:00Z\"/><url><loc>" + source.uri("/f/p.zip")
                + "</loc><rs:md type=\"application/zip\"/></url></urlset>")));
    }

    private HarvestReport sync(String... extra) {
        Map<String, String> o = options(ResourceSyncOptions.KEY_CAPABILITY_LIST,
                source.uri("/f/capabilitylist.xml").toString());
        o.putAll(options(extra));
        return h.sync(source.uri("/f/capabilitylist.xml"), o);
    }

    private void assertStored(String uri, byte[] body) throws IOException {
        ResourceState s = h.active().get(uri);
        assertThat(s).as(uri).isNotNull();
        assertThat(h.blob(s)).as(uri).isEqualTo(body);
    }

    @Test
    void anEntryThePackageLacksIsFetchedFromItsLocOnTheSourcesOrigin() throws IOException {
        String loc = source.uri("/f/res/here").toString();
        dumpWithAnEntryLacking(loc, path("not-in-the-package", missing));

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc, missing);
        assertStored(source.uri("/f/res/inside").toString(), inside);
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString().contains("fetched from its loc");
    }

    @Test
    void anEntryThePackageLacksWithItsLocOnAnotherOriginFailsWithoutARequestThere() throws IOException {
        String loc = elsewhere.uri("/res/there").toString();
        dumpWithAnEntryLacking(loc, path("not-in-the-package", missing));

        HarvestReport r = sync();

        assertThat(r.complete()).isFalse();
        assertThat(r.apply().failures()).singleElement().satisfies(f -> {
            assertThat(f.resourceUri()).isEqualTo(loc);
            assertThat(f.reason()).isEqualTo("foreign-origin");
            assertThat(f.message()).contains(loc).contains("not on the source's origin or a configured mirror")
                    .contains("127.0.0.1:" + source.baseUri().getPort());
        });
        assertThat(elsewhere.requests()).isEmpty();
        assertThat(h.active()).doesNotContainKey(loc);
        assertStored(source.uri("/f/res/inside").toString(), inside);
        assertThat(h.store.failures().list(RsHarness.SOURCE)).extracting(ItemFailure::reason)
                .containsExactly("foreign-origin");
        assertThat(messages(r, "rs:11.2/bitstream")).singleElement().asString().contains("is not fetched from there");
    }

    @Test
    void anEntryWithoutPathWithItsLocOnAnotherOriginFailsToo() {
        String loc = elsewhere.uri("/res/no-path").toString();
        dumpWithAnEntryLacking(loc, "length=\"" + missing.length + "\"");

        HarvestReport r = sync();

        assertThat(r.apply().failures()).extracting(ChangeFailure::reason).containsExactly("foreign-origin");
        assertThat(elsewhere.requests()).isEmpty();
        assertThat(messages(r, "rs:11.2/path")).singleElement().asString().contains("has no path");
    }

    @Test
    void aDuplicateLinkOfTheEntryOnAnotherOriginIsNotTriedEither() throws IOException {
        String loc = source.uri("/f/res/here").toString();
        dumpWithAnEntryLacking(loc, path("not-in-the-package", missing) + "/><rs:ln rel=\"duplicate\" href=\""
                + elsewhere.uri("/res/copy") + "\"");

        HarvestReport r = sync();

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc, missing);
        assertThat(elsewhere.requests()).isEmpty();
        assertThat(messages(r, "rs:14.2/mirror-refused")).hasSize(1);
    }

    @Test
    void aLocOnAConfiguredMirrorIsFetched() throws IOException {
        String loc = elsewhere.uri("/res/there").toString();
        dumpWithAnEntryLacking(loc, path("not-in-the-package", missing));

        HarvestReport r = sync(ResourceSyncOptions.KEY_MIRROR, elsewhere.baseUri().toString());

        assertThat(r.complete()).as(r.findings().toString()).isTrue();
        assertStored(loc, missing);
        assertThat(elsewhere.requests()).extracting(x -> x.path()).contains("/res/there");
    }

    @Test
    void theNextRunRetriesTheFailedEntryAndAMirrorConfiguredSinceLetsItThrough() throws IOException {
        String loc = elsewhere.uri("/res/there").toString();
        dumpWithAnEntryLacking(loc, path("not-in-the-package", missing));
        assertThat(sync().complete()).isFalse();

        HarvestReport again = sync(ResourceSyncOptions.KEY_MIRROR, elsewhere.baseUri().toString());

        assertThat(again.complete()).as(again.findings().toString()).isTrue();
        assertStored(loc, missing);
        assertThat(h.store.failures().list(RsHarness.SOURCE)).isEmpty();
    }
}
