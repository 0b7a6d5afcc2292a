package org.lexsync.engine.rdf;

import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.jena.graph.Graph;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.engine.model.ResultFormat;

/**
 * The graph store, the RDF half of the store (docs/architecture.md, "Core model": RDF): one named graph per legal
 * resource (graph name = the resource's ELI), replaced as a whole on update, with the source's lastmod and the harvest
 * time recorded about each graph in the metadata graph {@value #METADATA_GRAPH} (vocabulary documented on
 * {@link GraphRecords}: an {@code sd:NamedGraph} record with {@code sd:name}, {@code dcterms:modified},
 * {@code prov:generatedAtTime}, {@code void:triples}). This is ELI Pillar IV annex §4.1 steps 2c and 3b.
 *
 * <p>Two kinds: the local TDB2 of a data directory ({@link #open}, the default for one machine) and a remote SPARQL
 * 1.1 dataset ({@link #remote}: Graph Store Protocol for the graphs, SPARQL Protocol for queries and the records),
 * so that several nodes share one store. Queries see the union of all named graphs as their default graph (a remote
 * dataset is configured so, e.g. Fuseki's {@code tdb2:unionDefaultGraph}); {@code GRAPH ?g {…}} addresses each graph.
 * A store that cannot be read or written throws {@link org.lexsync.engine.model.RdfStoreException}. Share one instance
 * between threads.
 */
public interface RdfStore extends AutoCloseable {
    /** The graph that holds the records about the other graphs. */
    String METADATA_GRAPH = GraphRecords.GRAPH;

    /** Opens (creating when absent) the TDB2 store of the data directory {@code dataDir}, in {@code dataDir/rdf}. */
    static RdfStore open(Path dataDir) {
        return TdbRdfStore.open(dataDir);
    }

    /**
     * An empty store in memory, for queries on a data directory that holds no RDF (a read command creates nothing
     * there, issue 13.7).
     */
    static RdfStore empty() {
        return TdbRdfStore.empty();
    }

    /**
     * The remote SPARQL 1.1 dataset at {@code endpoint} (e.g. Fuseki's {@code http://127.0.0.1:3030/lexsync}): graphs
     * are written with the Graph Store Protocol on {@code endpoint?graph=…}, queries and updates are sent to
     * {@code endpoint} itself. Nothing is contacted before the first call.
     */
    static RdfStore remote(URI endpoint) {
        return new RemoteRdfStore(endpoint);
    }

    /** The TDB2 directory, or null when the store is not a local TDB2 (in memory, remote). */
    Path directory();

    /**
     * Replaces the named graph {@code graphUri} by {@code triples} and records {@code lastmod} (may be null) and
     * {@code harvested} about it.
     */
    default void replaceGraph(String graphUri, Graph triples, W3cDateTime lastmod, Instant harvested) {
        replaceGraphs(List.of(new GraphReplacement(graphUri, triples, lastmod, harvested)));
    }

    /**
     * Replaces several graphs (locally in ONE write transaction: durability paid once per batch, docs/architecture.md,
     * invariant 2). A graph named more than once ends as its last replacement says.
     */
    void replaceGraphs(List<GraphReplacement> replacements);

    /** Removes the graph and its record (a resource gone from the source); true when it existed. */
    boolean removeGraph(String graphUri);

    /** What is recorded about the graph, if it is in the store. */
    Optional<GraphInfo> graphInfo(String graphUri);

    /** A copy of the graph's triples (empty when absent). */
    Graph graph(String graphUri);

    /** The number of triples the graph holds (0 when absent), counted in the store, not taken from its record. */
    long triples(String graphUri);

    /** Number of resource graphs recorded. */
    long graphCount();

    /** The names of the resource graphs recorded, sorted (e.g. to copy them to another store). */
    default List<String> graphNames() {
        QueryResult.Select r = (QueryResult.Select) query("SELECT ?g WHERE { GRAPH <" + GraphRecords.GRAPH + "> { ?r <"
                + GraphRecords.NAME.getURI() + "> ?g } } ORDER BY ?g");
        return r.rows().stream().map(row -> row.get("g").getURI()).toList();
    }

    /** Runs a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query and holds its whole answer in memory. */
    QueryResult query(String sparql);

    /**
     * Runs a query and prints its answer to {@code out} while it is computed (SELECT in JSON or CSV, and
     * CONSTRUCT/DESCRIBE in CSV, stream; the table and Turtle/JSON-LD forms need the whole answer).
     */
    void query(String sparql, ResultFormat format, OutputStream out);

    @Override
    void close();
}
