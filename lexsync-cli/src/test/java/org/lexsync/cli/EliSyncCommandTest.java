package org.lexsync.cli;

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
import org.lexsync.fixture.RecordedRequest;
import org.lexsync.fixture.eli.EliProvider;

/** {@code lexsync sync eli} and {@code lexsync sparql} against the fixture ELI provider. */
class EliSyncCommandTest {
    @TempDir
    Path dir;

    FixturePublisher pub;
    EliProvider provider;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
    }

    @AfterEach
    void stop() {
        pub.close();
    }

    private CliRun sync(String... extra) {
        String[] base = {"sync", "eli", "--sitemap", provider.sitemapUrl().toString(), "--feed",
                provider.feedUrl().toString(), "--store", dir.toString(), "--ignore-robots"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void harvestsTheDemoProviderAndPrintsASummary() {
        provider = EliProvider.registerDemo(pub);
        CliRun r = sync("--delay", "0");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("eli-127.0.0.1-" + pub.baseUri().getPort() + " (eli): created 12, updated 0, deleted 0");
        assertThat(r.out()).contains("checkpoint: Sitemap and update feed synced up to ").doesNotContain("eli:synced=");
    }

    @Test
    void aPageCutShortExitsWithOneAndIsStoredByTheNextRun() {
        provider = EliProvider.registerDemo(pub);
        String eli = provider.eli(3);
        pub.faults().always(java.net.URI.create(eli).getPath(), Fault.truncatedBody());

        CliRun r = sync("--delay", "0", "--tries", "1");

        // issue 13.2: the page is a failed change, listed and retried, not a current resource with a finding
        assertThat(r.code()).as(r.err() + r.out()).isEqualTo(1);
        assertThat(CliRun.of("resources", "--store", dir.toString()).out()).doesNotContain("\"" + eli + "\"");

        pub.faults().clear();
        CliRun again = sync("--delay", "0");
        assertThat(again.code()).as(again.err() + again.out()).isZero();
        assertThat(CliRun.of("resources", "--store", dir.toString()).out()).contains("\"" + eli + "\"");
    }

    @Test
    void sparqlReadsTheHarvestedTitles() {
        provider = EliProvider.registerDemo(pub);
        sync("--delay", "0");
        provider.add(1);
        sync("--delay", "0");
        CliRun r = CliRun.of("sparql", "--store", dir.toString(), "--format", "csv",
                "SELECT ?title WHERE { ?e <http://data.europa.eu/eli/ontology#title> ?title FILTER(lang(?title) = 'en') }"
                        + " ORDER BY ?title");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("title").contains("Act No 2025/13, version 1").contains("Act No 2025/1, version 1");
    }

    @Test
    void sparqlTableShowsNamedGraphs() {
        provider = EliProvider.registerDemo(pub);
        sync("--delay", "0");
        CliRun r = CliRun.of("sparql", "--store", dir.toString(),
                "SELECT (COUNT(DISTINCT ?g) AS ?graphs) WHERE { GRAPH ?g { ?s a <http://data.europa.eu/eli/ontology#LegalResource> } }");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("12");
    }

    @Test
    void fullTextOptionStoresFullTexts() {
        provider = EliProvider.registerDemo(pub);
        CliRun r = sync("--delay", "0", "--full-text", "all", "--languages", "en", "--formats", "pdf,html");
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        // 12 acts x the English expression x (PDF, HTML), except act 8 whose page describes no format
        assertThat(pub.requests().stream().filter(q -> q.path().startsWith("/eli/files/")).count()).isEqualTo(22);
    }

    @Test
    void runsShowsThePageConformanceFindings() {
        provider = EliProvider.registerDemo(pub);
        sync("--delay", "0");
        CliRun r = CliRun.of("runs", "--store", dir.toString(), "--findings", "50");
        assertThat(r.code()).as(r.err()).isZero();
        // act 8 of the demo provider describes no format (§3.2.2)
        assertThat(r.out()).contains("eli:3.2.2/format").contains(provider.eli(8));
    }

    @Test
    void malformedSparqlIsAUsageError() {
        provider = EliProvider.registerDemo(pub);
        sync("--delay", "0");
        CliRun r = CliRun.of("sparql", "--store", dir.toString(), "SELECT WHERE {");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("lexsync: ");
    }

    @Test
    void unknownFullTextModeIsAUsageError() {
        provider = EliProvider.registerDemo(pub);
        CliRun r = sync("--delay", "0", "--full-text", "some");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--full-text");
    }

    @Test
    void missingFeedIsAUsageError() {
        CliRun r = CliRun.of("sync", "eli", "--sitemap", "http://127.0.0.1:1/eli/sitemap.xml", "--store", dir.toString());
        assertThat(r.code()).isEqualTo(2);
    }

    @Test
    void unreadableSitemapExitsWithThree() {
        provider = EliProvider.registerDemo(pub);
        CliRun r = CliRun.of("sync", "eli", "--sitemap", pub.uri("/nothing/sitemap.xml").toString(), "--feed",
                provider.feedUrl().toString(), "--store", dir.toString(), "--ignore-robots", "--delay", "0", "--tries", "1");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.err()).startsWith("lexsync: ").doesNotContain("\tat ");
    }

    /**
     * ELI Pillar IV annex §4.1 step 2c: "waits for 5 seconds"; three requests only (the feed to date the Sitemap's
     * entries, the Sitemap, the feed again for the updates made during the walk).
     */
    @Test
    void defaultDelayIsFiveSecondsPerHost() {
        provider = EliProvider.builder().acts(0).index(false).build().register(pub);
        CliRun r = sync();
        assertThat(r.code()).as(r.err()).isZero();
        List<RecordedRequest> requests = pub.requests();
        assertThat(requests).extracting(RecordedRequest::path)
                .containsExactly("/eli/eli-update-feed.atom", "/eli/sitemap.xml", "/eli/eli-update-feed.atom");
        for (int i = 1; i < requests.size(); i++) {
            Duration gap = Duration.ofNanos(requests.get(i).nanoTime() - requests.get(i - 1).nanoTime());
            assertThat(gap).isGreaterThanOrEqualTo(Duration.ofMillis(4900));
        }
    }
}
