package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AccessToken;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;
import org.lexsync.server.Eventually;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.api.ApiRoutes;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * A server with the scheduler, the REST API and the dashboard over real sources at the fixture publisher on
 * loopback, one of each health: {@code acts} (ResourceSync, daily, approved: the scheduler runs it at start; ok),
 * {@code feed} (Atom, every second, harvested once more than two seconds ago: stale), {@code broken} (Atom at a port
 * nobody listens on, harvested: failing), {@code partly} (Atom with one entry whose stated checksum lies, harvested:
 * its run finished with a failed item, a warning) and {@code later} (never run: new). Only {@code acts} is approved, so
 * the scheduler leaves the others as they are. The admin token is {@link #TOKEN}.
 */
final class DashboardFixture implements AutoCloseable {
    static final String TOKEN = "dashboard-test-token";

    final FixturePublisher pub;
    final LexSync lexsync;
    final LexSyncServer server;
    final List<Source> sources;

    DashboardFixture(Path dir) throws Exception {
        pub = FixturePublisher.builder().resources(25).seed(9).bodyBytes(200).start();
        ResourceSyncSource.install(pub);
        AtomSource atom = AtomSource.register(pub, "/atom", 5, 150).publishNew(12);
        AtomSource lying = AtomSource.register(pub, "/atom-lying", 5, 150).publishNew(3);
        lying.corrupt(AtomSource.id(2));
        sources = List.of(
                Source.builder("acts", ResourceSyncOptions.builder().baseline(ResourceSyncOptions.Baseline.LIST)
                        .build()).url(pub.baseUri()).schedule("P1D").approved(true).build(),
                Source.builder("feed", AtomOptions.DEFAULT).url(atom.subscriptionUri()).schedule("PT1S")
                        .approved(false).build(),
                Source.builder("broken", AtomOptions.DEFAULT).url(deadUrl()).schedule("PT1H").approved(false)
                        .build(),
                Source.builder("partly", AtomOptions.DEFAULT).url(lying.subscriptionUri()).schedule("PT1H")
                        .approved(false).build(),
                Source.builder("later", AtomOptions.DEFAULT).url(pub.uri("/nothing.atom")).schedule("PT1H")
                        .approved(false).build());
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).tries(1).build();
        sources.forEach(lexsync::register);
        lexsync.harvest("feed");
        catchThrowable(() -> lexsync.harvest("broken"));
        lexsync.harvest("partly");
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0).withTokens(List.of(
                AccessToken.ofSecret("operator", TOKEN, Set.of(AccessToken.Role.ADMIN))));
        server = LexSyncServer.builder(lexsync)
                .configuration(new Configuration(dir.resolve("lexsync.yaml"), sources, settings))
                .settings(settings)
                .feature(HarvestScheduler::new).feature(ApiRoutes::new).feature(DashboardFeature::new)
                .build().start();
        Eventually.until("the scheduler ran acts at start", Duration.ofSeconds(60),
                () -> lexsync.store().runs("acts", 1).stream().anyMatch(r -> r.ended() != null));
        // feed's one success is now more than twice its one-second schedule ago
        Eventually.until("feed is stale", Duration.ofSeconds(10), () -> lexsync.store().runs("feed", 1).get(0).ended()
                .isBefore(java.time.Instant.now().minusSeconds(3)));
    }

    URI uri(String path) {
        return server.uri().resolve(path);
    }

    private static URI deadUrl() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return URI.create("http://127.0.0.1:" + s.getLocalPort() + "/feed.atom");
        }
    }

    @Override
    public void close() {
        server.close();
        lexsync.close();
        pub.close();
    }
}
