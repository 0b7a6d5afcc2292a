package org.lexsync.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;

/**
 * Counts the runs that ended since the server started, per source and status
 * ({@code lexsync_harvest_runs_total{source,status}}), from the store's run history: before each scrape the latest
 * runs are read and each one that ended and was not counted yet is counted once. Runs that ended before the server
 * started are not counted (a counter starts at zero with its process).
 */
final class RunMetrics {
    /** How many of the latest runs are looked at per scrape; more than can end between two scrapes. */
    static final int WINDOW = 10_000;

    private final LexSync lexsync;
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private Set<Long> counted = new HashSet<>();
    private boolean primed;

    RunMetrics(LexSync lexsync, MeterRegistry registry) {
        this.lexsync = lexsync;
        this.registry = registry;
    }

    /**
     * Counts the runs that ended since the last call; the first call (at the server's start) only notes those that
     * already ended.
     */
    synchronized void refresh() {
        List<RunRecord> runs = lexsync.store().runs(null, WINDOW);
        Set<Long> seen = new HashSet<>();
        for (RunRecord r : runs) {
            if (r.status() == RunStatus.RUNNING) {
                continue;
            }
            seen.add(r.id());
            if (primed && !counted.contains(r.id())) {
                counter(r.sourceId(), r.status().token()).increment();
            }
        }
        counted = seen;
        primed = true;
    }

    private Counter counter(String source, String status) {
        return counters.computeIfAbsent(source + '\n' + status, k -> Counter.builder("lexsync.harvest.runs")
                .description("Harvest runs that ended since the server started, by source and status")
                .tag("source", source).tag("status", status).register(registry));
    }
}
