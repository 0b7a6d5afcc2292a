package org.lexsync.server.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.lexsync.engine.model.CommitListener;
import org.lexsync.engine.model.CommittedBatch;
import org.lexsync.engine.model.CommittedChange;

/**
 * Counts the changes the harvests commit, per source and kind ({@code lexsync_harvest_changes_total{source,kind}},
 * kind one of created, updated, deleted, unchanged), as the applier announces each committed batch.
 */
final class HarvestMetrics implements CommitListener {
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    HarvestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void committed(CommittedBatch batch) {
        long created = 0;
        long updated = 0;
        long deleted = 0;
        long unchanged = 0;
        for (CommittedChange c : batch.changes()) {
            if (c.unchanged()) {
                unchanged++;
            } else {
                switch (c.kind()) {
                    case CREATED -> created++;
                    case UPDATED -> updated++;
                    case DELETED -> deleted++;
                }
            }
        }
        add(batch.sourceId(), "created", created);
        add(batch.sourceId(), "updated", updated);
        add(batch.sourceId(), "deleted", deleted);
        add(batch.sourceId(), "unchanged", unchanged);
    }

    private void add(String source, String kind, long n) {
        if (n == 0) {
            return;
        }
        counters.computeIfAbsent(source + '\n' + kind, k -> Counter.builder("lexsync.harvest.changes")
                .description("Changes committed by harvests, by source and kind")
                .tag("source", source).tag("kind", kind).register(registry)).increment(n);
    }
}
