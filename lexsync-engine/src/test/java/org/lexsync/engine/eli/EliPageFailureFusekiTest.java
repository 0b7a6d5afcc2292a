package org.lexsync.engine.eli;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.lexsync.engine.rdf.LocalFuseki;
import org.lexsync.fixture.eli.EliProvider;

/** The assertions of {@link EliPageFailureTest} with the named graphs in a remote SPARQL store (Fuseki on loopback). */
class EliPageFailureFusekiTest extends EliPageFailureTest {
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
}
