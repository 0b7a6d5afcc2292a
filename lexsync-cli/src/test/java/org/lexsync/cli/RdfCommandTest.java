package org.lexsync.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Path;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.TDB2;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.fixture.FixturePublisher;
import org.lexsync.fixture.eli.EliProvider;

/**
 * {@code --rdf-endpoint} and {@code lexsync rdf rebuild} against a real SPARQL store (an embedded Fuseki on loopback
 * over an in-memory TDB2 whose default graph is the union of the named graphs, as LexSync's own).
 */
class RdfCommandTest {
    private static final String COUNT = "SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { GRAPH ?g"
            + " { ?s a <http://data.europa.eu/eli/ontology#LegalResource> } }";

    @TempDir
    Path dir;
    private FixturePublisher pub;
    private EliProvider provider;
    private FusekiServer fuseki;

    @BeforeEach
    void start() {
        pub = FixturePublisher.builder().resources(0).start();
        provider = EliProvider.registerDemo(pub);
        DatasetGraph dataset = DatabaseMgr.createDatasetGraph();
        dataset.getContext().set(TDB2.symUnionDefaultGraph, true);
        fuseki = FusekiServer.create().loopback(true).port(0).add("/lexsync", dataset, true).build().start();
    }

    @AfterEach
    void stop() {
        fuseki.stop();
        pub.close();
    }

    private String endpoint() {
        return "http://127.0.0.1:" + fuseki.getHttpPort() + "/lexsync";
    }

    private CliRun sync(String... extra) {
        String[] base = {"sync", "eli", "--sitemap", provider.sitemapUrl().toString(), "--feed",
                provider.feedUrl().toString(), "--store", dir.toString(), "--ignore-robots", "--delay", "0"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void syncAndSparqlUseTheRemoteStoreOfRdfEndpoint() {
        CliRun r = sync("--rdf-endpoint", endpoint());
        assertThat(r.code()).as(r.err()).isZero();

        CliRun q = CliRun.of("sparql", "--store", dir.toString(), "--rdf-endpoint", endpoint(), "--format", "csv", COUNT);

        assertThat(q.code()).as(q.err()).isZero();
        assertThat(q.out()).contains("12");
        assertThat(dir.resolve("rdf")).doesNotExist();
    }

    @Test
    void rebuildFillsAnEmptySparqlStoreWithTheGraphsOfTheLocalOne() {
        assertThat(sync().code()).isZero();

        CliRun r = CliRun.of("rdf", "rebuild", "--store", dir.toString(), "--rdf-endpoint", endpoint());

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("rebuilt 12 graphs of 1 ELI sources into " + endpoint());
        String local = CliRun.of("sparql", "--store", dir.toString(), "--format", "csv", COUNT).out();
        String remote = CliRun.of("sparql", "--store", dir.toString(), "--rdf-endpoint", endpoint(), "--format", "csv",
                COUNT).out();
        assertThat(remote).isEqualTo(local).contains("12");
    }

    @Test
    void aSparqlStoreThatIsDownIsAStoreErrorNamingIt() throws Exception {
        assertThat(sync().code()).isZero();
        String dead;
        try (ServerSocket s = new ServerSocket(0)) {
            dead = "http://127.0.0.1:" + s.getLocalPort() + "/lexsync";
        }

        CliRun r = CliRun.of("rdf", "rebuild", "--store", dir.toString(), "--rdf-endpoint", dead);

        assertThat(r.code()).isEqualTo(4);
        assertThat(r.err()).startsWith("lexsync: RDF store error: " + dead).doesNotContain("\tat ");
    }

    @Test
    void anEndpointThatIsNotHttpIsAUsageError() {
        CliRun r = sync("--rdf-endpoint", "ftp://example.org/x");

        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--rdf-endpoint must be an http(s) URL, was ftp://example.org/x");
    }
}
