package org.lexsync.engine.rdf;

import java.io.OutputStream;
import java.util.Objects;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.lexsync.engine.model.ResultFormat;
import org.lexsync.engine.model.SparqlQueryException;

/**
 * Parsing a query and turning an execution into an answer, the same for every {@link RdfStore}: the local TDB2 and a
 * remote SPARQL endpoint give the same result shapes and formats.
 */
final class Queries {
    private Queries() {
    }

    /** The query parsed here (so that a syntax error names line and column whatever the store). */
    static Query parse(String sparql) {
        Objects.requireNonNull(sparql, "sparql");
        try {
            return QueryFactory.create(sparql);
        } catch (QueryParseException e) {
            throw new SparqlQueryException(sparql, Math.max(e.getLine(), 0), Math.max(e.getColumn(), 0),
                    e.getMessage(), e);
        }
    }

    /** The whole answer of {@code exec}, held in memory. */
    static QueryResult materialise(String sparql, Query query, QueryExecution exec) {
        return switch (query.queryType()) {
            case SELECT -> QueryResult.Select.of(exec.execSelect());
            case ASK -> new QueryResult.Ask(exec.execAsk());
            case CONSTRUCT -> new QueryResult.Triples(exec.execConstruct().getGraph());
            case DESCRIBE -> new QueryResult.Triples(exec.execDescribe().getGraph());
            default -> throw new SparqlQueryException(sparql, 0, 0, "unsupported query form " + query.queryType(), null);
        };
    }

    /**
     * Prints the answer of {@code exec} while it is computed (SELECT in JSON or CSV, and CONSTRUCT in CSV, stream; the
     * table and Turtle/JSON-LD forms need the whole answer).
     */
    static void write(String sparql, Query query, QueryExecution exec, ResultFormat format, OutputStream out) {
        switch (query.queryType()) {
            case SELECT -> ResultWriters.select(exec.execSelect(), format, out);
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
}
