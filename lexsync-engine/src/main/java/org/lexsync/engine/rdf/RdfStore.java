package org.lexsync.engine.rdf;

import org.lexsync.engine.model.RdfStoreException;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.SparqlQueryException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.ResultSet;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.TDB2;
import org.apache.jena.tdb2.TDB2Factory;
import org.apache.jena.tdb2.sys.TDBInternal;
import org.lexsync.core.time.W3cDateTime;

/**
 * The RDF half of the store (docs/architecture.md, "Core model": RDF): an embedded Apache Jena TDB2 dataset in
 * {@code <dataDir>/rdf} holding one named graph per legal resource (graph name = the resource's ELI),
 * replaced as a whole on update, with the source's lastmod and the harvest time recorded about each graph
 * in the metadata graph {@value #METADATA_GRAPH} (vocabulary documented on {@link GraphRecords}: an
 * {@code sd:NamedGraph} record with {@code sd:name}, {@code dcterms:modified}, {@code prov:generatedAtTime},
 * {@code void:triples}). This is ELI Pillar IV annex §4.1 steps 2c and 3b.
 *
 * <p>Queries see the union of all named graphs (the metadata graph included) as their default graph
 * (TDB2 {@code unionDefaultGraph}); {@code GRAPH ?g {…}} still addresses each graph. Concurrency: TDB2
 * transactions, many readers and one writer at a time (a second writer waits); share one instance
 * between threads. One process may open a given directory at a time, and within it one {@code RdfStore}
 * (TDB2 shares the underlying dataset per directory and {@link #close()} releases it).
 */
public final class RdfStore implements AutoCloseable {
    /** The graph that holds the records about the other graphs. */
    public static final String METADATA_GRAPH = GraphRecords.GRAPH;

    private final Path directory;
    private final Dataset dataset;
    private final DatasetGraph dsg;

    private RdfStore(Path directory, Dataset dataset) {
        this.directory = directory;
        this.dataset = dataset;
        this.dsg = dataset.asDatasetGraph();
    }

    /** Opens (creating when absent) the RDF store of the data directory {@code dataDir}, in {@code dataDir/rdf}. */
    public static RdfStore open(Path dataDir) {
        Path directory = dataDir.resolve("rdf");
        try {
            Files.createDirectories(directory);
            Dataset dataset = TDB2Factory.connectDataset(directory.toString());
            dataset.getContext().set(TDB2.symUnionDefaultGraph, true);
            return new RdfStore(directory, dataset);
        } catch (IOException | JenaException | org.apache.jena.atlas.RuntimeIOException e) {
            throw new RdfStoreException(directory.toString(), "the TDB2 store could not be opened: " + e.getMessage(), e);
        }
    }

    /**
     * An empty store in memory, for queries on a data directory that holds no RDF (a read command creates
     * nothing there, issue 13.7).
     */
    public static RdfStore empty() {
        return new RdfStore(null, DatasetFactory.createTxnMem());
    }

    /** The TDB2 directory (null for {@link #empty()}). */
    public Path directory() {
        return directory;
    }

    /**
     * Replaces the named graph {@code graphUri} by {@code triples} and records {@code lastmod} (may be null)
     * and {@code harvested} about it, in one write transaction.
     */
    public void replaceGraph(String graphUri, Graph triples, W3cDateTime lastmod, Instant harvested) {
        replaceGraphs(List.of(new GraphReplacement(graphUri, triples, lastmod, harvested)));
    }

    /**
     * Replaces several graphs in ONE write transaction (durability paid once per batch, docs/architecture.md, invariant
     * 2). A graph named more than once ends as its last replacement says.
     */
    public void replaceGraphs(List<GraphReplacement> replacements) {
        Map<String, GraphReplacement> last = new LinkedHashMap<>();
        for (GraphReplacement r : replacements) {
            graphNode(r.graphUri());
            last.put(r.graphUri(), r);
        }
        write("replace graphs", () -> {
            List<Quad> additions = new ArrayList<>();
            for (GraphReplacement r : last.values()) {
                Node g = graphNode(r.graphUri());
                long count = replaceTriples(g, r.triples(), additions);
                GraphRecords.remove(dsg, g);
                additions.addAll(GraphRecords.quads(g, r.lastmod(), r.harvested(), count));
            }
            QuadBulkAdd.addAll(dsg, additions);
        });
    }

    /**
     * Makes graph {@code g} hold exactly {@code triples}, touching only what changed: B+tree deletions are
     * TDB2's most expensive write, and a re-harvested page is often unchanged. Stale quads are deleted here,
     * the missing ones go to {@code additions}. Returns the new size.
     */
    private long replaceTriples(Node g, Graph triples, List<Quad> additions) {
        if (!dsg.contains(g, Node.ANY, Node.ANY, Node.ANY)) {
            // a graph not in the store yet (the initial harvest): nothing to compare with
            long count = 0;
            for (Iterator<Triple> it = triples.find(); it.hasNext(); count++) {
                additions.add(Quad.create(g, it.next()));
            }
            return count;
        }
        Set<Triple> incoming = new HashSet<>(triples.find().toList());
        long count = incoming.size();
        List<Quad> stale = new ArrayList<>();
        dsg.find(g, Node.ANY, Node.ANY, Node.ANY).forEachRemaining(q -> {
            if (!incoming.remove(q.asTriple())) {
                stale.add(q);
            }
        });
        for (Quad q : stale) {
            dsg.delete(q);
        }
        for (Triple t : incoming) {
            additions.add(Quad.create(g, t));
        }
        return count;
    }

    /** Removes the graph and its record (a resource gone from the source); true when it existed. */
    public boolean removeGraph(String graphUri) {
        Node g = graphNode(graphUri);
        boolean[] existed = new boolean[1];
        write("remove graph " + graphUri, () -> {
            existed[0] = dsg.contains(g, Node.ANY, Node.ANY, Node.ANY);
            dsg.deleteAny(g, Node.ANY, Node.ANY, Node.ANY);
            existed[0] |= GraphRecords.remove(dsg, g);
        });
        return existed[0];
    }

    /** What is recorded about the graph, if it is in the store. */
    public Optional<GraphInfo> graphInfo(String graphUri) {
        Node g = graphNode(graphUri);
        return Optional.ofNullable(Txn.calculateRead(dsg, () -> GraphRecords.read(dsg, g)));
    }

    /** A copy of the graph's triples (empty when absent). */
    public Graph graph(String graphUri) {
        Node g = graphNode(graphUri);
        return Txn.calculateRead(dsg, () -> {
            Graph copy = GraphFactory.createDefaultGraph();
            dsg.find(g, Node.ANY, Node.ANY, Node.ANY).forEachRemaining(q -> copy.add(q.asTriple()));
            return copy;
        });
    }

    /** Number of resource graphs recorded. */
    public long graphCount() {
        return Txn.calculateRead(dsg, () -> dsg.stream(GraphRecords.GRAPH_NODE, Node.ANY, GraphRecords.NAME, Node.ANY).count());
    }

    /** Runs a SPARQL SELECT, ASK, CONSTRUCT or DESCRIBE query and holds its whole answer in memory. */
    public QueryResult query(String sparql) {
        Query query = parse(sparql);
        return Txn.calculateRead(dataset, () -> {
            try (QueryExecution exec = QueryExecution.dataset(dataset).query(query).build()) {
                return switch (query.queryType()) {
                    case SELECT -> QueryResult.Select.of(exec.execSelect());
                    case ASK -> new QueryResult.Ask(exec.execAsk());
                    case CONSTRUCT -> new QueryResult.Triples(exec.execConstruct().getGraph());
                    case DESCRIBE -> new QueryResult.Triples(exec.execDescribe().getGraph());
                    default -> throw new SparqlQueryException(sparql, 0, 0, "unsupported query form " + query.queryType(), null);
                };
            }
        });
    }

    /**
     * Runs a query and prints its answer to {@code out} while it is computed (SELECT in JSON or CSV, and
     * CONSTRUCT/DESCRIBE in CSV, stream; the table and Turtle/JSON-LD forms need the whole answer).
     */
    public void query(String sparql, ResultFormat format, OutputStream out) {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(out, "out");
        Query query = parse(sparql);
        Txn.executeRead(dataset, () -> {
            try (QueryExecution exec = QueryExecution.dataset(dataset).query(query).build()) {
                switch (query.queryType()) {
                    case SELECT -> {
                        ResultSet rs = exec.execSelect();
                        ResultWriters.select(rs, format, out);
                    }
                    case ASK -> ResultWriters.ask(exec.execAsk(), format, out);
                    case CONSTRUCT, DESCRIBE -> {
                        if (format == ResultFormat.CSV && query.isConstructType()) {
                            ResultWriters.triplesCsv(exec.execConstructTriples(), out);
                        } else {
                            Graph g = query.isConstructType() ? exec.execConstruct().getGraph()
                                    : exec.execDescribe().getGraph();
                            ResultWriters.graph(g, format, out);
                        }
                    }
                    default -> throw new SparqlQueryException(sparql, 0, 0, "unsupported query form " + query.queryType(), null);
                }
            }
        });
    }

    @Override
    public void close() {
        if (directory != null) {
            TDBInternal.expel(dsg);
        }
    }

    private static Query parse(String sparql) {
        Objects.requireNonNull(sparql, "sparql");
        try {
            return QueryFactory.create(sparql);
        } catch (QueryParseException e) {
            return rethrow(sparql, e);
        }
    }

    private static Query rethrow(String sparql, QueryParseException e) {
        throw new SparqlQueryException(sparql, Math.max(e.getLine(), 0), Math.max(e.getColumn(), 0),
                e.getMessage(), e);
    }

    private void write(String operation, Runnable work) {
        try {
            Txn.executeWrite(dsg, work);
        } catch (JenaException e) {
            throw new RdfStoreException(String.valueOf(directory), operation + " failed: " + e.getMessage(), e);
        }
    }

    private static Node graphNode(String graphUri) {
        Objects.requireNonNull(graphUri, "graphUri");
        if (!Iris.usable(graphUri)) {
            throw new IllegalArgumentException("a graph name must be an absolute IRI, was " + Iris.shorten(graphUri));
        }
        if (graphUri.equals(METADATA_GRAPH) || graphUri.startsWith("urn:x-arq:")) {
            throw new IllegalArgumentException("the graph name " + graphUri + " is reserved");
        }
        return NodeFactory.createURI(graphUri);
    }
}
