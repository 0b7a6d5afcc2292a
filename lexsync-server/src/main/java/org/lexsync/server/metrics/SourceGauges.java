package org.lexsync.server.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.lexsync.server.SourceActivity;
import org.lexsync.server.SourceHealth;
import org.lexsync.server.SourceStatus;

/**
 * The per-source gauges, set again from the sources' statuses before each scrape (so added and removed sources
 * come and go): {@code lexsync_source_last_success_timestamp_seconds{source}}, {@code lexsync_item_failures{source}},
 * {@code lexsync_source_stale{source}} (1 when no success for more than twice the schedule), and the scheduler's
 * {@code lexsync_scheduler_sources{state}} and {@code lexsync_source_next_run_timestamp_seconds{source}}.
 */
final class SourceGauges {
    private final MultiGauge lastSuccess;
    private final MultiGauge itemFailures;
    private final MultiGauge stale;
    private final MultiGauge schedulerStates;
    private final MultiGauge nextRun;

    SourceGauges(MeterRegistry registry) {
        lastSuccess = MultiGauge.builder("lexsync.source.last.success.timestamp.seconds")
                .description("When the source's last successful run ended (Unix time)").register(registry);
        itemFailures = MultiGauge.builder("lexsync.item.failures")
                .description("Items of the source that failed and wait to be retried, or are quarantined")
                .register(registry);
        stale = MultiGauge.builder("lexsync.source.stale")
                .description("1 when the source has had no success for more than twice its schedule").register(registry);
        schedulerStates = MultiGauge.builder("lexsync.scheduler.sources")
                .description("Sources per scheduler state (idle, queued, running, paused)").register(registry);
        nextRun = MultiGauge.builder("lexsync.source.next.run.timestamp.seconds")
                .description("When the scheduler runs the source next (Unix time)").register(registry);
    }

    void refresh(List<SourceStatus> statuses, boolean scheduler) {
        List<MultiGauge.Row<?>> success = new ArrayList<>();
        List<MultiGauge.Row<?>> failures = new ArrayList<>();
        List<MultiGauge.Row<?>> stales = new ArrayList<>();
        List<MultiGauge.Row<?>> next = new ArrayList<>();
        Map<SourceActivity.State, Integer> states = new EnumMap<>(SourceActivity.State.class);
        for (SourceActivity.State s : SourceActivity.State.values()) {
            states.put(s, 0);
        }
        for (SourceStatus s : statuses) {
            Tags source = Tags.of("source", s.id());
            if (s.lastSuccess() != null) {
                success.add(MultiGauge.Row.of(source, s.lastSuccess().toEpochMilli() / 1000.0));
            }
            failures.add(MultiGauge.Row.of(source, s.openFailures()));
            stales.add(MultiGauge.Row.of(source, s.health() == SourceHealth.STALE ? 1 : 0));
            if (s.activity() != null) {
                states.merge(s.activity().state(), 1, Integer::sum);
                if (s.activity().nextRun() != null) {
                    next.add(MultiGauge.Row.of(source, s.activity().nextRun().toEpochMilli() / 1000.0));
                }
            }
        }
        lastSuccess.register(success, true);
        itemFailures.register(failures, true);
        stale.register(stales, true);
        nextRun.register(next, true);
        if (scheduler) {
            List<MultiGauge.Row<?>> stateRows = new ArrayList<>();
            states.forEach((state, n) -> stateRows.add(MultiGauge.Row.of(Tags.of("state", state.name()
                    .toLowerCase(Locale.ROOT)), n)));
            schedulerStates.register(stateRows, true);
        }
    }
}
