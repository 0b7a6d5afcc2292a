package org.lexsync.engine.rdf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.lexsync.engine.model.RdfStoreException;

/**
 * The same assertions as {@link RdfStoreTest}, on a remote SPARQL 1.1 store (a real Fuseki on loopback: Graph Store
 * Protocol for the graphs, SPARQL Protocol for queries and records), and its faults: a store that is down or answers
 * an error status fails with a typed error naming the endpoint.
 */
class RemoteRdfStoreTest extends RdfStoreTest {
    private LocalFuseki fuseki;

    @Override
    RdfStore openStore() {
        if (fuseki == null) {
            fuseki = LocalFuseki.start(dataDir.resolve("fuseki"));
        }
        return RdfStore.remote(fuseki.endpoint());
    }

    @AfterEach
    void stopFuseki() {
        if (fuseki != null) {
            fuseki.close();
        }
    }

    @Override
    void storeLivesInTheRdfDirectoryOfTheDataDirectory() {
        // not a local store: nothing in the data directory (see aRemoteStoreHasNoDirectory)
    }

    @Test
    void aRemoteStoreHasNoDirectory() {
        assertThat(store.directory()).isNull();
        assertThat(dataDir.resolve("rdf")).doesNotExist();
    }

    @Test
    void aStoreThatIsDownFailsTheWriteWithATypedErrorNamingTheEndpoint() {
        fuseki.stop();

        assertThatThrownBy(() -> store.replaceGraph(Pages.LAW_003, Pages.extract("law-2016-501-003-rdfa.html",
                Pages.LAW_003 + "/fra/html").graph(), null, Instant.EPOCH))
                .isInstanceOf(RdfStoreException.class)
                .hasMessageStartingWith(fuseki.endpoint() + ": replace graph " + Pages.LAW_003 + " failed");
    }

    @Test
    void aStoreThatDoesNotAnswerAWriteInTimeIsATypedErrorNotAHang() {
        RdfStore impatient = new RemoteRdfStore(fuseki.endpoint(), java.time.Duration.ofMillis(500));
        fuseki.stall(java.time.Duration.ofSeconds(20));
        long started = System.nanoTime();

        assertThatThrownBy(() -> impatient.replaceGraph(Pages.LAW_003, Pages.extract("law-2016-501-003-rdfa.html",
                Pages.LAW_003 + "/fra/html").graph(), null, Instant.EPOCH))
                .isInstanceOf(RdfStoreException.class)
                .hasMessageStartingWith(fuseki.endpoint() + ": replace graph " + Pages.LAW_003 + " failed: no answer"
                        + " within 500 ms");
        assertThat(java.time.Duration.ofNanos(System.nanoTime() - started)).as("returned long before the store"
                + " answers").isLessThan(java.time.Duration.ofSeconds(15));
        fuseki.stall(java.time.Duration.ZERO);
    }

    @Test
    void anEndpointAnswering503FailsWritesAndQueriesWithItsStatus() {
        fuseki.failWith(503);

        assertThatThrownBy(() -> store.removeGraph(Pages.LAW_003))
                .isInstanceOf(RdfStoreException.class).hasMessageContaining("HTTP 503");
        assertThatThrownBy(() -> store.graphCount())
                .isInstanceOf(RdfStoreException.class).hasMessageContaining("HTTP 503");
    }

    @Test
    void anEndpointAnswering500FailsTheWrite() {
        fuseki.failWith(500);

        assertThatThrownBy(() -> store.replaceGraphs(java.util.List.of(new GraphReplacement(Pages.LAW_002,
                Pages.extract("law-2016-501-002-jsonld.html", Pages.LAW_002 + "/").graph(), null, Instant.EPOCH))))
                .isInstanceOf(RdfStoreException.class).hasMessageContaining("HTTP 500");
    }

    @Test
    void onlyHttpEndpointsAreAccepted() {
        assertThatThrownBy(() -> RdfStore.remote(URI.create("file:///tmp/x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("file:///tmp/x");
    }
}
