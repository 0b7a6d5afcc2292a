package org.lexsync.engine.rdf;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.graph.Graph;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;

/**
 * What one Pillar III page said about itself (ELI Pillar IV annex §4.1 step 2c, "parses the content of
 * the page to extract the triples"): the union of its RDFa and JSON-LD triples, the base IRI they were
 * resolved against, how many triples each syntax contributed (a triple stated in both counts in both), and
 * the findings met on the way. The graph belongs to the caller (it is not shared with anything else).
 *
 * <p>Extraction is lenient (a browser's HTML parser), so a page cut short or with a broken block still gives a
 * graph; {@link #unparsable()} tells whether part of the page's metadata could not be parsed, in which case
 * the graph is not the page's metadata and a consumer must not take it as current.
 */
public record ExtractedMetadata(Graph graph, String baseUri, int rdfaTriples, int jsonLdTriples,
                                Findings findings) {

    public ExtractedMetadata {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(baseUri, "baseUri");
        Objects.requireNonNull(findings, "findings");
    }

    /** Rules of the findings that mean a block of the page's metadata was lost: JSON-LD syntax, RDFa processing. */
    public static final Set<String> UNPARSABLE_RULES = Set.of(JsonLdBlocks.SYNTAX_RULE, RdfaBridge.PROCESSING_RULE);

    /** The first error saying that a JSON-LD block or the page's RDFa could not be parsed, if any. */
    public Optional<Finding> unparsable() {
        for (Finding f : findings) {
            if (f.severity() == Severity.ERROR && UNPARSABLE_RULES.contains(f.rule())) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** Number of distinct triples in {@link #graph()}. */
    public int size() {
        return graph.size();
    }
}
