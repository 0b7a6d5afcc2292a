package org.lexsync.server.ping;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.atom.AtomSource;
import org.lexsync.server.Eventually;
import org.lexsync.server.SourceActivity;
import org.lexsync.server.TestServer;

/**
 * {@code POST /collector}, rinfo §9 "Notifieringar": a source POSTs its subscription feed's URL and, when it belongs
 * to an approved source, collection starts at once.
 */
class PingRoutesTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final String FORM = "application/x-www-form-urlencoded";
    @TempDir
    Path dir;
    FixturePublisher pub;
    AtomSource feed;
    AtomSource other;
    TestServer server;

    @BeforeEach
    void publisher() {
        pub = FixturePublisher.builder().resources(0).start();
        feed = AtomSource.register(pub, "/feed", 5, 300).publishNew(4);
        other = AtomSource.register(pub, "/other", 5, 300).publishNew(2);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        pub.close();
    }

    private String yaml() {
        return "sources:\n  - {id: feed, protocol: atom, url: '" + feed.subscriptionUri() + "', politeness: {delay: 0},"
                + " schedule: PT1H, approved: true}\n  - {id: other, protocol: atom, url: '" + other.subscriptionUri()
                + "', politeness: {delay: 0}, schedule: PT1H, approved: false}\n";
    }

    private void startAndAwaitFirstRun(RateLimit limit) {
        server = TestServer.start(dir, yaml(), limit);
        Eventually.until("the first scheduled run", LIMIT, () -> server.finishedRuns("feed") == 1
                && server.control().activity("feed").orElseThrow().state() == SourceActivity.State.IDLE);
    }

    private HttpResponse<String> ping(String url) {
        return server.post("/collector", null, FORM, "feed=" + java.net.URLEncoder.encode(url,
                java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The feed's URL as a publisher might write it: upper-case host, explicit port, trailing slash. */
    private String spelledDifferently() {
        java.net.URI u = feed.subscriptionUri();
        return String.format(Locale.ROOT, "HTTP://%s:%d%s/", u.getHost().toUpperCase(Locale.ROOT), u.getPort(), u.getPath());
    }

    /** Idle with only the next hourly run planned: no requested run is pending. */
    private boolean hourlyOnly(String id) {
        SourceActivity a = server.control().activity(id).orElseThrow();
        return a.state() == SourceActivity.State.IDLE && a.nextRun() != null
                && a.nextRun().isAfter(java.time.Instant.now().plusSeconds(1800));
    }

    @Test
    void aPingOfAnApprovedSourceStartsARunAtOnce() {
        startAndAwaitFirstRun(RateLimit.DEFAULT);
        feed.publishNew(3);

        HttpResponse<String> r = ping(spelledDifferently());

        assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
        assertThat(r.body()).contains("\"source\":\"feed\"").contains("\"run\":\"started\"");
        Eventually.until("the pinged run collects the 3 new entries", LIMIT,
                () -> server.lexsync().store().resourceCount("feed") == 7);
    }

    @Test
    void aJsonPingWorksLikeTheForm() {
        startAndAwaitFirstRun(RateLimit.DEFAULT);

        HttpResponse<String> r = server.post("/collector", null, "application/json",
                "{\"feed\": \"" + feed.subscriptionUri() + "\"}");

        assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
    }

    @Test
    void anUnknownOrUnapprovedFeedIs403() {
        startAndAwaitFirstRun(RateLimit.DEFAULT);

        HttpResponse<String> unknown = ping(pub.baseUri().resolve("/nothing-here").toString());
        HttpResponse<String> unapproved = ping(other.subscriptionUri().toString());

        assertThat(unknown.statusCode()).isEqualTo(403);
        assertThat(unknown.body()).contains("no approved source has the entry URL");
        assertThat(unapproved.statusCode()).isEqualTo(403);
        assertThat(server.finishedRuns("other")).isZero();
    }

    @Test
    void aMissingOrNonHttpFeedIs400() {
        startAndAwaitFirstRun(RateLimit.DEFAULT);

        assertThat(server.post("/collector", null, FORM, "").statusCode()).isEqualTo(400);
        assertThat(ping("ftp://example.org/feed").statusCode()).isEqualTo(400);
        assertThat(server.post("/collector", null, "application/json", "{\"feed\": 3}").statusCode()).isEqualTo(400);
        HttpResponse<String> broken = server.post("/collector", null, "application/json", "{not json");
        assertThat(broken.statusCode()).isEqualTo(400);
        assertThat(broken.body()).startsWith("{").contains("\"error\"").doesNotContain("at com.");
    }

    @Test
    void fiftyRapidPingsGiveAtMostTwoRuns() {
        startAndAwaitFirstRun(RateLimit.DEFAULT);

        int accepted = 0;
        for (int i = 0; i < 50; i++) {
            accepted += ping(feed.subscriptionUri().toString()).statusCode() == 202 ? 1 : 0;
        }
        Eventually.until("the pinged runs end and only the hourly run is left", LIMIT, () -> hourlyOnly("feed"));

        assertThat(accepted).isEqualTo(50);
        assertThat(server.finishedRuns("feed") - 1).isBetween(1L, 2L);
    }

    @Test
    void aClientPingingFasterThanItsLimitGets429WithRetryAfter() {
        startAndAwaitFirstRun(new RateLimit(3, 1));

        for (int i = 0; i < 3; i++) {
            assertThat(ping(feed.subscriptionUri().toString()).statusCode()).isEqualTo(202);
        }
        HttpResponse<String> limited = ping(feed.subscriptionUri().toString());

        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.headers().firstValue("Retry-After")).hasValueSatisfying(
                v -> assertThat(Long.parseLong(v)).isBetween(1L, 60L));
        assertThat(limited.body()).contains("too many pings");
    }
}
