package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResourceSyncOptions;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.resourcesync.ResourceSyncSource;
import org.lexsync.server.LexSyncServer;

/**
 * A dashboard over real sources at the fixture publisher on loopback, one of each health: {@code acts}
 * (ResourceSync, daily, harvested: ok), {@code feed} (Atom, every 10 minutes, harvested, but the server's clock is
 * an hour ahead: stale), {@code broken} (Atom at a port nobody listens on, harvested: failing) and {@code later}
 * (never run: new).
 */
final class DashboardFixture implements AutoCloseable {
    static final Duration CLOCK_AHEAD = Duration.ofHours(1);

    final FixturePublisher pub;
    final LexSync lexsync;
    final LexSyncServer server;
    final List<Source> sources;

    DashboardFixture(Path dir) throws Exception {
        pub = FixturePublisher.builder().resources(25).seed(9).bodyBytes(200).start();
        ResourceSyncSource.install(pub);
        AtomSource atom = AtomSource.register(pub, "/atom", 5, 150).publishNew(12);
        sources = List.of(
                Source.builder("acts", ResourceSyncOptions.builder().baseline(ResourceSyncOptions.Baseline.LIST)
                        .build()).url(pub.baseUri()).schedule("P1D").approved(true).build(),
                Source.builder("feed", AtomOptions.DEFAULT).url(atom.subscriptionUri()).schedule("PT10M")
                        .approved(true).build(),
                Source.builder("broken", AtomOptions.DEFAULT).url(deadUrl()).schedule("PT1H").approved(true).build(),
                Source.builder("later", AtomOptions.DEFAULT).url(pub.uri("/nothing.atom")).schedule("PT1H")
                        .approved(true).build());
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).tries(1).build();
        sources.forEach(lexsync::register);
        lexsync.harvest("acts");
        lexsync.harvest("feed");
        catchThrowable(() -> lexsync.harvest("broken"));
        server = LexSyncServer.builder(lexsync)
                .configuration(new Configuration(dir.resolve("lexsync.yaml"), sources, ServerSettings.DEFAULTS))
                .settings(ServerSettings.DEFAULTS.withPort(0))
                .clock(Clock.offset(Clock.systemUTC(), CLOCK_AHEAD))
                .feature(DashboardFeature::new)
                .build().start();
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
