package org.lexsync.engine.rdf;

import java.util.HashMap;
import java.util.Map;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.vocabulary.RDF;
import org.lexsync.core.findings.Findings;
import org.semarglproject.sink.TripleSink;

/**
 * Our bridge from semargl's string-based {@link TripleSink} into a Jena {@link Graph} (semargl's own Jena
 * adapter targets a Jena API that no longer exists). Blank-node labels are scoped to one document; IRIs
 * that could not survive N-Quads or SPARQL output are dropped with a finding instead of being stored.
 */
final class JenaTripleSink implements TripleSink {
    private static final String BNODE_PREFIX = "_:";
    private static final String XML_LITERAL = RDF.xmlLiteral.getURI();
    static final String LANGUAGE_RULE = "rdfa:core-1.1-7.5/language-tag";

    private final Graph graph;
    private final Findings findings;
    private final ElementPosition position;
    private final Map<String, Node> blankNodes = new HashMap<>();
    private final Map<String, Node> iris = new HashMap<>();
    private int added;

    JenaTripleSink(Graph graph, Findings findings, ElementPosition position) {
        this.graph = graph;
        this.findings = findings;
        this.position = position;
    }

    int added() {
        return added;
    }

    @Override
    public void addNonLiteral(String subject, String predicate, String object) {
        Node s = resource(subject);
        Node p = iri(predicate);
        Node o = resource(object);
        if (s != null && p != null && o != null) {
            add(Triple.create(s, p, o));
        }
    }

    @Override
    public void addPlainLiteral(String subject, String predicate, String content, String lang) {
        Node s = resource(subject);
        Node p = iri(predicate);
        if (s == null || p == null) {
            return;
        }
        add(Triple.create(s, p, lang == null || lang.isBlank()
                ? NodeFactory.createLiteralString(content) : langLiteral(content, lang.strip())));
    }

    /**
     * A language-tagged literal; pages write {@code fr_FR} for {@code fr-FR}, and a tag that is still not
     * BCP 47 leaves the literal untagged, both with a finding, rather than losing the statement.
     */
    private Node langLiteral(String content, String lang) {
        String tag = lang.replace('_', '-');
        try {
            Node literal = NodeFactory.createLiteralLang(content, tag);
            if (!tag.equals(lang)) {
                findings.warning(LANGUAGE_RULE, "language tag '" + Iris.shorten(lang) + "' is not BCP 47; read as '"
                        + tag + "'", position.line(), position.column());
            }
            return literal;
        } catch (RuntimeException e) {
            findings.warning(LANGUAGE_RULE, "language tag '" + Iris.shorten(lang)
                    + "' is not BCP 47; the literal is kept without it", position.line(), position.column());
            return NodeFactory.createLiteralString(content);
        }
    }

    @Override
    public void addTypedLiteral(String subject, String predicate, String content, String type) {
        Node s = resource(subject);
        Node p = iri(predicate);
        Node dt = iri(type);
        if (s == null || p == null || dt == null) {
            return;
        }
        Node o = XML_LITERAL.equals(type)
                ? NodeFactory.createLiteralDT(content, RDF.dtXMLLiteral)
                : NodeFactory.createLiteralDT(content, TypeMapper.getInstance().getSafeTypeByName(type));
        add(Triple.create(s, p, o));
    }

    private void add(Triple t) {
        graph.add(t);
        added++;
    }

    private Node resource(String value) {
        if (value != null && value.startsWith(BNODE_PREFIX)) {
            return blankNodes.computeIfAbsent(value, k -> NodeFactory.createBlankNode());
        }
        return iri(value);
    }

    private Node iri(String value) {
        // a page names the same few subjects and predicates over and over: check and build each IRI once
        Node known = value == null ? null : iris.get(value);
        if (known != null) {
            return known;
        }
        if (!Iris.usable(value)) {
            findings.warning("rdfa:core-1.1-7.4/bad-iri",
                    "RDFa yielded an IRI that is not absolute or contains forbidden characters, triple dropped: "
                            + Iris.shorten(value), position.line(), position.column());
            return null;
        }
        Node iri = NodeFactory.createURI(value);
        iris.put(value, iri);
        return iri;
    }

    @Override
    public void setBaseUri(String baseUri) {
        // the base is fed to the RDFa parser itself; every IRI arriving here is already resolved
    }

    @Override
    public void startStream() {
    }

    @Override
    public void endStream() {
    }

    @Override
    public boolean setProperty(String key, Object value) {
        return false;
    }
}
