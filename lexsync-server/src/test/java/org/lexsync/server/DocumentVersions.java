package org.lexsync.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.server.api.ApiRoutes;
import org.lexsync.server.publish.PublishRoutes;

/**
 * A store holding one document in three versions for the document pages' tests: a loopback Atom feed whose one
 * entry changes its text between three harvests (the second version changes line 2, the third adds line 4), and a
 * server over that store with the API, the published blobs and whatever other feature the test adds.
 */
public final class DocumentVersions implements AutoCloseable {
    public static final String SOURCE = "gazette";
    public static final String TITLE = "Act on the keeping of bees";
    public static final String[] TEXTS = {
            "§ 1 Bees are kept.\nline two: hives are registered\nline three: fines apply\n",
            "§ 1 Bees are kept.\nline two: hives are registered yearly\nline three: fines apply\n",
            "§ 1 Bees are kept.\nline two: hives are registered yearly\nline three: fines apply\nline four: repeal\n"};

    private final FixturePublisher pub;
    private final LexSync lexsync;
    private final LexSyncServer server;
    private volatile int version;

    private DocumentVersions(Path dir, List<java.util.function.Function<ServerContext, ServerFeature>> features) {
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/d/", (request, p) -> switch (request.path()) {
            case "/d/feed.atom" -> FixtureResponse.ok("application/atom+xml", feed(p.uri("/d/").toString()));
            case "/d/act.txt" -> FixtureResponse.ok("text/plain; charset=utf-8", TEXTS[version]);
            default -> null;
        });
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).tries(1).build();
        Source source = Source.builder(SOURCE, AtomOptions.DEFAULT).url(pub.uri("/d/feed.atom")).build();
        lexsync.register(source);
        for (version = 0; version < TEXTS.length; version++) {
            lexsync.harvest(SOURCE);
        }
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        LexSyncServer.Builder b = LexSyncServer.builder(lexsync).configuration(new Configuration(
                dir.resolve("lexsync.yaml"), List.of(source), settings)).settings(settings)
                .feature(ApiRoutes::new).feature(PublishRoutes::new);
        features.forEach(b::feature);
        server = b.build().start();
    }

    /** Harvests the three versions into a store under {@code dir} and starts a server with {@code features} too. */
    @SafeVarargs
    public static DocumentVersions start(Path dir, java.util.function.Function<ServerContext, ServerFeature>... features) {
        return new DocumentVersions(dir, List.of(features));
    }

    /** The document's URI (the feed entry's id). */
    public String uri() {
        return pub.uri("/d/act").toString();
    }

    public LexSync lexsync() {
        return lexsync;
    }

    public LexSyncServer server() {
        return server;
    }

    private String feed(String base) {
        String updated = String.format(Locale.ROOT, "2026-01-0%dT00:00:00Z", version + 1);
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">"
                + "<id>tag:publisher.example,2026:d</id><title>d</title><updated>" + updated + "</updated>"
                + "<author><name>d</name></author><entry><id>" + base + "act</id><title>" + TITLE + "</title>"
                + "<updated>" + updated + "</updated><content type=\"text/plain\" src=\"" + base
                + "act.txt\"/></entry></feed>";
    }

    @Override
    public void close() {
        server.close();
        lexsync.close();
        pub.close();
    }
}
