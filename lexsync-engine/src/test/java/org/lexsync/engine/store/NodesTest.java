package org.lexsync.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.engine.model.NodeStatus;

/** The node table (issue 32): a serve process's row, what it holds, and its removal on a clean stop. */
class NodesTest {
    @TempDir
    Path dir;

    @Test
    void aBeatingNodeIsListedWithTheSourcesAndRunsItHolds() {
        Instant started = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        try (Store store = Store.open(StoreConfig.of(dir.resolve("data")))) {
            store.nodes().beat("http://node1.example:8080/", "1.2.3", started);
            try (SourceLease lease = store.leases().acquire("acts", Duration.ofHours(1))) {
                long run = store.runs().start("acts");
                NodeStatus node = store.nodes().list().getFirst();
                assertThat(node.id()).isEqualTo(Nodes.currentId()).isEqualTo(ProcessHandle.current().pid() + "@"
                        + RunHolder.current().host());
                assertThat(node.address()).isEqualTo("http://node1.example:8080/");
                assertThat(node.version()).isEqualTo("1.2.3");
                assertThat(node.started()).isEqualTo(started);
                assertThat(node.heartbeatAge(Instant.now())).isLessThan(Duration.ofSeconds(5));
                assertThat(node.sources()).containsExactly("acts");
                assertThat(node.runs()).containsExactly(run);
            }
        }
    }

    @Test
    void aNodeThatLeftIsNoLongerListed() {
        try (Store store = Store.open(StoreConfig.of(dir.resolve("data")))) {
            store.nodes().beat("http://a/", "1", Instant.now());
            store.nodes().beat("http://a/", "1", Instant.now());
            assertThat(store.nodes().list()).hasSize(1);
            store.nodes().leave();
            assertThat(store.nodes().list()).isEmpty();
        }
    }
}
