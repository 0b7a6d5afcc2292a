package org.lexsync.engine.check;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.shacl.ShaclValidator;
import org.apache.jena.shacl.Shapes;
import org.apache.jena.shacl.ValidationReport;
import org.apache.jena.shacl.validation.ReportEntry;
import org.apache.jena.sparql.graph.GraphFactory;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckExample;

/**
 * The SHACL shapes an ELI page's metadata is held against ({@code eli-page-shapes.ttl}, shipped in the resources,
 * Jena SHACL): the ELI ontology's ranges and the recommended metadata of expressions and formats, as warnings. The
 * errors of §3.2.2 are the harvester's own rules ({@link org.lexsync.engine.rdf.EliConformance}).
 */
final class EliShapes {
    static final String RULE_PREFIX = "eli:3.2.2/shape/";
    private static final String RESOURCE = "eli-page-shapes.ttl";
    private static final Shapes SHAPES = load();

    private EliShapes() {
    }

    private static Shapes load() {
        try (InputStream in = EliShapes.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            Graph g = GraphFactory.createDefaultGraph();
            RDFParser.source(in).lang(Lang.TURTLE).base("https://lexsync.org/shapes/eli").parse(g);
            return Shapes.parse(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Announces the shapes' rules, so they are listed as passed when no page breaks them. */
    static void announce(Tally tally) {
        for (var shape : SHAPES.getTargetShapes()) {
            for (var p : shape.getPropertyShapes()) {
                tally.checked(rule(p.getShapeNode()), Severity.WARNING, p.getMessages().isEmpty() ? "ELI ontology"
                        : p.getMessages().iterator().next().getLiteralLexicalForm());
            }
        }
    }

    /** Validates one page's graph; each result is a warning of its property shape's rule. */
    static void validate(Tally tally, Graph page, String eli) {
        ValidationReport report = ShaclValidator.get().validate(SHAPES, page);
        for (ReportEntry e : report.getEntries()) {
            String focus = e.focusNode().isURI() ? e.focusNode().getURI() : e.focusNode().toString();
            String value = e.value() == null ? null : e.value().toString();
            tally.add(Severity.WARNING, rule(e.source()), new CheckExample(eli, 0, 0, focus, e.message(), value,
                    null));
        }
    }

    private static String rule(Node shape) {
        String iri = shape.isURI() ? shape.getURI() : shape.toString();
        int hash = iri.lastIndexOf('#');
        return RULE_PREFIX + (hash < 0 ? iri : iri.substring(hash + 1));
    }
}
