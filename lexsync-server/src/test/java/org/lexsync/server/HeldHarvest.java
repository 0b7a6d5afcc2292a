package org.lexsync.server;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.AtomOptions;
import org.lexsync.engine.model.Configuration;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.ServerSettings;
import org.lexsync.engine.model.Source;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;
import org.lexsync.server.api.ApiRoutes;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * A harvest the test holds: a loopback Atom feed of {@link #ITEMS} entries whose documents are each served only
 * when the test has {@link #release released} it, and a server with the scheduler (which starts the harvest at once),
 * the API and whatever other feature the test adds. All documents may be asked for at once (per-host concurrency
 * {@link #ITEMS}), so those released are served whatever order the applier asks in. Closing releases the rest.
 */
public final class HeldHarvest implements AutoCloseable {
    public static final String SOURCE = "slow";
    public static final int ITEMS = 5;

    /** How many documents, in the feed's order, may be served. */
    private final int[] released = {0};
    private final FixturePublisher pub;
    private final LexSync lexsync;
    private final LexSyncServer server;

    @SafeVarargs
    public HeldHarvest(Path dir, java.util.function.Function<ServerContext, ServerFeature>... features) {
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/s/", (request, p) -> {
            if (request.path().equals("/s/feed.atom")) {
                return FixtureResponse.ok("application/atom+xml", feed(p.uri("/s/").toString()));
            }
            if (request.path().startsWith("/s/doc-")) {
                int n = Integer.parseInt(request.path().replaceAll("\\D", ""));
                awaitReleased(n);
                return FixtureResponse.ok("text/plain; charset=utf-8", "document " + request.path());
            }
            return null;
        });
        lexsync = LexSync.builder(dir.resolve("data")).politeness(new Politeness(ITEMS, Duration.ZERO)).tries(1).build();
        Source source = Source.builder(SOURCE, AtomOptions.DEFAULT).url(pub.uri("/s/feed.atom")).schedule("PT1H")
                .approved(true).build();
        lexsync.register(source);
        ServerSettings settings = ServerSettings.DEFAULTS.withPort(0);
        LexSyncServer.Builder b = LexSyncServer.builder(lexsync).configuration(new Configuration(
                dir.resolve("lexsync.yaml"), List.of(source), settings)).settings(settings)
                .feature(HarvestScheduler::new).feature(ApiRoutes::new);
        for (var f : features) {
            b.feature(f);
        }
        server = b.build().start();
    }

    /** Lets the next {@code n} documents in the feed's order be served (they are applied in that order). */
    public void release(int n) {
        synchronized (released) {
            released[0] += n;
            released.notifyAll();
        }
    }

    private void awaitReleased(int document) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        synchronized (released) {
            while (released[0] < document) {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("the test did not release document " + document + " in 60 s");
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(released, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** The harvest's run, once the scheduler has started it. */
    public RunRecord run() {
        Eventually.until("the scheduler started the held harvest", Duration.ofSeconds(30),
                () -> !lexsync.store().runs(SOURCE, 1).isEmpty());
        return lexsync.store().runs(SOURCE, 1).get(0);
    }

    public LexSync lexsync() {
        return lexsync;
    }

    public LexSyncServer server() {
        return server;
    }

    private static String feed(String base) {
        StringBuilder entries = new StringBuilder();
        for (int i = 1; i <= ITEMS; i++) {
            entries.append("<entry><id>").append(base).append("doc-").append(i).append("</id><title>document ")
                    .append(i).append("</title><updated>2026-01-01T00:00:0").append(i).append("Z</updated>")
                    .append("<content type=\"text/plain\" src=\"").append(base).append("doc-").append(i)
                    .append(".txt\"/></entry>");
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><feed xmlns=\"http://www.w3.org/2005/Atom\">"
                + "<id>tag:publisher.example,2026:s</id><title>s</title><updated>2026-01-01T00:00:09Z</updated>"
                + "<author><name>s</name></author>" + entries + "</feed>";
    }

    @Override
    public void close() {
        release(ITEMS);
        server.close();
        lexsync.close();
        pub.close();
    }
}
