package org.lexsync.engine.rdf;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/** The ELI ontology terms (Pillar II, {@code http://data.europa.eu/eli/ontology#}) this package reads. */
final class Eli {
    static final String NS = "http://data.europa.eu/eli/ontology#";

    static final Node LEGAL_RESOURCE = term("LegalResource");
    static final Node LEGAL_RESOURCE_SUBDIVISION = term("LegalResourceSubdivision");
    static final Node LEGAL_EXPRESSION = term("LegalExpression");
    static final Node FORMAT = term("Format");
    static final Node IS_REALIZED_BY = term("is_realized_by");
    static final Node REALIZES = term("realizes");
    static final Node IS_EMBODIED_BY = term("is_embodied_by");
    static final Node EMBODIES = term("embodies");
    static final Node IS_EXEMPLIFIED_BY = term("is_exemplified_by");
    static final Node MEDIA_TYPE = term("media_type");
    static final Node FORMAT_PROPERTY = term("format");
    static final Node LANGUAGE = term("language");

    private Eli() {
    }

    private static Node term(String local) {
        return NodeFactory.createURI(NS + local);
    }
}
