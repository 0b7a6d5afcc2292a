package org.lexsync.engine.rdf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/** Fixture pages of this package and the URLs they are served from in the tests. */
final class Pages {
    static final String LAW_003 = "http://country.xy/eli/law/2016/501/003/jo";
    static final String LAW_002 = "http://country.xy/eli/law/2016/501/002/jo";
    static final String LAW_001 = "http://country.xy/eli/law/2016/501/001/jo";
    static final String LAW_004 = "http://country.xy/eli/law/2016/501/004/jo";
    static final String DECREE = "http://country.xy/eli/decree/2005/199/999/jo";

    private Pages() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Pages.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Extracts a fixture as if served (after redirects) from {@code finalUrl}, charset from the page. */
    static ExtractedMetadata extract(String name, String finalUrl) {
        return new PageMetadataExtractor().extract(bytes(name), URI.create(finalUrl), null);
    }

    static Node iri(String uri) {
        return NodeFactory.createURI(uri);
    }

    static Node eli(String local) {
        return NodeFactory.createURI("http://data.europa.eu/eli/ontology#" + local);
    }
}
