package org.lexsync.server.api;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.JournalEntry;
import org.lexsync.engine.model.ResourceSummary;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.server.RunProgress;

/**
 * The JSON shapes of the API (docs/api.md), as records Jackson writes field by field. Resources and changes are the
 * objects {@code lexsync resources} and {@code lexsync changes} print as JSON lines.
 */
final class Views {
    private Views() {
    }

    /**
     * One source as {@code GET /api/sources} lists it; {@code health} and {@code healthReason} are the dashboard's
     * (a source with failed or quarantined items is a {@code warning}, never {@code ok}).
     */
    record SourceView(String id, String protocol, List<String> urls, boolean approved, @Nullable String schedule,
                      String state,
                      @Nullable Instant nextRun, @Nullable RunView lastRun, @Nullable Instant lastSuccess,
                      @Nullable String checkpoint, int openFailures, int findings, @Nullable Long freshnessLagSeconds,
                      String health, @Nullable String healthReason) {
    }

    /** A run's summary. */
    record RunView(long id, String source, String status, Instant started, @Nullable Instant finished, long created,
                   long updated, long deleted, long unchanged, long failed, @Nullable String error) {
        static RunView of(RunRecord r) {
            RunCounts c = r.counts();
            return new RunView(r.id(), r.sourceId(), r.status().token(), r.started(), r.ended(), c.created(),
                    c.updated(), c.deleted(), c.unchanged(), c.failed(), r.error());
        }
    }

    /** A run with its throughput, findings grouped by rule and item failures. */
    record RunDetail(RunView run, @Nullable Double seconds, @Nullable Double changesPerSecond, List<FindingGroup> findings,
                     List<FailureView> failures, @Nullable ProgressView progress) {
        static RunDetail of(RunRecord r, List<RunFinding> found, List<ItemFailure> failed, @Nullable ProgressView live) {
            Double seconds = r.ended() == null ? null : Duration.between(r.started(), r.ended()).toMillis() / 1000.0;
            Double rate = seconds == null ? null
                    : (r.counts().total() - r.counts().failed()) / Math.max(0.001, seconds);
            return new RunDetail(RunView.of(r), seconds, rate, FindingGroup.of(found),
                    failed.stream().map(FailureView::of).toList(), live);
        }
    }

    /**
     * A running harvest's progress (issue 33): phase, changes committed of those planned so far (and of those
     * expected in all, when known), failed ones, source documents and bytes read, the rate since it started, when it
     * last advanced, and for how many seconds it has not when that is {@link RunProgress#STALL} or more.
     */
    record ProgressView(String phase, long committed, long planned, @Nullable Long expected, long failed,
                        long documents, long documentBytes, double changesPerSecond, Instant lastAdvance,
                        @Nullable Long stalledSeconds) {
        static ProgressView of(RunProgress p, Instant now) {
            return new ProgressView(p.phase(), p.committed(), p.planned(), p.expected(), p.failed(), p.documents(),
                    p.documentBytes(), Math.round(p.rate(now) * 100) / 100.0, p.lastAdvance(), p.stalledSeconds(now));
        }
    }

    /** The findings of one rule in a run: how many, and up to five example locations. */
    record FindingGroup(String rule, String severity, int count, List<String> examples) {
        static List<FindingGroup> of(List<RunFinding> found) {
            Map<String, List<RunFinding>> byRule = new LinkedHashMap<>();
            for (RunFinding f : found) {
                byRule.computeIfAbsent(f.finding().rule(), k -> new ArrayList<>()).add(f);
            }
            List<FindingGroup> groups = new ArrayList<>();
            byRule.forEach((rule, list) -> groups.add(new FindingGroup(rule,
                    list.get(0).finding().severity().name().toLowerCase(Locale.ROOT), list.size(),
                    list.stream().limit(5).map(Views::location).toList())));
            return groups;
        }
    }

    private static String location(RunFinding f) {
        String where = f.resourceUri() == null ? "" : f.resourceUri();
        if (f.finding().line() > 0) {
            where += (where.isEmpty() ? "line " : ":") + f.finding().line()
                    + (f.finding().column() > 0 ? ":" + f.finding().column() : "");
        }
        return (where.isEmpty() ? "" : where + ": ") + f.finding().message();
    }

    /** An item that failed: where, why, how often, and when it is tried next. */
    record FailureView(String source, String uri, @Nullable String url, String reason, String message, int tries,
                       Instant firstFailed, Instant lastFailed, @Nullable Instant nextTry, @Nullable Long run,
                       String status) {
        static FailureView of(ItemFailure f) {
            return new FailureView(f.sourceId(), f.resourceUri(), f.url(), f.reason(), f.message(), f.tries(),
                    f.firstFailed(), f.lastFailed(), f.nextTry(), f.runId(), f.status().name().toLowerCase(Locale.ROOT));
        }
    }

    /** A resource as {@code lexsync resources} prints it. */
    static Map<String, @Nullable Object> resource(ResourceSummary r) {
        ResourceSummary.File p = r.primary();
        Map<String, @Nullable Object> m = new LinkedHashMap<>();
        m.put("source", r.sourceId());
        m.put("uri", r.uri());
        m.put("status", r.status().name().toLowerCase(Locale.ROOT));
        m.put("sourceTime", text(r.sourceTimestamp()));
        m.put("title", r.title());
        m.put("md5", p == null ? null : p.md5());
        m.put("sha256", p == null ? null : p.sha256());
        m.put("length", p == null ? null : p.length());
        m.put("type", p == null ? null : p.mediaType());
        m.put("lastHarvested", text(r.lastHarvested()));
        m.put("lastSeq", r.lastSeq());
        List<Map<String, @Nullable Object>> reps = new ArrayList<>();
        for (ResourceSummary.File f : r.representations()) {
            Map<String, @Nullable Object> rep = new LinkedHashMap<>();
            rep.put("url", f.url());
            rep.put("role", f.role().token());
            rep.put("type", f.mediaType());
            rep.put("length", f.length());
            rep.put("md5", f.md5());
            rep.put("sha256", f.sha256());
            reps.add(rep);
        }
        m.put("representations", reps);
        return m;
    }

    /** A journal entry as {@code lexsync changes} prints it. */
    static Map<String, @Nullable Object> change(JournalEntry e) {
        Map<String, @Nullable Object> m = new LinkedHashMap<>();
        m.put("seq", e.seq());
        m.put("source", e.sourceId());
        m.put("uri", e.resourceUri());
        m.put("kind", e.kind().name().toLowerCase(Locale.ROOT));
        m.put("sourceTime", text(e.sourceTimestamp()));
        m.put("collectedTime", text(e.collected()));
        m.put("checksums", e.checksums().isEmpty() ? null : e.checksums().toString());
        m.put("run", e.runId());
        return m;
    }

    private static @Nullable String text(@Nullable Object value) {
        return value == null ? null : value.toString();
    }

    static List<String> urls(List<URI> urls) {
        return urls.stream().map(URI::toString).toList();
    }
}
