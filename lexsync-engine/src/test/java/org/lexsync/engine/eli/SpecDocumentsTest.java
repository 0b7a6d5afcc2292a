package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Findings;
import org.lexsync.engine.fetch.Fetcher;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.harvest.SourceReader;
import org.lexsync.engine.model.HarvestListener;
import org.lexsync.engine.model.SourceUnreadableException;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.FixtureResponse;

/** The spec's own examples (ELI Pillar IV §3.2.1, §3.3.1), slightly broken, read through the walk and the feed reader. */
class SpecDocumentsTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    Fetcher fetcher;
    SourceReader fetch;
    final Map<URI, Findings> findings = new LinkedHashMap<>();

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        pub.route("/eli/", (request, p) -> switch (request.path()) {
            case "/eli/sitemap.xml" -> FixtureResponse.ok("application/xml", resource("spec-3.2.1-sitemap.xml"));
            case "/eli/eli-update-feed.atom" -> FixtureResponse.ok("application/atom+xml", resource("spec-3.3.1-feed.atom"));
            case "/eli/broken.xml" -> FixtureResponse.ok("application/xml", "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url>");
            default -> null;
        });
        fetcher = Fetcher.builder().politeness(new Politeness(1, Duration.ZERO)).ignoreRobots(true).tries(1)
                .tempDirectory(dir).build();
        fetch = new SourceReader(fetcher, HarvestListener.NONE, null, null);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        pub.close();
    }

    private String resource(String name) {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            String base = pub.baseUri().toString().replaceAll("/$", "");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("{base}", base);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<Candidate> walk(String path) {
        SitemapWalk walk = new SitemapWalk(pub.uri(path), fetch, findings::put);
        List<Candidate> out = new ArrayList<>();
        walk.forEachRemaining(out::add);
        return out;
    }

    @Test
    void sitemapExampleYieldsEveryLocWithItsLastmod() {
        List<Candidate> all = walk("/eli/sitemap.xml");
        assertThat(all).hasSize(4);
        assertThat(all.get(0).eli()).endsWith("/eli/law/2016/501/003/jo");
        assertThat(all.get(0).modified().toString()).isEqualTo("2016-03-08");
        assertThat(all.get(3).modified()).isNull();
    }

    @Test
    void sitemapEntryWithoutLastmodIsAnError() {
        walk("/eli/sitemap.xml");
        Findings f = findings.get(pub.uri("/eli/sitemap.xml"));
        // §3.2.2 "Provide 'loc' and 'lastmod'": MUST
        assertThat(f.has(SitemapWalk.LASTMOD_RULE)).isTrue();
    }

    @Test
    void sitemapLocOnAForeignHostIsReported() {
        walk("/eli/sitemap.xml");
        // §3.2.2: an ELI Sitemap lists only ELIs of its own host (sitemaps.org "Sitemap file location")
        assertThat(findings.get(pub.uri("/eli/sitemap.xml")).has("sitemaps:location/host")).isTrue();
    }

    @Test
    void truncatedSitemapMakesTheSourceUnreadable() {
        assertThatThrownBy(() -> walk("/eli/broken.xml")).isInstanceOf(SourceUnreadableException.class)
                .hasMessageContaining("broken.xml");
    }

    @Test
    void feedExampleGivesOneCandidatePerEliOldestFirst() {
        UpdateFeed feed = UpdateFeed.read(pub.uri("/eli/eli-update-feed.atom"), fetch);
        assertThat(feed.oldestFirst()).extracting(c -> c.modified().toString()).containsExactly(
                "2005-09-06T16:20:00Z", "2016-03-06T16:20:00Z", "2016-03-07T09:20:00Z", "2016-03-08T16:20:00Z");
        // the entry whose id is no ELI is taken by its link; 003 keeps its newest date
        assertThat(feed.oldestFirst().get(2).eli()).endsWith("/eli/law/2016/501/002/jo");
        assertThat(feed.oldest().toString()).isEqualTo("2005-09-06T16:20:00Z");
    }

    @Test
    void feedIdNotInUrnFormIsAWarning() {
        UpdateFeed feed = UpdateFeed.read(pub.uri("/eli/eli-update-feed.atom"), fetch);
        // §3.3.2 "The ID SHOULD be generated in the following way: use scheme 'urn:' ..."
        assertThat(feed.findings().has("eli:3.3.2/feed-id")).isTrue();
    }

    @Test
    void feedEntryWhoseIdIsNotTheEliIsReported() {
        UpdateFeed feed = UpdateFeed.read(pub.uri("/eli/eli-update-feed.atom"), fetch);
        // §3.3.2 "Provide minimal entry information": link href and id MUST be the ELI
        assertThat(feed.findings().list()).anySatisfy(f -> assertThat(f.rule()).startsWith("eli:3.3.2/entry-"));
    }
}
