package org.lexsync.engine.rdf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.vocabulary.RDF;
import org.lexsync.core.findings.Findings;

/**
 * Checks one legal resource's page metadata against ELI Pillar IV §3.2.2: the RDFa or JSON-LD MUST
 * describe the URI that was requested ("Provide dereferenceable ELI URIs") and MUST describe at least one
 * legal expression and one format of it ("Provide relevant multilingual legal expressions and formats").
 * Findings carry no line: they are about the page's graph as a whole.
 */
public final class EliConformance {
    public static final String DESCRIBES_REQUESTED_URI = "eli:3.2.2/describes-requested-uri";
    public static final String LEGAL_RESOURCE_TYPE = "eli:3.2.2/legal-resource-type";
    public static final String EXPRESSION = "eli:3.2.2/expression";
    public static final String EXPRESSION_ELSEWHERE = "eli:3.2.2/expression-described-elsewhere";
    public static final String FORMAT = "eli:3.2.2/format";
    public static final String FORMAT_MEDIA_TYPE = "eli:4.2/format-media-type";

    private EliConformance() {
    }

    /** The §3.2.2 findings for the page metadata {@code graph} fetched for the ELI {@code requestedEli}. */
    public static Findings check(Graph graph, String requestedEli) {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(requestedEli, "requestedEli");
        Findings findings = new Findings();
        Node resource = NodeFactory.createURI(requestedEli);
        if (!described(graph, resource)) {
            findings.error(DESCRIBES_REQUESTED_URI, describesNothingMessage(graph, requestedEli), 0, 0);
            return findings;
        }
        if (!graph.contains(resource, RDF.type.asNode(), Eli.LEGAL_RESOURCE)
                && !graph.contains(resource, RDF.type.asNode(), Eli.LEGAL_RESOURCE_SUBDIVISION)) {
            findings.warning(LEGAL_RESOURCE_TYPE, "the page describes " + requestedEli
                    + " but does not type it eli:LegalResource", 0, 0);
        }
        Set<Node> linked = FullTextSelector.linked(graph, resource, Eli.IS_REALIZED_BY, Eli.REALIZES);
        List<Node> describedExpressions = new ArrayList<>();
        int elsewhere = 0;
        for (Node e : linked) {
            if (describedBeyondLink(graph, e, resource)) {
                describedExpressions.add(e);
            } else {
                elsewhere++;
            }
        }
        if (describedExpressions.isEmpty()) {
            String detail = linked.isEmpty()
                    ? (graph.contains(Node.ANY, RDF.type.asNode(), Eli.LEGAL_EXPRESSION)
                        ? "legal expressions are described but none is linked to it by eli:is_realized_by or eli:realizes"
                        : "no legal expression is described")
                    : linked.size() + " expression(s) are linked by eli:is_realized_by but none is described in the page";
            findings.error(EXPRESSION, "the metadata of " + requestedEli + " must describe at least one legal"
                    + " expression: " + detail, 0, 0);
            return findings;
        }
        if (elsewhere > 0) {
            findings.info(EXPRESSION_ELSEWHERE, String.format(Locale.ROOT,
                    "%d linked expression(s) are not described in this page (allowed; their metadata is elsewhere)",
                    elsewhere), 0, 0);
        }
        boolean anyFormat = false;
        boolean anyTyped = false;
        for (Node e : describedExpressions) {
            for (Node f : FullTextSelector.linked(graph, e, Eli.IS_EMBODIED_BY, Eli.EMBODIES)) {
                anyFormat = true;
                anyTyped |= graph.contains(f, Eli.MEDIA_TYPE, Node.ANY) || graph.contains(f, Eli.FORMAT_PROPERTY, Node.ANY);
            }
        }
        if (!anyFormat) {
            findings.error(FORMAT, "no described legal expression of " + requestedEli
                    + " has a format (eli:is_embodied_by or eli:embodies)", 0, 0);
        } else if (!anyTyped) {
            findings.warning(FORMAT_MEDIA_TYPE, "no format of " + requestedEli
                    + " states eli:media_type or eli:format, so no full text can be chosen (annex §4.2)", 0, 0);
        }
        return findings;
    }

    private static boolean described(Graph graph, Node node) {
        return graph.contains(node, Node.ANY, Node.ANY);
    }

    /** More than the single {@code expression eli:realizes resource} triple is said about the expression. */
    private static boolean describedBeyondLink(Graph graph, Node expression, Node resource) {
        return graph.find(expression, Node.ANY, Node.ANY)
                .filterDrop(t -> t.getPredicate().equals(Eli.REALIZES) && t.getObject().equals(resource))
                .hasNext();
    }

    private static String describesNothingMessage(Graph graph, String requestedEli) {
        if (graph.isEmpty()) {
            return "the page carries no RDFa or JSON-LD metadata at all, so it does not describe " + requestedEli;
        }
        String variant = nearMiss(graph, requestedEli);
        if (variant != null) {
            return "the page does not describe the requested " + requestedEli + "; it describes " + variant
                    + ", which is a different URI";
        }
        return "the page metadata does not describe the requested " + requestedEli;
    }

    /** A described subject that differs from the request only by scheme, host case or trailing slash. */
    private static String nearMiss(Graph graph, String requested) {
        String key = looseKey(requested);
        var subjects = graph.find().mapWith(t -> t.getSubject()).filterKeep(Node::isURI).toSet();
        for (Node s : subjects) {
            if (looseKey(s.getURI()).equals(key)) {
                return s.getURI();
            }
        }
        return null;
    }

    private static String looseKey(String uri) {
        String u = uri.toLowerCase(Locale.ROOT);
        int colon = u.indexOf("://");
        if (colon > 0) {
            u = u.substring(colon + 3);
        }
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        return u;
    }
}
