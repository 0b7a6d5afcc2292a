package org.lexsync.server;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceRecord;

/**
 * Reads every source's {@link SourceStatus}: the configured sources in file order, then the ones only the store
 * knows. A success is a run that ended {@code succeeded} or {@code finished_with_failures} (it read the source and
 * committed; failed items are retried on their own). A source is {@link SourceHealth#STALE} when its last success (or,
 * when it never had one, its first run) is more than twice its schedule ago — docs/architecture.md, "Dashboard and
 * metrics".
 */
public final class SourceStatuses {
    /** How far back a source's runs are read looking for its last success. */
    static final int RUNS_LOOKED_AT = 50;

    private final ServerContext context;

    /** Statuses over {@code context}'s facade and scheduler (the scheduler looked up on each read). */
    public SourceStatuses(ServerContext context) {
        this.context = context;
    }

    /** The server's scheduler, or null when it runs none. */
    public static @Nullable SourceControl control(ServerContext context) {
        try {
            return context.sourceControl();
        } catch (ApiError noScheduler) {
            return null;
        }
    }

    /** True when the server runs a scheduler. */
    public boolean scheduler() {
        return control(context) != null;
    }

    /** Every source, configured ones first. */
    public List<SourceStatus> all() {
        LexSync lexsync = context.lexsync();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Source s : context.configuration().sources()) {
            rows.put(s.id(), new Row(s.id(), s.protocol(), s.approved(), s.schedule()));
        }
        for (SourceRecord r : lexsync.storedSources()) {
            rows.putIfAbsent(r.id(), new Row(r.id(), r.protocol(), r.approved(), r.schedule()));
        }
        Map<String, long[]> failures = new HashMap<>();
        for (ItemFailure f : lexsync.failures(null)) {
            long[] counts = failures.computeIfAbsent(f.sourceId(), k -> new long[2]);
            counts[f.quarantined() ? 1 : 0]++;
        }
        Map<String, SourceActivity> activities = new HashMap<>();
        SourceControl control = control(context);
        if (control != null) {
            for (SourceActivity a : control.activities()) {
                activities.put(a.sourceId(), a);
            }
        }
        Instant now = context.clock().instant();
        List<SourceStatus> out = new ArrayList<>(rows.size());
        for (Row row : rows.values()) {
            out.add(status(row, failures.getOrDefault(row.id(), new long[2]), activities.get(row.id()), now));
        }
        return out;
    }

    /** One source, if configured or stored. */
    public Optional<SourceStatus> one(String sourceId) {
        return all().stream().filter(s -> s.id().equals(sourceId)).findFirst();
    }

    private SourceStatus status(Row row, long[] failures, @Nullable SourceActivity activity, Instant now) {
        List<RunRecord> runs = context.lexsync().runs(row.id(), RUNS_LOOKED_AT);
        RunRecord last = runs.isEmpty() ? null : runs.get(0);
        Instant lastSuccess = null;
        for (RunRecord r : runs) {
            if (succeeded(r)) {
                lastSuccess = r.ended() != null ? r.ended() : r.started();
                break;
            }
        }
        Duration interval = interval(row.schedule());
        SourceHealth health = health(last, lastSuccess, runs.isEmpty() ? null : runs.get(runs.size() - 1).started(),
                interval, now);
        return new SourceStatus(row.id(), row.protocol(), row.approved(), row.schedule(), interval, last,
                lastSuccess, failures[0] + failures[1], failures[1], health, activity);
    }

    static SourceHealth health(@Nullable RunRecord last, @Nullable Instant lastSuccess, @Nullable Instant firstStarted,
                         @Nullable Duration interval, Instant now) {
        if (last == null) {
            return SourceHealth.NEW;
        }
        Instant since = lastSuccess != null ? lastSuccess : firstStarted;
        if (interval != null && since != null && Duration.between(since, now).compareTo(interval.multipliedBy(2)) > 0) {
            return SourceHealth.STALE;
        }
        return switch (last.status()) {
            case SUCCEEDED -> lastSuccess == null ? SourceHealth.FAILING : SourceHealth.OK;
            case FINISHED_WITH_FAILURES -> SourceHealth.WARNING;
            case RUNNING -> lastSuccess != null ? SourceHealth.OK : SourceHealth.NEW;
            case ABORTED, INTERRUPTED -> SourceHealth.FAILING;
        };
    }

    /** True for a run that read its source and committed what it found. */
    public static boolean succeeded(RunRecord run) {
        return run.status() == RunStatus.SUCCEEDED || run.status() == RunStatus.FINISHED_WITH_FAILURES;
    }

    /** The schedule as an interval when it is an ISO-8601 duration ({@code PT1H}); null for none or a cron text. */
    public static @Nullable Duration interval(@Nullable String schedule) {
        if (schedule == null || schedule.isBlank()) {
            return null;
        }
        try {
            Duration d = Duration.parse(schedule.strip());
            return d.isNegative() || d.isZero() ? null : d;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private record Row(String id, String protocol, boolean approved, @Nullable String schedule) {
    }
}
