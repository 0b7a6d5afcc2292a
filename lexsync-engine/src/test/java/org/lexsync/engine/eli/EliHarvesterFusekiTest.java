package org.lexsync.engine.eli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.HarvestReport;
import org.lexsync.engine.model.ListenerFailure;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.engine.rdf.RdfStore;
import org.lexsync.fixture.eli.EliProvider;

/**
 * The ELI harvest's assertions of {@link EliHarvesterTest} with the named graphs in a remote SPARQL store (a real
 * Fuseki on loopback), and what happens when that store goes down during a harvest: the graph writes fail as a
 * listener failure of the run, the commits stand, and the next run rebuilds the graphs from the stored pages.
 */
class EliHarvesterFusekiTest extends EliHarvesterTest {
    private LocalFuseki fuseki;

    @Override
    EliHarness newHarness(Path dir, EliProvider.Builder b) {
        fuseki = LocalFuseki.start(dir.resolve("fuseki"));
        return new EliHarness(dir, b, Duration.ZERO, fuseki.endpoint());
    }

    @AfterEach
    void stopFuseki() {
        if (fuseki != null) {
            fuseki.close();
        }
    }

    @Test
    void aSparqlStoreStoppedMidWayFailsTheGraphWritesAsAListenerFailureAndTheCommitsStand() {
        h = newHarness(dir, EliProvider.builder().acts(12).perSitemap(5));
        h.onApplied = () -> fuseki.stop();

        HarvestReport report = h.sync();

        assertThat(h.active()).hasSize(12);
        assertThat(report.apply().listenerFailures()).isNotEmpty().allSatisfy(f -> assertThat(f.error())
                .contains("RdfStoreException").contains(fuseki.endpoint().toString()));
        assertThat(h.store.runs().findings(report.apply().runId()))
                .anySatisfy((RunFinding f) -> assertThat(f.finding().rule()).isEqualTo(ListenerFailure.RULE));
        assertThat(h.dataDir.resolve("rdf")).doesNotExist();

        fuseki.restart();
        h.onApplied = () -> { };
        h.pub.clearRequests();
        h.sync();

        assertThat(h.pageRequests()).isEmpty();
        assertThat(h.notes).anySatisfy(n -> assertThat(n).startsWith("rebuilt ").contains(" named graphs from the stored pages"));
        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphCount()).isEqualTo(12);
        }
    }

    @Test
    void aSparqlStoreAnswering503MidWayFailsTheGraphWritesWithItsStatusAndTheCommitsStand() {
        h = newHarness(dir, EliProvider.builder().acts(12).perSitemap(5));
        h.onApplied = () -> fuseki.failWith(503);

        HarvestReport report = h.sync();

        assertThat(h.active()).hasSize(12);
        assertThat(report.apply().listenerFailures()).isNotEmpty()
                .allSatisfy(f -> assertThat(f.error()).contains("HTTP 503"));

        fuseki.failWith(0);
        h.onApplied = () -> { };
        h.sync();

        try (RdfStore rdf = h.rdf()) {
            assertThat(rdf.graphCount()).isEqualTo(12);
        }
    }
}
