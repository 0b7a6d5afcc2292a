package org.lexsync.engine.rdf;

import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.jena.atlas.web.HttpException;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.exec.http.GSP;
import org.apache.jena.sparql.exec.http.QueryExecutionHTTP;
import org.apache.jena.sparql.exec.http.UpdateExecHTTP;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.modify.request.QuadAcc;
import org.apache.jena.sparql.modify.request.QuadDataAcc;
import org.apache.jena.sparql.modify.request.UpdateDataInsert;
import org.apache.jena.sparql.modify.request.UpdateDeleteWhere;
import org.apache.jena.update.UpdateRequest;
import org.lexsync.engine.model.RdfStoreException;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.SparqlQueryException;

/**
 * A {@link RdfStore} in a remote SPARQL 1.1 dataset: each graph is replaced with a Graph Store Protocol {@code PUT}
 * on {@code endpoint?graph=…} and removed with a {@code DELETE}; the records about the graphs (metadata graph) are
 * written with one SPARQL Update per batch, after the graphs, so that a failure in between leaves a graph whose record
 * is stale, which the next run's repair rewrites. Queries go to the endpoint with the SPARQL Protocol. Every failure of
 * the endpoint (down, refused, an HTTP error status, a timeout) is an {@link RdfStoreException} naming the endpoint.
 * The exchanges go through Jena's HTTP client, not the polite fetcher: the store is LexSync's own, not a source.
 */
final class RemoteRdfStore implements RdfStore {
    /** Longest wait for a query's answer. */
    static final Duration QUERY_TIMEOUT = Duration.ofMinutes(5);
    /**
     * Longest wait for a write (a graph's PUT or DELETE, an update of the records): a store that takes the request and
     * never answers is then a typed error, the batch fails and the next run goes on, instead of a harvest that hangs.
     */
    static final Duration WRITE_TIMEOUT = Duration.ofMinutes(2);

    private static final Var R = Var.alloc("r");
    private static final Var P = Var.alloc("p");
    private static final Var O = Var.alloc("o");

    private final String endpoint;
    private final Duration writeTimeout;

    RemoteRdfStore(URI endpoint) {
        this(endpoint, WRITE_TIMEOUT);
    }

    /** A store whose writes wait at most {@code writeTimeout} for an answer. */
    RemoteRdfStore(URI endpoint, Duration writeTimeout) {
        Objects.requireNonNull(endpoint, "endpoint");
        this.writeTimeout = Objects.requireNonNull(writeTimeout, "writeTimeout");
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || endpoint.getHost() == null) {
            throw new IllegalArgumentException("a SPARQL endpoint must be an http(s) URL, was " + endpoint);
        }
        this.endpoint = endpoint.toString();
    }

    @Override
    public Path directory() {
        return null;
    }

    @Override
    public void replaceGraphs(List<GraphReplacement> replacements) {
        Map<String, GraphReplacement> last = new LinkedHashMap<>();
        for (GraphReplacement r : replacements) {
            GraphNames.node(r.graphUri());
            last.put(r.graphUri(), r);
        }
        if (last.isEmpty()) {
            return;
        }
        UpdateRequest records = new UpdateRequest();
        for (GraphReplacement r : last.values()) {
            Node g = GraphNames.node(r.graphUri());
            write("replace graph " + r.graphUri(), () -> {
                gsp().graphName(g).PUT(r.triples());
                return null;
            });
            removeRecord(records, g);
            records.add(new UpdateDataInsert(new QuadDataAcc(
                    GraphRecords.quads(g, r.lastmod(), r.harvested(), r.triples().size()))));
        }
        update("record " + last.size() + " graphs", records);
    }

    @Override
    public boolean removeGraph(String graphUri) {
        Node g = GraphNames.node(graphUri);
        boolean existed = write("remove graph " + graphUri, () -> {
            try {
                gsp().graphName(g).DELETE();
                return true;
            } catch (HttpException e) {
                if (e.getStatusCode() == 404) {
                    return false;
                }
                throw e;
            }
        });
        existed |= graphInfo(graphUri).isPresent();
        UpdateRequest records = new UpdateRequest();
        removeRecord(records, g);
        update("remove the record of " + graphUri, records);
        return existed;
    }

    @Override
    public Optional<GraphInfo> graphInfo(String graphUri) {
        Node g = GraphNames.node(graphUri);
        String sparql = "CONSTRUCT { ?r ?p ?o } WHERE { GRAPH <" + GraphRecords.GRAPH + "> { ?r <"
                + GraphRecords.NAME.getURI() + "> <" + g.getURI() + "> ; ?p ?o } }";
        Graph record = ((QueryResult.Triples) query(sparql)).graph();
        DatasetGraph local = DatasetGraphFactory.create();
        for (Triple t : record.find().toList()) {
            local.add(Quad.create(GraphRecords.GRAPH_NODE, t));
        }
        return Optional.ofNullable(GraphRecords.read(local, g));
    }

    @Override
    public Graph graph(String graphUri) {
        Node g = GraphNames.node(graphUri);
        return call("read graph " + graphUri, () -> {
            try {
                Graph copy = GraphFactory.createDefaultGraph();
                gsp().graphName(g).GET().find().forEachRemaining(copy::add);
                return copy;
            } catch (HttpException e) {
                if (e.getStatusCode() == 404) {
                    return GraphFactory.createDefaultGraph();
                }
                throw e;
            }
        });
    }

    @Override
    public long triples(String graphUri) {
        Node g = GraphNames.node(graphUri);
        return count("SELECT (COUNT(*) AS ?n) WHERE { GRAPH <" + g.getURI() + "> { ?s ?p ?o } }");
    }

    @Override
    public long graphCount() {
        return count("SELECT (COUNT(?g) AS ?n) WHERE { GRAPH <" + GraphRecords.GRAPH + "> { ?r <"
                + GraphRecords.NAME.getURI() + "> ?g } }");
    }

    private long count(String sparql) {
        QueryResult.Select r = (QueryResult.Select) query(sparql);
        Node n = r.rows().isEmpty() ? null : r.rows().get(0).get("n");
        return n == null ? 0 : Long.parseLong(n.getLiteralLexicalForm());
    }

    @Override
    public QueryResult query(String sparql) {
        Query query = Queries.parse(sparql);
        return call("query", () -> {
            try (QueryExecution exec = execution(query)) {
                return Queries.materialise(sparql, query, exec);
            }
        });
    }

    @Override
    public void query(String sparql, ResultFormat format, OutputStream out) {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(out, "out");
        Query query = Queries.parse(sparql);
        call("query", () -> {
            try (QueryExecution exec = execution(query)) {
                Queries.write(sparql, query, exec, format, out);
            }
            return null;
        });
    }

    /** Nothing to release: the exchanges use Jena's shared HTTP client (connections time out after 10 s). */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "SPARQL store " + endpoint;
    }

    private QueryExecution execution(Query query) {
        return QueryExecutionHTTP.service(endpoint).query(query)
                .timeout(QUERY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).build();
    }

    private GSP gsp() {
        return GSP.service(endpoint);
    }

    /** Adds to {@code request} the removal of every record of graph {@code g}. */
    private static void removeRecord(UpdateRequest request, Node g) {
        QuadAcc pattern = new QuadAcc();
        pattern.addQuad(Quad.create(GraphRecords.GRAPH_NODE, R, GraphRecords.NAME, g));
        pattern.addQuad(Quad.create(GraphRecords.GRAPH_NODE, R, P, O));
        request.add(new UpdateDeleteWhere(pattern));
    }

    private void update(String operation, UpdateRequest request) {
        write(operation, () -> {
            UpdateExecHTTP.service(endpoint).update(request).execute();
            return null;
        });
    }

    /**
     * Runs one write exchange as {@link #call}, waiting at most {@link #writeTimeout} for it: on a virtual thread,
     * interrupted (which aborts the HTTP exchange) when the time is up.
     */
    private <T> T write(String operation, Supplier<T> exchange) {
        java.util.concurrent.CompletableFuture<T> result = new java.util.concurrent.CompletableFuture<>();
        Thread worker = Thread.ofVirtual().name("sparql-write").start(() -> {
            try {
                result.complete(call(operation, exchange));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(writeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            worker.interrupt();
            throw new RdfStoreException(endpoint, operation + " failed: no answer within " + writeTimeout.toMillis()
                    + " ms", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new RdfStoreException(endpoint, operation + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            worker.interrupt();
            Thread.currentThread().interrupt();
            throw new RdfStoreException(endpoint, operation + " interrupted", e);
        }
    }

    /** Runs one exchange with the endpoint; its failures become an {@link RdfStoreException} naming the endpoint. */
    private <T> T call(String operation, Supplier<T> exchange) {
        try {
            return exchange.get();
        } catch (SparqlQueryException | RdfStoreException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new RdfStoreException(endpoint, operation + " failed: " + describe(e), e);
        }
    }

    private static String describe(RuntimeException e) {
        int status = e instanceof HttpException h ? h.getStatusCode()
                : e instanceof org.apache.jena.sparql.engine.http.QueryExceptionHTTP q ? q.getStatusCode() : -1;
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String detail = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return status > 0 ? "HTTP " + status + " (" + detail + ")" : detail;
    }
}
