package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Locale;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.time.W3cDateTime;
import org.lexsync.core.time.W3cDateTimes;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;

/** Graphs of committed changes are queued and written in large transactions, in commit order. */
class GraphSyncTest {
    private static final W3cDateTime LASTMOD = W3cDateTimes.parseOrNull("2024-03-13");

    @TempDir
    Path dataDir;
    private RdfStore rdf;
    private GraphSync sync;

    @BeforeEach
    void open() {
        rdf = RdfStore.open(dataDir);
        sync = new GraphSync(null, rdf, new PageMetadataExtractor());
    }

    @AfterEach
    void close() {
        rdf.close();
    }

    private static String eli(int n) {
        return String.format(Locale.ROOT, "http://country.xy/eli/law/2024/%d/jo", n);
    }

    private static Graph graph(int n, String number) {
        Graph g = GraphFactory.createDefaultGraph();
        g.add(Triple.create(NodeFactory.createURI(eli(n)),
                NodeFactory.createURI("http://data.europa.eu/eli/ontology#number"), NodeFactory.createLiteralString(number)));
        return g;
    }

    @Test
    void graphsWaitForAFullBatchOrTheEndOfTheApplyCall() {
        int count = GraphSync.BATCH + 44;
        for (int n = 0; n < count; n++) {
            sync.planned(eli(n), graph(n, "n" + n), LASTMOD);
        }

        sync.committed(10);
        assertThat(rdf.graphCount()).isZero();
        sync.committed(GraphSync.BATCH - 10);
        assertThat(rdf.graphCount()).isEqualTo(GraphSync.BATCH);
        sync.committed(44);
        assertThat(rdf.graphCount()).isEqualTo(GraphSync.BATCH);

        sync.applyEnded();
        assertThat(rdf.graphCount()).isEqualTo(count);
        assertThat(sync.written()).isEqualTo(count);
        assertThat(rdf.graphInfo(eli(count - 1)).orElseThrow().lastmod()).isEqualTo(LASTMOD);
    }

    @Test
    void uncommittedChangesKeepNoGraph() {
        sync.planned(eli(1), graph(1, "a"), LASTMOD);
        sync.planned(eli(2), graph(2, "b"), LASTMOD);

        sync.committed(1);
        sync.applyEnded();

        assertThat(rdf.graphInfo(eli(1))).isPresent();
        assertThat(rdf.graphInfo(eli(2))).isEmpty();
    }

    @Test
    void aDeletionAfterAQueuedReplacementOfTheSameGraphWins() {
        sync.planned(eli(1), graph(1, "a"), LASTMOD);
        sync.plannedDeletion(eli(1));
        sync.planned(eli(2), graph(2, "b"), LASTMOD);
        sync.plannedDeletion(eli(3));
        sync.planned(eli(3), graph(3, "c"), LASTMOD);

        sync.committed(5);
        sync.applyEnded();

        assertThat(rdf.graphInfo(eli(1))).isEmpty();
        assertThat(rdf.graph(eli(2)).isIsomorphicWith(graph(2, "b"))).isTrue();
        assertThat(rdf.graph(eli(3)).isIsomorphicWith(graph(3, "c"))).isTrue();
        assertThat(sync.removed()).isEqualTo(1);
    }

    @Test
    void aLaterVersionOfTheSameGraphInOneBatchWins() {
        sync.planned(eli(1), graph(1, "old"), LASTMOD);
        sync.planned(eli(1), graph(1, "new"), LASTMOD);

        sync.committed(2);
        sync.applyEnded();

        assertThat(rdf.graph(eli(1)).isIsomorphicWith(graph(1, "new"))).isTrue();
        assertThat(rdf.graphCount()).isEqualTo(1);
    }
}
