package org.lexsync.engine.rdf;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.vocabulary.RDF;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;

/**
 * The records {@link RdfStore} keeps about its graphs, in the metadata graph {@link #GRAPH}. Each record is
 * a blank node (so that it never mixes with the statements a page makes about the ELI itself, which is
 * also the graph's name):
 * <pre>
 * [] a sd:NamedGraph ;                      # http://www.w3.org/ns/sparql-service-description#
 *    sd:name &lt;graph&gt; ;
 *    dcterms:modified "2016-03-08"^^xsd:date ;       # the source's lastmod (xsd:gYear, gYearMonth, date or dateTime by precision)
 *    prov:generatedAtTime "…"^^xsd:dateTime ;        # harvest time
 *    void:triples 30 .                                # size of the graph
 * </pre>
 */
final class GraphRecords {
    static final String GRAPH = "urn:lexsync:rdf:graph-records";
    static final Node GRAPH_NODE = NodeFactory.createURI(GRAPH);

    private static final String SD = "http://www.w3.org/ns/sparql-service-description#";
    static final Node NAMED_GRAPH = NodeFactory.createURI(SD + "NamedGraph");
    static final Node NAME = NodeFactory.createURI(SD + "name");
    static final Node MODIFIED = NodeFactory.createURI("http://purl.org/dc/terms/modified");
    static final Node GENERATED_AT = NodeFactory.createURI("http://www.w3.org/ns/prov#generatedAtTime");
    static final Node TRIPLES = NodeFactory.createURI("http://rdfs.org/ns/void#triples");

    private GraphRecords() {
    }

    /** Removes the record of {@code graph}; true when there was one. Call inside a write transaction. */
    static boolean remove(DatasetGraph dsg, Node graph) {
        List<Node> records = dsg.stream(GRAPH_NODE, Node.ANY, NAME, graph).map(Quad::getSubject).toList();
        for (Node r : records) {
            dsg.deleteAny(GRAPH_NODE, r, Node.ANY, Node.ANY);
        }
        return !records.isEmpty();
    }

    /** The quads of the record of {@code graph}, to add after {@link #remove} in the same write transaction. */
    static List<Quad> quads(Node graph, W3cDateTime lastmod, Instant harvested, long triples) {
        Node r = NodeFactory.createBlankNode();
        List<Quad> quads = new ArrayList<>(5);
        quads.add(Quad.create(GRAPH_NODE, r, RDF.type.asNode(), NAMED_GRAPH));
        quads.add(Quad.create(GRAPH_NODE, r, NAME, graph));
        if (lastmod != null) {
            quads.add(Quad.create(GRAPH_NODE, r, MODIFIED, literal(lastmod)));
        }
        quads.add(Quad.create(GRAPH_NODE, r, GENERATED_AT,
                NodeFactory.createLiteralDT(harvested.toString(), XSDDatatype.XSDdateTime)));
        quads.add(Quad.create(GRAPH_NODE, r, TRIPLES,
                NodeFactory.createLiteralDT(Long.toString(triples), XSDDatatype.XSDinteger)));
        return quads;
    }

    /** The record of {@code graph}, or null. Call inside a read transaction. */
    static GraphInfo read(DatasetGraph dsg, Node graph) {
        List<Node> records = dsg.stream(GRAPH_NODE, Node.ANY, NAME, graph).map(Quad::getSubject).toList();
        if (records.isEmpty()) {
            return null;
        }
        Node r = records.get(0);
        W3cDateTime lastmod = null;
        Instant harvested = null;
        long triples = 0;
        for (Quad q : dsg.stream(GRAPH_NODE, r, Node.ANY, Node.ANY).toList()) {
            Triple t = q.asTriple();
            Node o = t.getObject();
            if (!o.isLiteral()) {
                continue;
            }
            String lexical = o.getLiteralLexicalForm();
            if (t.getPredicate().equals(MODIFIED)) {
                lastmod = W3cDateTimes.parseOrNull(lexical);
            } else if (t.getPredicate().equals(GENERATED_AT)) {
                harvested = instant(lexical);
            } else if (t.getPredicate().equals(TRIPLES)) {
                triples = Long.parseLong(lexical);
            }
        }
        return new GraphInfo(graph.getURI(), lastmod, harvested == null ? Instant.EPOCH : harvested, triples);
    }

    private static Instant instant(String lexical) {
        try {
            return Instant.parse(lexical);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The lastmod as a valid XSD literal of its own precision (a minute-precision time gets {@code :00} seconds). */
    static Node literal(W3cDateTime value) {
        String text = value.toString();
        return switch (value.precision()) {
            case YEAR -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDgYear);
            case MONTH -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDgYearMonth);
            case DAY -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDdate);
            case MINUTE -> NodeFactory.createLiteralDT(text.substring(0, 16) + ":00" + text.substring(16),
                    XSDDatatype.XSDdateTime);
            case SECOND, FRACTION -> NodeFactory.createLiteralDT(text, XSDDatatype.XSDdateTime);
        };
    }
}
