package org.lexsync.server.standard;

import org.lexsync.server.LexSyncServer;
import org.lexsync.server.api.ApiRoutes;
import org.lexsync.server.check.CheckRoutes;
import org.lexsync.server.dashboard.DashboardFeature;
import org.lexsync.server.ingest.IngestRoutes;
import org.lexsync.server.metrics.MetricsFeature;
import org.lexsync.server.nodes.NodesFeature;
import org.lexsync.server.ping.PingRoutes;
import org.lexsync.server.publish.PublishRoutes;
import org.lexsync.server.reload.ConfigReload;
import org.lexsync.server.schedule.HarvestScheduler;

/**
 * The whole server of {@code lexsync serve} in one place (docs/architecture.md, "The server"): every feature, in the
 * order they start. The root package cannot name its features (they depend on it), so the assembly lives here;
 * nothing but front ends depends on this package.
 */
public final class StandardFeatures {
    private StandardFeatures() {
    }

    /**
     * Adds scheduler, configuration reload, ping, REST API, checker, ingestion, the published aggregate, metrics,
     * dashboard and the node table's heartbeat to {@code b}.
     */
    public static LexSyncServer.Builder addTo(LexSyncServer.Builder b) {
        return b.feature(HarvestScheduler::new).feature(ConfigReload::new).feature(PingRoutes::new)
                .feature(ApiRoutes::new).feature(CheckRoutes::new).feature(IngestRoutes::new).feature(PublishRoutes::new)
                .feature(MetricsFeature::new).feature(DashboardFeature::new).feature(NodesFeature::new);
    }
}
