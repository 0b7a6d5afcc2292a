package org.lexsync.engine.rdf;

import java.io.InputStream;
import java.net.URI;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Test;

class ScratchTest {
    @Test
    void dump() throws Exception {
        for (String name : System.getProperty("pages", "law-2016-501-003-rdfa.html").split(",")) {
            try (InputStream in = getClass().getResourceAsStream(name)) {
                ExtractedMetadata m = new PageMetadataExtractor().extract(in,
                        URI.create("http://country.xy/eli/law/2016/501/003/jo/fra/html"), null);
                RDFDataMgr.write(System.out, m.graph(), Lang.NTRIPLES);
                System.out.println(m.rdfaTriples() + " rdfa, " + m.jsonLdTriples() + " jsonld, base " + m.baseUri());
                m.findings().forEach(System.out::println);
            }
        }
    }
}
