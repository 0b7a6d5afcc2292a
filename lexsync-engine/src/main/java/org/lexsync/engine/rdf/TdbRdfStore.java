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
 * The local {@link RdfStore}: an embedded Apache Jena TDB2 dataset in {@code <dataDir>/rdf} (the default for one
 * machine). Queries see the union of all named graphs (the metadata graph included) as their default graph (TDB2
 * {@code unionDefaultGraph}). Concurrency: TDB2 transactions, many readers and one writer at a time (a second writer
 * waits). One process may open a given directory at a time, and within it one store (TDB2 shares the underlying
 * dataset per directory and {@link #close()} releases it).
 */
final class TdbRdfStore implements RdfStore {
    private final Path directory;
    private final Dataset dataset;
    private final DatasetGraph dsg;

    private TdbRdfStore(Path directory, Dataset dataset) {
        this.directory = directory;
        this.dataset = dataset;
        this.dsg = dataset.asDatasetGraph();
    }

    /** Opens (creating when absent) the RDF store of the data directory {@code dataDir}, in {@code dataDir/rdf}. */
    static TdbRdfStore open(Path dataDir) {
        Path directory = dataDir.resolve("rdf");
        try {
            Files.createDirectories(directory);
            Dataset dataset = TDB2Factory.connectDataset(directory.toString());
            dataset.getContext().set(TDB2.symUnionDefaultGraph, true);
            return new TdbRdfStore(directory, dataset);
        } catch (IOException | JenaException | org.apache.jena.atlas.RuntimeIOException e) {
            throw new RdfStoreException(directory.toString(), "the TDB2 store could not be opened: " + e.getMessage(), e);
        }
    }

    /**
     * An empty store in memory, for queries on a data directory that holds no RDF (a read command creates
     * nothing there, issue 13.7).
     */
    static TdbRdfStore empty() {
        return new TdbRdfStore(null, DatasetFactory.createTxnMem());
    }

    /** The TDB2 directory (null for {@link #empty()}). */
    @Override
    public Path directory() {
        return directory;
    }

    /**
     * Replaces several graphs in ONE write transaction (durability paid once per batch, docs/architecture.md, invariant
     * 2). A graph named more than once ends as its last replacement says.
     */
    @Override
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
    @Override
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
    @Override
    public Optional<GraphInfo> graphInfo(String graphUri) {
        Node g = graphNode(graphUri);
        return Optional.ofNullable(Txn.calculateRead(dsg, () -> GraphRecords.read(dsg, g)));
    }

    /** A copy of the graph's triples (empty when absent). */
    @Override
    public Graph graph(String graphUri) {
        Node g = graphNode(graphUri);
        return Txn.calculateRead(dsg, () -> {
            Graph copy = GraphFactory.createDefaultGraph();
            dsg.find(g, Node.ANY, Node.ANY, Node.ANY).forEachRemaining(q -> copy.add(q.asTriple()));
            return copy;
        });
    }

    /** Number of resource graphs recorded. */
    @Override
    public long graphCount() {
        return Txn.calculateRead(dsg, () -> dsg.stream(GraphRecords.GRAPH_NODE, Node.ANY, GraphRecords.NAME, Node.ANY).count());
    }

    @Override
    public long triples(String graphUri) {
        Node g = graphNode(graphUri);
        return Txn.calculateRead(dsg, () -> dsg.stream(g, Node.ANY, Node.ANY, Node.ANY).count());
    }

    @Override
    public QueryResult query(String sparql) {
        Query query = Queries.parse(sparql);
        return Txn.calculateRead(dataset, () -> {
            try (QueryExecution exec = QueryExecution.dataset(dataset).query(query).build()) {
                return Queries.materialise(sparql, query, exec);
            }
        });
    }

    @Override
    public void query(String sparql, ResultFormat format, OutputStream out) {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(out, "out");
        Query query = Queries.parse(sparql);
        Txn.executeRead(dataset, () -> {
            try (QueryExecution exec = QueryExecution.dataset(dataset).query(query).build()) {
                Queries.write(sparql, query, exec, format, out);
            }
        });
    }

    @Override
    public void close() {
        if (directory != null) {
            TDBInternal.expel(dsg);
        }
    }

    private void write(String operation, Runnable work) {
        try {
            Txn.executeWrite(dsg, work);
        } catch (JenaException e) {
            throw new RdfStoreException(String.valueOf(directory), operation + " failed: " + e.getMessage(), e);
        }
    }

    private static Node graphNode(String graphUri) {
        return GraphNames.node(graphUri);
    }
}
