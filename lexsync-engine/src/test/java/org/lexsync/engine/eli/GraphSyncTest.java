package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.lexsync.engine.model.ChangeKind;
import org.lexsync.engine.model.CommittedBatch;
import org.lexsync.engine.model.CommittedChange;
import org.lexsync.engine.model.PlannedChange;
import org.lexsync.engine.rdf.PageMetadataExtractor;
import org.lexsync.engine.rdf.RdfStore;

/** Graphs of committed changes are queued and written in large transactions, in commit order. */
class GraphSyncTest {
    private static final W3cDateTime LASTMOD = W3cDateTimes.parseOrNull("2024-03-13");
    private static final String SOURCE = "eli";

    @TempDir
    Path dataDir;
    private RdfStore rdf;
    private GraphSync sync;
    /** The changes planned so far, in order; {@link #committed} announces the next ones as the applier would. */
    private final List<PlannedChange> plan = new ArrayList<>();
    private int announced;

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

    private void planned(int n, Graph g) {
        sync.planned(eli(n), g, LASTMOD);
        plan.add(PlannedChange.upsert(SOURCE, eli(n), ChangeKind.CREATED, LASTMOD, List.of(), null));
    }

    private void plannedDeletion(int n) {
        plan.add(PlannedChange.delete(SOURCE, eli(n), LASTMOD, null));
    }

    /** The applier committed the next {@code count} planned changes in one batch. */
    private void committed(int count) {
        List<CommittedChange> changes = new ArrayList<>();
        for (int i = 0; i < count; i++, announced++) {
            PlannedChange c = plan.get(announced);
            changes.add(new CommittedChange(c, c.kind(), announced + 1));
        }
        sync.committed(new CommittedBatch(SOURCE, 1, changes, null));
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
            planned(n, graph(n, "n" + n));
        }

        committed(10);
        assertThat(rdf.graphCount()).isZero();
        committed(GraphSync.BATCH - 10);
        assertThat(rdf.graphCount()).isEqualTo(GraphSync.BATCH);
        committed(44);
        assertThat(rdf.graphCount()).isEqualTo(GraphSync.BATCH);

        sync.applyEnded(SOURCE, 1);
        assertThat(rdf.graphCount()).isEqualTo(count);
        assertThat(sync.written()).isEqualTo(count);
        assertThat(rdf.graphInfo(eli(count - 1)).orElseThrow().lastmod()).isEqualTo(LASTMOD);
    }

    @Test
    void uncommittedChangesKeepNoGraph() {
        planned(1, graph(1, "a"));
        planned(2, graph(2, "b"));

        committed(1);
        sync.applyEnded(SOURCE, 1);

        assertThat(rdf.graphInfo(eli(1))).isPresent();
        assertThat(rdf.graphInfo(eli(2))).isEmpty();
    }

    @Test
    void aDeletionAfterAQueuedReplacementOfTheSameGraphWins() {
        planned(1, graph(1, "a"));
        plannedDeletion(1);
        planned(2, graph(2, "b"));
        plannedDeletion(3);
        planned(3, graph(3, "c"));

        committed(5);
        sync.applyEnded(SOURCE, 1);

        assertThat(rdf.graphInfo(eli(1))).isEmpty();
        assertThat(rdf.graph(eli(2)).isIsomorphicWith(graph(2, "b"))).isTrue();
        assertThat(rdf.graph(eli(3)).isIsomorphicWith(graph(3, "c"))).isTrue();
        assertThat(sync.removed()).isEqualTo(1);
    }

    @Test
    void aLaterVersionOfTheSameGraphInOneBatchWins() {
        planned(1, graph(1, "old"));
        planned(1, graph(1, "new"));

        committed(2);
        sync.applyEnded(SOURCE, 1);

        assertThat(rdf.graph(eli(1)).isIsomorphicWith(graph(1, "new"))).isTrue();
        assertThat(rdf.graphCount()).isEqualTo(1);
    }

    @Test
    void aFailedChangeOfAnEliLendsNoGraphToItsLaterCommittedChange() {
        W3cDateTime later = W3cDateTimes.parseOrNull("2024-03-14");
        sync.planned(eli(1), graph(1, "failed"), LASTMOD);
        sync.planned(eli(1), graph(1, "committed"), later);
        PlannedChange committed = PlannedChange.upsert(SOURCE, eli(1), ChangeKind.UPDATED, later, List.of(), null);

        sync.committed(new CommittedBatch(SOURCE, 1, List.of(new CommittedChange(committed, ChangeKind.UPDATED, 7)),
                null));
        sync.applyEnded(SOURCE, 1);

        assertThat(rdf.graph(eli(1)).isIsomorphicWith(graph(1, "committed"))).isTrue();
        assertThat(rdf.graphInfo(eli(1)).orElseThrow().lastmod()).isEqualTo(later);
    }
}
