package org.lexsync.server.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.Operations;
import org.lexsync.engine.model.NodeStatus;

/**
 * The cluster's metrics (issue 32): {@code lexsync_node_heartbeat_age_seconds{node}} for every node in the store's node
 * table (read again before each scrape, so an alert on any node's age works from every node),
 * {@code lexsync_lease_takeovers_total} (source leases this node took over from another holder) and
 * {@code lexsync_fenced_commits_total} (writes of this node refused because its lease had moved on).
 */
final class ClusterMetrics {
    private final LexSync lexsync;
    private final MultiGauge heartbeatAge;

    ClusterMetrics(LexSync lexsync, MeterRegistry registry) {
        this.lexsync = lexsync;
        heartbeatAge = MultiGauge.builder("lexsync.node.heartbeat.age.seconds")
                .description("Seconds since the node's last heartbeat in the store's node table").register(registry);
        FunctionCounter.builder("lexsync.lease.takeovers", lexsync.operations(), Operations::leaseTakeovers)
                .description("Source leases this node took over from another holder").register(registry);
        FunctionCounter.builder("lexsync.fenced.commits", lexsync.operations(), Operations::fencedCommits)
                .description("Writes of this node refused because the source's lease had moved on").register(registry);
    }

    void refresh(Instant now) {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (NodeStatus n : lexsync.operations().nodes()) {
            rows.add(MultiGauge.Row.of(Tags.of("node", n.id()), n.heartbeatAge(now).toMillis() / 1000.0));
        }
        heartbeatAge.register(rows, true);
    }
}
