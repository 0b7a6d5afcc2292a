package org.lexsync.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.GraphRebuildProgress;
import org.lexsync.engine.model.GraphRebuildReport;
import org.lexsync.engine.model.Politeness;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.eli.EliProvider;

/**
 * The facade's graph store: the data directory's TDB2 by default, a remote SPARQL store (a real Fuseki on loopback)
 * with {@code rdfEndpoint}, and {@code rebuildGraphs}, which fills either from the journal's stored pages.
 */
class LexSyncGraphStoreTest {
    private static final String SOURCE = "eli-xy";

    @TempDir
    Path dir;
    private FixturePublisher origin;
    private EliProvider provider;
    private LocalFuseki fuseki;

    @BeforeEach
    void start() {
        origin = FixturePublisher.builder().resources(0).start();
        provider = EliProvider.builder().acts(12).perSitemap(5).build().register(origin);
        fuseki = LocalFuseki.start(dir.resolve("fuseki"));
    }

    @AfterEach
    void stop() {
        fuseki.close();
        origin.close();
    }

    private LexSync open(boolean remote) {
        return LexSync.builder(dir.resolve("data")).politeness(new Politeness(4, Duration.ZERO)).ignoreRobots(true)
                .rdfEndpoint(remote ? fuseki.endpoint() : null).build();
    }

    private void harvest(LexSync lexsync) {
        lexsync.register(Source.builder(SOURCE, EliOptions.DEFAULT).url(provider.sitemapUrl())
                .url(provider.feedUrl()).delay(Duration.ZERO).build());
        lexsync.harvest(SOURCE);
    }

    private Map<String, Long> triplesPerGraph(RdfStore rdf) {
        Map<String, Long> out = new TreeMap<>();
        for (int n = 1; n <= 12; n++) {
            out.put(provider.eli(n), rdf.triples(provider.eli(n)));
        }
        return out;
    }

    @Test
    void withAnEndpointTheHarvestWritesTheGraphsThereAndSparqlQueriesThem() {
        try (LexSync lexsync = open(true)) {
            harvest(lexsync);
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            lexsync.sparql("SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g { ?s a <http://data.europa.eu/eli/ontology#LegalResource> } }",
                    ResultFormat.CSV, out);
            assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("12");
        }
        assertThat(dir.resolve("data").resolve("rdf")).doesNotExist();
        try (RdfStore remote = RdfStore.remote(fuseki.endpoint())) {
            assertThat(remote.graphCount()).isEqualTo(12);
        }
    }

    @Test
    void rebuildingIntoAnEmptySparqlStoreGivesTheTriplesPerGraphTheHarvestWroteToTdb2() {
        Map<String, Long> local;
        try (LexSync lexsync = open(false)) {
            harvest(lexsync);
        }
        try (RdfStore tdb = RdfStore.open(dir.resolve("data"))) {
            local = triplesPerGraph(tdb);
            assertThat(tdb.graphCount()).isEqualTo(12);
        }
        assertThat(local.values()).allSatisfy(n -> assertThat(n).isGreaterThan(10));

        List<long[]> progress = new ArrayList<>();
        GraphRebuildReport report;
        try (LexSync lexsync = open(true)) {
            report = lexsync.store().rebuildGraphs((done, total) -> progress.add(new long[] {done, total}));
        }

        assertThat(report.sources()).isEqualTo(1);
        assertThat(report.written()).isEqualTo(12);
        assertThat(report.withoutGraph()).isZero();
        assertThat(progress.get(progress.size() - 1)).containsExactly(12, 12);
        try (RdfStore remote = RdfStore.remote(fuseki.endpoint())) {
            assertThat(triplesPerGraph(remote)).isEqualTo(local);
            assertThat(remote.graphCount()).isEqualTo(12);
            assertThat(remote.graphInfo(provider.eli(1)).orElseThrow().lastmod().toString())
                    .isEqualTo(provider.acts().get(0).modified().toString());
        }
    }

    @Test
    void rebuildingTheLocalStoreRestoresAGraphItLost() {
        try (LexSync lexsync = open(false)) {
            harvest(lexsync);
        }
        Map<String, Long> before;
        try (RdfStore tdb = RdfStore.open(dir.resolve("data"))) {
            before = triplesPerGraph(tdb);
            tdb.removeGraph(provider.eli(3));
        }

        try (LexSync lexsync = open(false)) {
            assertThat(lexsync.store().rebuildGraphs(GraphRebuildProgress.NONE)
                    .written()).isEqualTo(12);
        }

        try (RdfStore tdb = RdfStore.open(dir.resolve("data"))) {
            assertThat(triplesPerGraph(tdb)).isEqualTo(before);
        }
    }
}
