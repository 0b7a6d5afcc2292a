package org.lexsync.server.metrics;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.jspecify.annotations.Nullable;
import org.lexsync.server.ServerContext;
import org.lexsync.server.ServerFeature;
import org.lexsync.server.SourceStatuses;

/**
 * {@code GET /metrics} (docs/architecture.md, "Dashboard and metrics"): one Prometheus registry fed by the engine's
 * commit and fetch listeners, by the run history and the sources' statuses (read again on each scrape), and by the
 * JVM binders. Reading it follows the server's read access rule.
 */
public final class MetricsFeature implements ServerFeature {
    /** The content type of the Prometheus text format this answers. */
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final ServerContext context;
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final RunMetrics runs;
    private final SourceGauges gauges;
    private final SourceStatuses statuses;
    private final ClusterMetrics cluster;
    private @Nullable JvmGcMetrics gc;
    private boolean listening;

    /**
     * Metrics over {@code context}'s facade and its scheduler, if it runs one (looked up on each scrape); add with
     * {@code LexSyncServer.builder(lexsync).feature(MetricsFeature::new)}.
     */
    public MetricsFeature(ServerContext context) {
        this.context = context;
        this.runs = new RunMetrics(context.lexsync(), registry);
        this.gauges = new SourceGauges(registry);
        this.statuses = new SourceStatuses(context);
        this.cluster = new ClusterMetrics(context.lexsync(), registry);
        ReloadMetrics.bind(context.reloadStatus(), registry);
    }

    @Override
    public void routes(RoutesConfig routes) {
        routes.get("/metrics", this::scrape);
    }

    @Override
    public synchronized void start() {
        if (listening) {
            return;
        }
        listening = true;
        // the facade keeps its listeners for its life; one registration per feature
        context.lexsync().operations().addListener(new HarvestMetrics(registry));
        context.lexsync().operations().addFetchListener(new FetchMetrics(registry));
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        gc = new JvmGcMetrics();
        gc.bindTo(registry);
        runs.refresh();
    }

    private void scrape(Context ctx) {
        context.access().requireRead(ctx);
        ctx.contentType(CONTENT_TYPE).result(text());
    }

    /** The registry's text after reading the run history and the sources' statuses again. */
    synchronized String text() {
        runs.refresh();
        gauges.refresh(statuses.all(), statuses.scheduler());
        cluster.refresh(context.clock().instant());
        return registry.scrape();
    }

    @Override
    public synchronized void close() {
        if (gc != null) {
            gc.close();
            gc = null;
        }
    }
}
