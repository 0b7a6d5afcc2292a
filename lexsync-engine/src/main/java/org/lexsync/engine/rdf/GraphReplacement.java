package org.lexsync.engine.rdf;

import java.time.Instant;
import java.util.Objects;
import org.apache.jena.graph.Graph;
import org.lexsync.core.time.W3cDateTime;

/** One named graph to replace as a whole, with the times to record about it ({@link RdfStore#replaceGraphs}). */
public record GraphReplacement(String graphUri, Graph triples, W3cDateTime lastmod, Instant harvested) {

    public GraphReplacement {
        Objects.requireNonNull(graphUri, "graphUri");
        Objects.requireNonNull(triples, "triples");
        Objects.requireNonNull(harvested, "harvested");
    }
}
