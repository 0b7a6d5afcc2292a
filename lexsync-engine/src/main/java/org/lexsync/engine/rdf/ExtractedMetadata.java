package org.lexsync.engine.rdf;

import java.util.Objects;
import org.apache.jena.graph.Graph;
import org.lexsync.core.findings.Findings;

/**
 * What one Pillar III page said about itself (ELI Pillar IV annex §4.1 step 2c, "parses the content of
 * the page to extract the triples"): the union of its RDFa and JSON-LD triples, the base IRI they were
 * resolved against, how many triples each syntax contributed (a triple stated in both counts in both), and
 * the findings met on the way. The graph belongs to the caller (it is not shared with anything else).
 */
public record ExtractedMetadata(Graph graph, String baseUri, int rdfaTriples, int jsonLdTriples,
                                Findings findings) {

    public ExtractedMetadata {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(baseUri, "baseUri");
        Objects.requireNonNull(findings, "findings");
    }

    /** Number of distinct triples in {@link #graph()}. */
    public int size() {
        return graph.size();
    }
}
