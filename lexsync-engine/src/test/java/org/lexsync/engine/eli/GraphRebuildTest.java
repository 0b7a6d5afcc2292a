package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Graph;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.harvest.HarvestStore;
import org.lexsync.engine.model.EliOptions;
import org.lexsync.engine.model.GraphRebuildProgress;
import org.lexsync.engine.model.GraphRebuildReport;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.fixture.eli.EliProvider;

/** Rebuilding the ELI graphs from the stored pages into a SPARQL store that already holds some, stale ones included. */
class GraphRebuildTest {
    @TempDir
    Path dir;
    private EliHarness h;
    private LocalFuseki fuseki;

    @AfterEach
    void close() {
        if (fuseki != null) {
            fuseki.close();
        }
        if (h != null) {
            h.close();
        }
    }

    @Test
    void theGraphOfADeletedResourceIsRemovedAndEveryActiveOneWritten() {
        h = new EliHarness(dir, EliProvider.builder().acts(10).perSitemap(4));
        h.sync();
        String gone = h.provider.remove(9).get(0);
        h.sync(Map.of(EliOptions.KEY_RESYNC, "true"), false);
        fuseki = LocalFuseki.start(dir.resolve("fuseki"));
        Graph someGraph;
        try (RdfStore local = h.rdf()) {
            someGraph = local.graph(h.provider.eli(1));
        }

        try (RdfStore remote = RdfStore.remote(fuseki.endpoint())) {
            // what a store that missed the deletion holds
            remote.replaceGraph(gone, someGraph, null, Instant.EPOCH);

            GraphRebuildReport report = new GraphRebuild(HarvestStore.over(h.store), remote)
                    .rebuild(List.of(EliHarness.SOURCE), GraphRebuildProgress.NONE);

            assertThat(report.written()).isEqualTo(9);
            assertThat(report.removed()).isEqualTo(1);
            assertThat(remote.graphInfo(gone)).isEmpty();
            assertThat(remote.graphCount()).isEqualTo(9);
        }
    }
}
