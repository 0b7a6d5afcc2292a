package org.lexsync.engine.harvest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.rdf.RdfStore;

class SharedRdfStoreTest {

    @TempDir
    Path dir;

    @Test
    void nothingIsCreatedUntilAHarvestNeedsTheStore() {
        try (SharedRdfStore rdf = new SharedRdfStore(dir)) {
            assertThat(rdf.isOpen()).isFalse();
        }
        assertThat(Files.exists(dir.resolve("rdf"))).isFalse();
    }

    @Test
    void everyHarvestGetsTheSameStore() {
        try (SharedRdfStore rdf = new SharedRdfStore(dir)) {
            RdfStore first = rdf.get();

            assertThat(rdf.get()).isSameAs(first);
            assertThat(first.directory()).isEqualTo(dir.resolve("rdf"));
        }
    }

    @Test
    void aClosedStoreIsNotOpenedAgain() {
        SharedRdfStore rdf = new SharedRdfStore(dir);
        rdf.get();
        rdf.close();

        assertThat(rdf.isOpen()).isFalse();
        assertThatThrownBy(rdf::get).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aContextLendsTheCallersStoreWithoutClosingIt() {
        HarvestFixture h = new HarvestFixture(dir);
        try (SharedRdfStore rdf = new SharedRdfStore(dir.resolve("data"))) {
            HarvestContext context = new HarvestContext(h.store, h.fetcher, h.applier, null, rdf);
            try (HarvestContext.RdfLease lease = context.rdf()) {
                assertThat(lease.store()).isSameAs(rdf.get());
                assertThat(lease.owned()).isFalse();
            }
            assertThat(rdf.isOpen()).isTrue();
        } finally {
            h.close();
        }
    }
}
