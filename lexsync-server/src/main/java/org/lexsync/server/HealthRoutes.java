package org.lexsync.server;

import io.javalin.config.RoutesConfig;
import java.util.Map;

/** {@code GET /healthz}: the process is alive and answering (docs/architecture.md, "The server"). */
final class HealthRoutes implements ServerFeature {
    @Override
    public void routes(RoutesConfig routes) {
        routes.get("/healthz", ctx -> ctx.json(Map.of("status", "alive")));
    }
}
