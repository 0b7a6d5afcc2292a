package org.lexsync.server;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.LexSync;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.engine.model.RunStatus;
import org.lexsync.engine.model.Source;
import org.lexsync.engine.model.SourceHoldings;
import org.lexsync.engine.model.SourceRecord;
import org.lexsync.engine.model.SourceRuns;

/**
 * Reads every source's {@link SourceStatus}: the configured sources in file order, then the ones only the store
 * knows. A success is a run that ended {@code succeeded}: it read the source and no item failed. A source is never
 * green while something is wrong with it: a run that finished with item failures, or a quarantined item, makes it a
 * {@link SourceHealth#WARNING} with the reason; a paused source is {@link SourceHealth#PAUSED}, not stale. A source is
 * {@link SourceHealth#STALE} when its last success (or, when it never had one, its first run) is more than twice its
 * schedule ago — docs/architecture.md, "Dashboard and metrics".
 */
public final class SourceStatuses {
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

    /**
     * Every source, configured ones first. Reads a fixed number of queries whatever the number of sources: the latest
     * runs of every source (one query), what the store holds of each (one), the item failures and the scheduler's
     * states — the overview of 1,000 sources is not 1,000 reads of runs (docs/benchmarks.md, "Console overview").
     */
    public List<SourceStatus> all() {
        LexSync lexsync = context.lexsync();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Source s : context.configuration().sources()) {
            rows.put(s.id(), new Row(s.id(), s.protocol(), s.approved(), s.schedule(),
                    s.urls().isEmpty() ? null : s.urls().get(0).getHost()));
        }
        for (SourceRecord r : lexsync.store().storedSources()) {
            if (!rows.containsKey(r.id())) { // a configured source's URL is parsed already
                rows.put(r.id(), new Row(r.id(), r.protocol(), r.approved(), r.schedule(),
                        r.entryUrls().isEmpty() ? null : host(r.entryUrls().get(0))));
            }
        }
        Map<String, long[]> failures = new HashMap<>();
        for (ItemFailure f : lexsync.store().failures(null)) {
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
        Map<String, SourceRuns> runs = new HashMap<>();
        lexsync.store().latestRunsPerSource().forEach(r -> runs.put(r.sourceId(), r));
        Map<String, SourceHoldings> held = new HashMap<>();
        lexsync.store().holdingsPerSource().forEach(h -> held.put(h.sourceId(), h));
        Instant now = context.clock().instant();
        List<SourceStatus> out = new ArrayList<>(rows.size());
        // a thousand sources share a handful of schedules: each parsed once (Duration.parse is a regex)
        Map<String, Optional<Duration>> intervals = new HashMap<>();
        for (Row row : rows.values()) {
            Duration interval = row.schedule() == null ? null
                    : intervals.computeIfAbsent(row.schedule(), k -> Optional.ofNullable(interval(k))).orElse(null);
            out.add(status(row, interval, runs.get(row.id()), held.get(row.id()),
                    failures.getOrDefault(row.id(), new long[2]), activities.get(row.id()), now));
        }
        return out;
    }

    /** One source, if configured or stored. */
    public Optional<SourceStatus> one(String sourceId) {
        return all().stream().filter(s -> s.id().equals(sourceId)).findFirst();
    }

    private static @Nullable String host(String url) {
        try {
            return java.net.URI.create(url).getHost();
        } catch (IllegalArgumentException notAUri) {
            return null;
        }
    }

    private static SourceStatus status(Row row, @Nullable Duration interval, @Nullable SourceRuns runs,
                                       @Nullable SourceHoldings held, long[] failures,
                                       @Nullable SourceActivity activity, Instant now) {
        RunRecord last = runs == null ? null : runs.last();
        RunRecord success = runs == null ? null : runs.lastSuccess();
        Instant lastSuccess = success == null ? null : success.ended() != null ? success.ended() : success.started();
        boolean paused = activity != null && activity.state() == SourceActivity.State.PAUSED;
        Verdict verdict = health(new Facts(last, runs == null ? null : runs.lastFinished(), lastSuccess,
                runs == null ? null : runs.firstStarted(), failures[1], paused), interval, now);
        return new SourceStatus(row.id(), row.protocol(), row.approved(), row.schedule(), interval, last,
                lastSuccess, failures[0] + failures[1], failures[1], verdict.health(), activity, verdict.reason(),
                runs == null ? null : runs.lastFailure(), held == null ? 0 : held.active(),
                held == null ? null : held.newestSourceTimestamp(), row.host() == null ? "" : row.host());
    }

    /**
     * What a source's health is read from: its last run, its last finished one, its last success, when it first ran,
     * how many of its items are quarantined and whether the operator paused it.
     */
    record Facts(@Nullable RunRecord last, @Nullable RunRecord lastFinished, @Nullable Instant lastSuccess,
                 @Nullable Instant firstStarted, long quarantined, boolean paused) {
    }

    /** A health and why (null when there is nothing to say). */
    record Verdict(SourceHealth health, @Nullable String reason) {
    }

    static Verdict health(Facts f, @Nullable Duration interval, Instant now) {
        if (f.paused()) {
            return new Verdict(SourceHealth.PAUSED, "paused by the operator");
        }
        if (f.last() == null) {
            return new Verdict(SourceHealth.NEW, null);
        }
        Instant since = f.lastSuccess() != null ? f.lastSuccess() : f.firstStarted();
        if (interval != null && since != null && Duration.between(since, now).compareTo(interval.plus(interval)) > 0) {
            return new Verdict(SourceHealth.STALE, f.lastSuccess() == null ? "no run without failures yet"
                    : "no run without failures since " + f.lastSuccess().truncatedTo(ChronoUnit.SECONDS));
        }
        RunRecord run = f.lastFinished();
        if (run == null) {
            return new Verdict(SourceHealth.NEW, null); // its first run is running
        }
        String quarantined = f.quarantined() == 0 ? null : String.format(Locale.ROOT, "%d item%s quarantined",
                f.quarantined(), f.quarantined() == 1 ? "" : "s");
        return switch (run.status()) {
            case SUCCEEDED -> quarantined == null ? new Verdict(SourceHealth.OK, null)
                    : new Verdict(SourceHealth.WARNING, quarantined);
            case FINISHED_WITH_FAILURES -> new Verdict(SourceHealth.WARNING, String.format(Locale.ROOT,
                    "last run #%d: %d item%s failed", run.id(), run.counts().failed(),
                    run.counts().failed() == 1 ? "" : "s") + (quarantined == null ? "" : "; " + quarantined));
            case ABORTED, INTERRUPTED -> new Verdict(SourceHealth.FAILING, String.format(Locale.ROOT,
                    "last run #%d %s", run.id(), run.status().token())
                    + (run.error() == null ? "" : ": " + run.error()));
            case RUNNING -> throw new IllegalStateException("not a finished run: " + run.id());
        };
    }

    /** True for a run that read its source, committed what it found, and on which no item failed. */
    public static boolean succeeded(RunRecord run) {
        return run.status() == RunStatus.SUCCEEDED;
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

    private record Row(String id, String protocol, boolean approved, @Nullable String schedule,
                       @Nullable String host) {
    }
}
