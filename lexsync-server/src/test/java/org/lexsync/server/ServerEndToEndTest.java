package org.lexsync.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;

/**
 * The server as an aggregator leaves it running (issue 15; rinfo §9 polling of approved sources; ELI Pillar IV §4.1
 * step 4, the consumer polls the update feed): sources of three protocols on short schedules converge to the
 * publishers and follow their changes by themselves; the configuration changes without a restart.
 */
class ServerEndToEndTest {
    private static final Duration LIMIT = Duration.ofSeconds(90);
    @TempDir
    Path dir;

    @Test
    void resourceSyncAtomAndEliSourcesConvergeAndFollowChangesByThemselves() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(20).seed(5).start();
             ResourceSyncSource rs = ResourceSyncSource.install(pub);
             FixturePublisher eliPub = FixturePublisher.builder().resources(0).start()) {
            AtomSource atom = AtomSource.register(pub, "/feed", 5, 300).publishNew(5);
            EliProvider eli = EliProvider.registerDemo(eliPub);
            String yaml = "sources:\n"
                    + "  - {id: rs, protocol: resourcesync, url: '" + pub.baseUri() + "', politeness: {delay: 0},"
                    + " schedule: PT2S, approved: true}\n"
                    + "  - {id: atom, protocol: atom, url: '" + atom.subscriptionUri() + "', politeness: {delay: 0},"
                    + " schedule: PT3S, approved: true}\n"
                    + "  - id: eli\n    protocol: eli\n    urls: [" + eli.sitemapUrl() + ", " + eli.feedUrl() + "]\n"
                    + "    politeness: {delay: 0}\n    schedule: PT5S\n    approved: true\n";
            try (TestServer server = TestServer.start(dir, yaml)) {
                Eventually.until("all three sources converge", LIMIT, () -> server.lexsync().store().resourceCount("rs") == 20
                        && server.lexsync().store().resourceCount("atom") == 5 && server.lexsync().store().resourceCount("eli") == 12);

                pub.applyChanges(3, 0, 0);
                atom.publishNew(2);
                eli.add(1);

                Eventually.until("the changes arrive by themselves", LIMIT, () -> server.lexsync().store().resourceCount("rs") == 23
                        && server.lexsync().store().resourceCount("atom") == 7 && server.lexsync().store().resourceCount("eli") == 13);
                assertThat(server.lexsync().store().failures(null)).isEmpty();
            }
        }
    }

    @Test
    void aConfigurationEditAddsAndRemovesSourcesWithoutRestartAndABadFileIsRefused() {
        try (FixturePublisher pub = FixturePublisher.builder().resources(0).start()) {
            AtomSource first = AtomSource.register(pub, "/first", 5, 300).publishNew(3);
            AtomSource second = AtomSource.register(pub, "/second", 5, 300).publishNew(4);
            String one = "sources:\n  - {id: first, protocol: atom, url: '" + first.subscriptionUri()
                    + "', politeness: {delay: 0}, schedule: PT1H, approved: true}\n";
            String two = one + "  - {id: second, protocol: atom, url: '" + second.subscriptionUri()
                    + "', politeness: {delay: 0}, schedule: PT1H, approved: true}\n";
            try (TestServer server = TestServer.start(dir, one + TestServer.SERVER_SECTION)) {
                Eventually.until("the first source runs", LIMIT, () -> server.lexsync().store().resourceCount("first") == 3);

                server.rewriteConfig(two + TestServer.SERVER_SECTION);
                Eventually.until("the added source runs by itself", LIMIT,
                        () -> server.lexsync().store().resourceCount("second") == 4);

                server.rewriteConfig(two + "  - {id: third, protocol: atom, url: 'http://127.0.0.1:9/', schedule: whenever}\n"
                        + TestServer.SERVER_SECTION);
                HttpResponse<String> refused = server.post("/api/reload", TestServer.ADMIN, null, null);
                assertThat(refused.statusCode()).isEqualTo(400);
                assertThat(refused.body()).contains("lexsync.yaml:4: sources[2].schedule: neither an ISO-8601 duration")
                        .contains("the running one stays in force");
                assertThat(server.control().activities()).extracting(SourceActivity::sourceId)
                        .containsExactly("first", "second");

                server.rewriteConfig(one + TestServer.SERVER_SECTION);
                HttpResponse<String> reloaded = server.post("/api/reload", TestServer.ADMIN, null, null);
                assertThat(reloaded.statusCode()).as(reloaded.body()).isEqualTo(200);
                // the configuration file's watcher may have applied the edit before this explicit reload: then
                // the reload finds nothing left to remove; either way "second" is gone and "first" stays
                assertThat(reloaded.body()).containsAnyOf("\"removed\":[\"second\"]", "\"removed\":[]");
                Eventually.until("the removed source is gone", LIMIT, () -> server.control().activity("second").isEmpty());
                assertThat(server.control().activities()).extracting(SourceActivity::sourceId).containsExactly("first");
            }
        }
    }
}
