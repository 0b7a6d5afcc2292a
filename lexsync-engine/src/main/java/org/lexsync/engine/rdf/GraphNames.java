package org.lexsync.engine.rdf;

import java.util.Objects;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/** The rule every {@link RdfStore} applies to a graph name: an absolute IRI, not one of the reserved names. */
final class GraphNames {
    private GraphNames() {
    }

    static Node node(String graphUri) {
        Objects.requireNonNull(graphUri, "graphUri");
        if (!Iris.usable(graphUri)) {
            throw new IllegalArgumentException("a graph name must be an absolute IRI, was " + Iris.shorten(graphUri));
        }
        if (graphUri.equals(GraphRecords.GRAPH) || graphUri.startsWith("urn:x-arq:")) {
            throw new IllegalArgumentException("the graph name " + graphUri + " is reserved");
        }
        return NodeFactory.createURI(graphUri);
    }
}
