package org.lexsync.engine.rdf;

import org.lexsync.engine.model.ResultFormat;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.query.ResultSet;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ResultSetStream;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.binding.BindingFactory;

/**
 * The materialised answer of {@link RdfStore#query(String)}, one shape per SPARQL query form, printable in
 * any {@link ResultFormat}. (For answers too large to hold, {@link RdfStore#query(String, ResultFormat,
 * OutputStream)} streams instead.)
 */
public sealed interface QueryResult {

    /** Prints the result in {@code format} (UTF-8); the stream is flushed, not closed. */
    void write(ResultFormat format, OutputStream out);

    /** SELECT: the projected variables and one map per row (unbound variables are absent from it). */
    record Select(List<String> variables, List<Map<String, Node>> rows) implements QueryResult {
        public Select {
            variables = List.copyOf(variables);
            List<Map<String, Node>> copy = new ArrayList<>(rows.size());
            for (Map<String, Node> row : rows) {
                copy.add(Collections.unmodifiableMap(new LinkedHashMap<>(row)));
            }
            rows = Collections.unmodifiableList(copy);
        }

        static Select of(ResultSet results) {
            List<String> vars = results.getResultVars();
            List<Map<String, Node>> rows = new ArrayList<>();
            while (results.hasNext()) {
                Binding b = results.nextBinding();
                Map<String, Node> row = new LinkedHashMap<>();
                for (String v : vars) {
                    Node n = b.get(Var.alloc(v));
                    if (n != null) {
                        row.put(v, n);
                    }
                }
                rows.add(row);
            }
            return new Select(vars, rows);
        }

        /** The rows again as a Jena result set, for the SPARQL result writers. */
        ResultSet asResultSet() {
            List<Var> vars = Var.varList(variables);
            List<Binding> bindings = new ArrayList<>(rows.size());
            for (Map<String, Node> row : rows) {
                BindingBuilder builder = BindingFactory.builder();
                row.forEach((k, v) -> builder.add(Var.alloc(k), v));
                bindings.add(builder.build());
            }
            return ResultSetStream.create(vars, bindings.iterator());
        }

        @Override
        public void write(ResultFormat format, OutputStream out) {
            ResultWriters.select(asResultSet(), format, out);
        }
    }

    /** ASK. */
    record Ask(boolean value) implements QueryResult {
        @Override
        public void write(ResultFormat format, OutputStream out) {
            ResultWriters.ask(value, format, out);
        }
    }

    /** CONSTRUCT or DESCRIBE: the graph built (owned by this result). */
    record Triples(Graph graph) implements QueryResult {
        public Triples {
            Objects.requireNonNull(graph, "graph");
        }

        @Override
        public void write(ResultFormat format, OutputStream out) {
            ResultWriters.graph(graph, format, out);
        }
    }
}
