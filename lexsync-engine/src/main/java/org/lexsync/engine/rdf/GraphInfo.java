package org.lexsync.engine.rdf;

import java.time.Instant;
import java.util.Objects;
import org.lexsync.core.time.W3cDateTime;

/**
 * What {@link RdfStore} records about one named graph (ELI Pillar IV annex §4.1 step 2c, "stores the
 * provided date of modification ... as a metadata on the corresponding named graph"): the source's lastmod
 * (null when the source gave none), when LexSync harvested the page, and how many triples the graph holds.
 */
public record GraphInfo(String graph, W3cDateTime lastmod, Instant harvested, long triples) {

    public GraphInfo {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(harvested, "harvested");
    }
}
