package org.lexsync.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.engine.model.FetchExchange;
import org.lexsync.engine.model.FetchListener;

/**
 * Counts the engine fetcher's HTTP exchanges by status class ({@code lexsync_fetch_requests_total{status_class}})
 * and times them to the response headers ({@code lexsync_fetch_seconds}, a histogram). The host is not a label.
 */
final class FetchMetrics implements FetchListener {
    private final MeterRegistry registry;
    private final Map<String, Counter> byClass = new ConcurrentHashMap<>();
    private final Timer latency;

    FetchMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.latency = Timer.builder("lexsync.fetch")
                .description("Time from sending a request to its response headers (robots.txt included)")
                .publishPercentileHistogram()
                .register(registry);
    }

    @Override
    public void exchanged(FetchExchange exchange) {
        byClass.computeIfAbsent(exchange.statusClass(), c -> Counter.builder("lexsync.fetch.requests")
                .description("HTTP exchanges of the fetcher by status class (none: no answer)")
                .tag("status_class", c).register(registry)).increment();
        latency.record(exchange.elapsed());
    }
}
