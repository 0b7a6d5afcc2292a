package org.lexsync.engine.rdf;

import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.SparqlQueryException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * The TDB2 store of resource graphs (docs/architecture.md, "Core model": RDF; ELI Pillar IV annex §4.1 steps 2c and
 * 3b) on a real directory.
 */
class RdfStoreTest {
    private static final Instant HARVESTED = Instant.parse("2026-11-21T10:15:30Z");
    private static final W3cDateTime LASTMOD = W3cDateTimes.parseOrNull("2016-03-08");

    @TempDir
    Path dataDir;
    RdfStore store;

    @BeforeEach
    void open() {
        store = openStore();
    }

    @AfterEach
    void close() {
        store.close();
    }

    /** The store under test (a subclass runs the same assertions on another kind of store). */
    RdfStore openStore() {
        return RdfStore.open(dataDir);
    }

    private static Graph law003() {
        return Pages.extract("law-2016-501-003-rdfa.html", Pages.LAW_003 + "/fra/html").graph();
    }

    private static Graph law002() {
        return Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002 + "/").graph();
    }

    private String print(String sparql, ResultFormat format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.query(sparql).write(format, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void triplesAreCountedPerGraph() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        store.replaceGraph(Pages.LAW_002, law002(), LASTMOD, HARVESTED);

        assertThat(store.triples(Pages.LAW_003)).isEqualTo(29);
        assertThat(store.triples(Pages.LAW_002)).isEqualTo(law002().size());
        assertThat(store.triples(Pages.LAW_004)).isZero();
    }

    @Test
    void storeLivesInTheRdfDirectoryOfTheDataDirectory() {
        assertThat(store.directory()).isEqualTo(dataDir.resolve("rdf"));
        assertThat(dataDir.resolve("rdf")).isDirectory();
    }

    @Test
    void replaceGraphStoresTheTriplesUnderTheResourceUri() {
        Graph page = law003();

        store.replaceGraph(Pages.LAW_003, page, LASTMOD, HARVESTED);

        assertThat(store.graph(Pages.LAW_003).isIsomorphicWith(page)).isTrue();
    }

    @Test
    void replaceGraphRecordsLastmodHarvestTimeAndSize() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);

        assertThat(store.graphInfo(Pages.LAW_003)).contains(new GraphInfo(Pages.LAW_003, LASTMOD, HARVESTED, 29));
    }

    @Test
    void replacingAgainDropsTheOldTriples() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        Graph newer = GraphFactory.createDefaultGraph();
        newer.add(Triple.create(Pages.iri(Pages.LAW_003), Pages.eli("number"), Pages.iri("http://country.xy/n/1")));
        W3cDateTime later = W3cDateTimes.parseOrNull("2016-04-01T09:30:00+02:00");

        store.replaceGraph(Pages.LAW_003, newer, later, HARVESTED.plusSeconds(60));

        assertThat(store.graph(Pages.LAW_003).isIsomorphicWith(newer)).isTrue();
        assertThat(store.graphInfo(Pages.LAW_003)).contains(
                new GraphInfo(Pages.LAW_003, later, HARVESTED.plusSeconds(60), 1));
        assertThat(store.graphCount()).isEqualTo(1);
    }

    @Test
    void replacingWithTheSameTriplesKeepsThemAndRenewsTheRecord() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        Graph again = law003();

        store.replaceGraph(Pages.LAW_003, again, LASTMOD, HARVESTED.plusSeconds(3600));

        assertThat(store.graph(Pages.LAW_003).isIsomorphicWith(again)).isTrue();
        assertThat(store.graphInfo(Pages.LAW_003).orElseThrow().harvested()).isEqualTo(HARVESTED.plusSeconds(3600));
    }

    @Test
    void graphWithBlankNodesIsReplacedWithoutLeftovers() {
        String page = "<html prefix=\"eli: http://data.europa.eu/eli/ontology#\"><body about=\"" + Pages.LAW_004
                + "\"><div rel=\"eli:is_realized_by\"><span typeof=\"eli:LegalExpression\" property=\"eli:title\">T</span></div></body></html>";
        Graph withBlank = new PageMetadataExtractor().extract(page.getBytes(StandardCharsets.UTF_8),
                java.net.URI.create(Pages.LAW_004), StandardCharsets.UTF_8).graph();

        store.replaceGraph(Pages.LAW_004, withBlank, LASTMOD, HARVESTED);
        store.replaceGraph(Pages.LAW_004, withBlank, LASTMOD, HARVESTED);

        assertThat(store.graph(Pages.LAW_004).size()).isEqualTo(withBlank.size());
    }

    @Test
    void minutePrecisionLastmodIsStoredAsAValidDateTime() {
        store.replaceGraph(Pages.LAW_003, law003(), W3cDateTimes.parseOrNull("2016-03-08T16:20Z"), HARVESTED);

        assertThat(store.graphInfo(Pages.LAW_003).orElseThrow().lastmod().toInstant())
                .isEqualTo(Instant.parse("2016-03-08T16:20:00Z"));
        assertThat(print("ASK { ?r <http://purl.org/dc/terms/modified> \"2016-03-08T16:20:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime> }",
                ResultFormat.TABLE)).isEqualTo("true\n");
    }

    @Test
    void removeGraphDeletesTriplesAndRecord() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        store.replaceGraph(Pages.LAW_002, law002(), LASTMOD, HARVESTED);

        assertThat(store.removeGraph(Pages.LAW_003)).isTrue();

        assertThat(store.graph(Pages.LAW_003).isEmpty()).isTrue();
        assertThat(store.graphInfo(Pages.LAW_003)).isEmpty();
        assertThat(store.graphInfo(Pages.LAW_002)).isPresent();
        assertThat(store.removeGraph(Pages.LAW_003)).isFalse();
    }

    @Test
    void graphsSurviveClosingAndReopening() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        store.close();

        store = openStore();

        assertThat(store.graph(Pages.LAW_003).size()).isEqualTo(29);
        assertThat(store.graphInfo(Pages.LAW_003).orElseThrow().lastmod()).isEqualTo(LASTMOD);
    }

    @Test
    void batchReplacementWritesEveryGraph() {
        store.replaceGraphs(List.of(new GraphReplacement(Pages.LAW_003, law003(), LASTMOD, HARVESTED),
                new GraphReplacement(Pages.LAW_002, law002(), null, HARVESTED)));

        assertThat(store.graphCount()).isEqualTo(2);
        assertThat(store.graphInfo(Pages.LAW_002).orElseThrow().lastmod()).isNull();
    }

    @Test
    void batchMixingNewGraphsAndAStoredOneLeavesEachGraphExactlyItsTriples() {
        store.replaceGraph(Pages.LAW_003, law002(), LASTMOD, HARVESTED);
        Graph small = GraphFactory.createDefaultGraph();
        small.add(Triple.create(Pages.iri(Pages.LAW_001), Pages.eli("number"), Pages.iri("http://country.xy/n/1")));

        // LAW_003 is stored (and gets other triples), LAW_002 and LAW_001 are new; LAW_001 comes twice, last wins
        store.replaceGraphs(List.of(new GraphReplacement(Pages.LAW_002, law002(), null, HARVESTED),
                new GraphReplacement(Pages.LAW_003, law003(), LASTMOD, HARVESTED),
                new GraphReplacement(Pages.LAW_001, law003(), LASTMOD, HARVESTED),
                new GraphReplacement(Pages.LAW_001, small, LASTMOD, HARVESTED)));

        assertThat(store.graphCount()).isEqualTo(3);
        assertThat(store.graph(Pages.LAW_003).isIsomorphicWith(law003())).isTrue();
        assertThat(store.graph(Pages.LAW_002).isIsomorphicWith(law002())).isTrue();
        assertThat(store.graph(Pages.LAW_001).isIsomorphicWith(small)).isTrue();
        assertThat(store.graphInfo(Pages.LAW_003).orElseThrow().triples()).isEqualTo(29);
        assertThat(store.graphInfo(Pages.LAW_002).orElseThrow().triples()).isEqualTo(law002().size());
        assertThat(store.graphInfo(Pages.LAW_001).orElseThrow().triples()).isEqualTo(1);
    }

    @Test
    void batchWrittenGraphsAreFoundThroughEveryIndex() {
        store.replaceGraphs(List.of(new GraphReplacement(Pages.LAW_003, law003(), LASTMOD, HARVESTED),
                new GraphReplacement(Pages.LAW_002, law002(), null, HARVESTED)));
        String type = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>";
        String legalResource = "<http://data.europa.eu/eli/ontology#LegalResource>";

        // by graph, by subject, by predicate + object and by object alone: GSPO, SPOG, POSG and OSPG
        assertThat(((QueryResult.Select) store.query("SELECT ?s WHERE { GRAPH <" + Pages.LAW_003 + "> { ?s "
                + type + " " + legalResource + " } }")).rows()).hasSize(1);
        assertThat(((QueryResult.Select) store.query("SELECT ?g WHERE { GRAPH ?g { <" + Pages.LAW_003 + "> ?p ?o } }"))
                .rows()).isNotEmpty();
        assertThat(((QueryResult.Select) store.query("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s " + type + " "
                + legalResource + " } }")).rows()).hasSize(2);
        assertThat(((QueryResult.Select) store.query("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p "
                + legalResource + " } }")).rows()).hasSize(2);
        assertThat(store.graph(Pages.LAW_002).isIsomorphicWith(law002())).isTrue();
    }

    @Test
    void defaultGraphOfQueriesIsTheUnionOfNamedGraphs() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        store.replaceGraph(Pages.LAW_002, law002(), LASTMOD, HARVESTED);

        QueryResult result = store.query("""
                PREFIX eli: <http://data.europa.eu/eli/ontology#>
                SELECT ?r WHERE { ?r a eli:LegalResource } ORDER BY ?r""");

        assertThat(result).isInstanceOfSatisfying(QueryResult.Select.class, s -> assertThat(s.rows())
                .extracting(row -> row.get("r").getURI()).containsExactly(Pages.LAW_002, Pages.LAW_003));
    }

    @Test
    void namedGraphsAreVisibleByName() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        store.replaceGraph(Pages.LAW_002, law002(), LASTMOD, HARVESTED);

        String csv = print("""
                PREFIX eli: <http://data.europa.eu/eli/ontology#>
                SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?e a eli:LegalExpression } } GROUP BY ?g ORDER BY ?g""",
                ResultFormat.CSV);

        assertThat(csv).isEqualTo("g,n\r\n" + Pages.LAW_002 + ",2\r\n" + Pages.LAW_003 + ",2\r\n");
    }

    @Test
    void graphRecordsAreQueryableInTheMetadataGraph() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);

        String csv = print("""
                PREFIX sd: <http://www.w3.org/ns/sparql-service-description#>
                PREFIX dcterms: <http://purl.org/dc/terms/>
                PREFIX prov: <http://www.w3.org/ns/prov#>
                SELECT ?g ?lastmod ?harvested WHERE { GRAPH <urn:lexsync:rdf:graph-records> {
                  ?r sd:name ?g ; dcterms:modified ?lastmod ; prov:generatedAtTime ?harvested } }""",
                ResultFormat.CSV);

        assertThat(csv).isEqualTo("g,lastmod,harvested\r\n" + Pages.LAW_003 + ",2016-03-08,2026-11-21T10:15:30Z\r\n");
    }

    @Test
    void selectPrintsAsJsonResults() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);

        String json = print("SELECT ?n WHERE { ?r <http://data.europa.eu/eli/ontology#number> ?n }", ResultFormat.JSON);

        assertThat(json).contains("\"vars\"").contains("\"n\"").contains("\"2016-501\"").contains("\"xml:lang\"");
    }

    @Test
    void selectPrintsAsATable() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);

        String table = print("SELECT ?n WHERE { ?r <http://data.europa.eu/eli/ontology#number> ?n }", ResultFormat.TABLE);

        assertThat(table).contains("| n").contains("\"2016-501\"@fr");
    }

    @Test
    void askAnswersInEveryFormat() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        String ask = "ASK { GRAPH <" + Pages.LAW_003 + "> { ?s ?p ?o } }";

        assertThat(print(ask, ResultFormat.TABLE)).isEqualTo("true\n");
        assertThat(print(ask, ResultFormat.JSON)).contains("\"boolean\"").contains("true");
        assertThat(print(ask, ResultFormat.CSV)).contains("true");
    }

    @Test
    void constructPrintsAsTurtleJsonLdOrCsv() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        String construct = "CONSTRUCT { ?r a ?t } WHERE { GRAPH <" + Pages.LAW_003 + "> { ?r a ?t } FILTER(?r = <"
                + Pages.LAW_003 + ">) }";

        assertThat(print(construct, ResultFormat.TABLE)).contains("<" + Pages.LAW_003 + ">");
        assertThat(print(construct, ResultFormat.JSON)).contains("\"@id\"");
        assertThat(print(construct, ResultFormat.CSV)).isEqualTo("subject,predicate,object\r\n" + Pages.LAW_003
                + ",http://www.w3.org/1999/02/22-rdf-syntax-ns#type,http://data.europa.eu/eli/ontology#LegalResource\r\n");
    }

    @Test
    void streamingQueryWritesCsvRows() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        store.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH <" + Pages.LAW_003 + "> { ?s ?p ?o } }", ResultFormat.CSV, out);

        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("n\r\n29\r\n");
    }

    @Test
    void describeReturnsTriples() {
        store.replaceGraph(Pages.LAW_003, law003(), LASTMOD, HARVESTED);

        QueryResult result = store.query("DESCRIBE <" + Pages.LAW_003 + ">");

        assertThat(result).isInstanceOfSatisfying(QueryResult.Triples.class,
                t -> assertThat(t.graph().isEmpty()).isFalse());
    }

    @Test
    void invalidQueryIsATypedFailureWithItsPosition() {
        assertThatThrownBy(() -> store.query("SELECT ?x WHERE {\n  ?x ?y }"))
                .isInstanceOfSatisfying(SparqlQueryException.class, e -> assertThat(e.line()).isEqualTo(2));
    }

    @Test
    void metadataGraphNameIsReserved() {
        assertThatThrownBy(() -> store.replaceGraph(RdfStore.METADATA_GRAPH, law003(), LASTMOD, HARVESTED))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserved");
        assertThatThrownBy(() -> store.removeGraph("not an iri"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
