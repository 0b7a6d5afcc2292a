package org.lexsync.server.dashboard;

import static org.assertj.core.api.Assertions.catchThrowable;

import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.fixture.eli.EliProvider;
import org.lexsync.server.LexSyncServer;
import org.lexsync.server.api.ApiRoutes;

/**
 * A server with the REST API and the dashboard (no scheduler) over real sources at the fixture publisher on loopback,
 * for the console's pages (issue 33): {@code eli} (four ELI acts with their RDF, harvested once: ok), {@code cyc} (an
 * Atom archive chain that loops, harvested twice: each run records the finding {@code rinfo:8.3/archive-cycle}),
 * {@code miss} (an Atom archive that answers 404, harvested once: {@code rinfo:8.3/archive-missing}), {@code broken}
 * (Atom at a port nobody listens on: failing, with the connection's error) and {@code later} (never run: new).
 */
final class ConsoleFixture implements AutoCloseable {
    static final String CYCLE_RULE = "rinfo:8.3/archive-cycle";
    static final String MISSING_RULE = "rinfo:8.3/archive-missing";

    final FixturePublisher pub;
    final EliProvider eli;
    final LexSync lexsync;
    final LexSyncServer server;

    ConsoleFixture(Path dir) throws Exception {
        pub = FixturePublisher.builder().resources(0).seed(3).start();
        eli = EliProvider.builder().acts(4).perSitemap(5).build().register(pub);
        AtomSource cycle = AtomSource.register(pub, "/cyc", 5, 100).publishNew(12).cycle(true);
        AtomSource missing = AtomSource.register(pub, "/miss", 5, 100).publishNew(12).missingArchive(1, true);
        List<Source> sources = List.of(
                Source.builder("eli", EliOptions.DEFAULT).url(eli.sitemapUrl()).url(eli.feedUrl()).schedule("P1D")
                        .approved(true).build(),
                Source.builder("cyc", AtomOptions.DEFAULT).url(cycle.subscriptionUri()).schedule("P1D").build(),
                Source.builder("miss", AtomOptions.DEFAULT).url(missing.subscriptionUri()).schedule("P1D").build(),
                Source.builder("broken", AtomOptions.DEFAULT).url(deadUrl()).schedule("PT1H").build(),
                Source.builder("later", AtomOptions.DEFAULT).url(pub.uri("/nothing.atom")).schedule("PT1H").build());
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).tries(1).build();
        sources.forEach(lexsync::register);
        lexsync.harvest("eli");
        for (String id : new String[] {"cyc", "cyc", "miss", "broken"}) {
            catchThrowable(() -> lexsync.harvest(id));
        }
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        server = LexSyncServer.builder(lexsync)
                .configuration(new Configuration(dir.resolve("lexsync.yaml"), sources, settings))
                .settings(settings).feature(ApiRoutes::new).feature(DashboardFeature::new).build().start();
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
