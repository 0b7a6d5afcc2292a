package org.lexsync.server.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.lexsync.server.ReloadStatus;

/**
 * The configuration reloads as metrics (issue 28.2), read from the {@link ReloadStatus} at each scrape:
 * {@code lexsync_config_reload_failures_total} (refused reloads) and
 * {@code lexsync_config_last_reload_success_timestamp_seconds} (when the configuration in force was read), so an alert
 * can fire on a refused reload or on a file edited long ago and never put in force.
 */
final class ReloadMetrics {
    private ReloadMetrics() {
    }

    static void bind(ReloadStatus status, MeterRegistry registry) {
        FunctionCounter.builder("lexsync.config.reload.failures", status, ReloadStatus::failures)
                .description("Reloads of lexsync.yaml refused (the running configuration stayed in force)")
                .register(registry);
        Gauge.builder("lexsync.config.last.reload.success.timestamp.seconds", status,
                        s -> s.lastSuccess().toEpochMilli() / 1000.0)
                .description("When lexsync.yaml was last read and put in force (the start or a reload), epoch seconds")
                .register(registry);
    }
}
