package org.lexsync.engine.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.Fault;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResource;
import org.lexsync.fixture.RecordedRequest;

/** robots.txt through crawler-commons (RFC 9309; docs/architecture.md, invariant 4). */
class FetcherRobotsTest {
    @TempDir
    Path temp;
    private FixturePublisher publisher;
    private FixtureResource doc;

    @BeforeEach
    void start() {
        publisher = FixturePublisher.builder().resources(4).seed(21).start();
        doc = publisher.resources().get(0);
    }

    @AfterEach
    void stop() {
        publisher.close();
    }

    private FetchResult fetchWith(Fetcher.Builder builder, FixtureResource r) {
        try (Fetcher fetcher = builder.build()) {
            return fetcher.fetch(FetchRequest.of(r.uri()));
        }
    }

    private List<RecordedRequest> robotsRequests() {
        return publisher.requests("/robots.txt");
    }

    @Test
    void disallowedUrlIsNeverRequested() {
        publisher.robotsTxt("User-agent: *\nDisallow: /eli/\n");
        FetchResult.Failed failed = (FetchResult.Failed) fetchWith(TestFetchers.fast(temp), doc);
        assertThat(failed.reason()).isEqualTo(FetchFailure.ROBOTS_DISALLOWED);
        assertThat(failed.tries()).isEqualTo(1);
        assertThat(publisher.requests(doc.path())).isEmpty();
    }

    @Test
    void groupNamingOurAgentOverridesTheWildcardGroup() {
        publisher.robotsTxt("User-agent: *\nAllow: /\n\nUser-agent: LexSync\nDisallow: /eli/\n");
        FetchResult result = fetchWith(TestFetchers.fast(temp), doc);
        assertThat(result).isInstanceOf(FetchResult.Failed.class);
        assertThat(((FetchResult.Failed) result).reason()).isEqualTo(FetchFailure.ROBOTS_DISALLOWED);
    }

    @Test
    void groupForAnotherAgentDoesNotApply() {
        publisher.robotsTxt("User-agent: otherbot\nDisallow: /\n");
        assertThat(fetchWith(TestFetchers.fast(temp), doc)).isInstanceOf(FetchResult.Fetched.class);
    }

    @Test
    void allowedUrlsAreFetchedAndRobotsTxtIsAskedOncePerHost() {
        publisher.robotsTxt("User-agent: *\nDisallow: /private/\n");
        try (Fetcher fetcher = TestFetchers.fast(temp).build()) {
            for (FixtureResource r : publisher.resources()) {
                assertThat(fetcher.fetch(FetchRequest.of(r.uri()))).isInstanceOf(FetchResult.Fetched.class);
            }
        }
        assertThat(robotsRequests()).hasSize(1);
        assertThat(robotsRequests().get(0).header("User-Agent")).startsWith("LexSync/");
    }

    @Test
    void missingRobotsTxtMeansNoRestrictions() {
        assertThat(fetchWith(TestFetchers.fast(temp), doc)).isInstanceOf(FetchResult.Fetched.class);
        assertThat(robotsRequests()).extracting(RecordedRequest::status).containsExactly(404);
    }

    @Test
    void robotsTxtServerErrorMeansCompleteDisallow() {
        publisher.robotsTxt("User-agent: *\nAllow: /\n");
        publisher.faults().always("/robots.txt", Fault.status(503));
        FetchResult.Failed failed = (FetchResult.Failed) fetchWith(TestFetchers.fast(temp), doc);
        assertThat(failed.reason()).isEqualTo(FetchFailure.ROBOTS_UNAVAILABLE);
        assertThat(failed.message()).contains("503");
        assertThat(publisher.requests(doc.path())).isEmpty();
    }

    @Test
    void ignoreRobotsFetchesDisallowedUrlsWithoutAskingForRobotsTxt() {
        publisher.robotsTxt("User-agent: *\nDisallow: /\n");
        assertThat(fetchWith(TestFetchers.fast(temp).ignoreRobots(true), doc)).isInstanceOf(FetchResult.Fetched.class);
        assertThat(robotsRequests()).isEmpty();
    }

    @Test
    void crawlDelayLengthensTheGapBetweenRequests() {
        publisher.robotsTxt("User-agent: *\nCrawl-delay: 1\n");
        try (Fetcher fetcher = TestFetchers.fast(temp).build()) {
            fetcher.fetch(FetchRequest.of(publisher.resources().get(0).uri()));
            fetcher.fetch(FetchRequest.of(publisher.resources().get(1).uri()));
        }
        List<RecordedRequest> docs = publisher.requests().stream().filter(r -> r.path().startsWith("/eli/")).toList();
        assertThat(docs).hasSize(2);
        assertThat(Duration.ofNanos(docs.get(1).nanoTime() - docs.get(0).nanoTime())).isGreaterThanOrEqualTo(Duration.ofMillis(950));
    }

    @Test
    void crawlDelayIsHonouredOnlyUpToTheCap() {
        publisher.robotsTxt("User-agent: *\nCrawl-delay: 3600\n");
        try (Fetcher fetcher = TestFetchers.fast(temp).maxCrawlDelay(Duration.ofMillis(200)).build()) {
            fetcher.fetch(FetchRequest.of(publisher.resources().get(0).uri()));
            fetcher.fetch(FetchRequest.of(publisher.resources().get(1).uri()));
        }
        List<RecordedRequest> docs = publisher.requests().stream().filter(r -> r.path().startsWith("/eli/")).toList();
        assertThat(docs).hasSize(2);
        assertThat(Duration.ofNanos(docs.get(1).nanoTime() - docs.get(0).nanoTime())).isGreaterThanOrEqualTo(Duration.ofMillis(190));
    }
}
