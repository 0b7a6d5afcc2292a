package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.HourlyChanges;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunCounts;
import org.lexsync.engine.model.RunDuration;
import org.lexsync.engine.model.RunRecord;
import org.lexsync.server.IngestionSources;
import org.lexsync.server.SourceActivity;
import org.lexsync.server.SourceHealth;
import org.lexsync.server.SourceStatus;

/**
 * The sources overview at {@code /} and one source's page at {@code /sources/{id}} (docs/architecture.md,
 * "Dashboard and metrics"): status colour with the reason when it is not ok (the error of a failing run, the failed or
 * quarantined items of a warning), last success and its age (red past twice the schedule), next run, the counts of
 * the last run and the failures held now (labelled apart), the buttons, and totals; the chart of changes per hour.
 */
final class SourcesPage {
    private SourcesPage() {
    }

    /** How many of a source's latest runs its duration sparkline shows. */
    static final int SPARK_RUNS = 20;
    /** How many hours the changes sparkline and the changes column cover. */
    static final int DAY_HOURS = 24;
    /** About how many characters a row of the overview takes (benchmark of issue 33: some 1.2 k). */
    private static final int ROW_CHARS = 1_400;

    /**
     * The overview: totals over every source, the filter form, then the sources {@code query} keeps in its order, each
     * with its freshness (last success, how old the newest source timestamp held is), what the store holds of it, its
     * changes in the last 24 hours with their sparkline, its last run with the durations of its latest runs, and the
     * error of its last failure; then the chart of changes per hour.
     */
    static String overview(List<SourceStatus> sources, List<HourlyChanges> hourly, Map<String, List<RunDuration>> runs,
                           Instant now, @Nullable Instant firstCollected, boolean scheduler, OverviewQuery query) {
        Instant dayStart = now.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(DAY_HOURS - 1));
        Map<String, long[]> day = new HashMap<>();
        for (HourlyChanges c : hourly) {
            if (!c.hour().isBefore(dayStart)) {
                int i = (int) Duration.between(dayStart, c.hour()).toHours();
                if (i < DAY_HOURS) {
                    day.computeIfAbsent(c.sourceId(), k -> new long[DAY_HOURS])[i] += c.changes();
                }
            }
        }
        Function<String, Long> changes = id -> sum(day.get(id));
        Html h = new Html(ROW_CHARS * sources.size() + 16_384); // one buffer, not a dozen doublings of a megabyte
        h.raw("<h1>Sources</h1>");
        totals(h, sources, changes);
        if (!scheduler) {
            h.raw("<p class=\"muted\">No scheduler runs in this server: states and next runs are not known.</p>");
        }
        if (sources.isEmpty()) {
            h.raw("<p class=\"muted\">No sources configured or stored.</p>");
        } else {
            filters(h, sources, query);
            List<SourceStatus> shown = query.apply(sources, changes, now);
            h.raw("<p class=\"muted\" id=\"shown\">").text(shown.size() == sources.size()
                    ? sources.size() + " sources" : shown.size() + " of " + sources.size() + " sources").raw("</p>");
            h.raw("<div class=\"scroll\"><table id=\"sources\"><thead><tr>");
            header(h, query, "health", "rowspan=\"2\"");
            header(h, query, "source", "rowspan=\"2\"");
            header(h, query, "protocol", "rowspan=\"2\"");
            header(h, query, "next", "rowspan=\"2\"");
            header(h, query, "success", "rowspan=\"2\"");
            header(h, query, "lag", "rowspan=\"2\"");
            h.raw("<th rowspan=\"2\">last run<br><small class=\"muted\">durations of the last ").text(SPARK_RUNS)
                    .raw("</small></th><th colspan=\"5\" id=\"last-run-counts\">changes in the last run</th>");
            header(h, query, "changes", "rowspan=\"2\"");
            h.raw("<th colspan=\"2\" id=\"held-counts\">held now</th><th rowspan=\"2\"></th></tr><tr class=\"counts-head\">")
                    .raw("<th>created</th><th>updated</th><th>deleted</th><th>unchanged</th><th>failed</th>");
            header(h, query, "held", "");
            header(h, query, "failures", "");
            h.raw("</tr></thead><tbody>");
            for (SourceStatus s : shown) {
                row(h, s, now, day.get(s.id()), dayStart, runs.getOrDefault(s.id(), List.of()));
            }
            h.raw("</tbody></table></div>");
        }
        h.raw("<h2>Changes collected per hour</h2>");
        ChangesChart.render(h, hourly, now, firstCollected);
        return Layout.page("Sources", "/", h);
    }

    private static void totals(Html h, List<SourceStatus> sources, Function<String, Long> changes) {
        h.raw("<p class=\"totals\" id=\"totals\">");
        long running = sources.stream().filter(SourceStatus::running).count();
        h.raw("<span>running <b id=\"total-running\">").text(running).raw("</b></span>");
        for (SourceHealth health : SourceHealth.values()) {
            long n = sources.stream().filter(s -> s.health() == health).count();
            h.raw("<span class=\"").text(health.token()).raw("\"><span class=\"dot\"></span>").text(health.token())
                    .raw(" <b").attr("id", "total-" + health.token()).raw(">").text(n).raw("</b></span>");
        }
        h.raw("</p><p class=\"totals\" id=\"totals-held\">");
        total(h, "resources held", "total-held", sources.stream().mapToLong(SourceStatus::resourcesHeld).sum());
        total(h, "changes in the last 24 h", "total-changes",
                sources.stream().mapToLong(s -> changes.apply(s.id())).sum());
        total(h, "open item failures", "total-failures", sources.stream().mapToLong(SourceStatus::openFailures).sum());
        total(h, "quarantined", "total-quarantined", sources.stream().mapToLong(SourceStatus::quarantined).sum());
        h.raw("</p>");
    }

    private static void total(Html h, String label, String id, long n) {
        h.raw("<span>").text(label).raw(" <b").attr("id", id).raw(">").text(Formats.count(n)).raw("</b></span>");
    }

    /** The filter form: a plain GET form, so filtering needs no script. */
    private static void filters(Html h, List<SourceStatus> sources, OverviewQuery q) {
        h.raw("<form id=\"filter\" method=\"get\" action=\"/\">");
        select(h, "protocol", q.protocol(), sources.stream().map(SourceStatus::protocol).distinct().sorted().toList());
        select(h, "health", q.health(), java.util.Arrays.stream(SourceHealth.values()).map(SourceHealth::token)
                .toList());
        select(h, "host", q.host(), sources.stream().map(SourceStatus::host).filter(x -> !x.isEmpty()).distinct()
                .sorted().toList());
        h.raw("<label>text <input type=\"search\" name=\"q\" size=\"16\"").attr("value", q.text() == null ? ""
                : q.text()).raw(" placeholder=\"id, host, error\"></label>");
        if (q.sort() != null) {
            h.raw("<input type=\"hidden\" name=\"sort\"").attr("value", q.sort()).raw(">")
                    .raw("<input type=\"hidden\" name=\"order\"").attr("value", q.descending() ? "desc" : "asc")
                    .raw(">");
        }
        h.raw("<button type=\"submit\">filter</button>");
        if (q.filtered() || q.sort() != null) {
            h.raw(" <a href=\"/\" id=\"clear-filter\">show all</a>");
        }
        h.raw("</form>");
    }

    private static void select(Html h, String name, @Nullable String chosen, List<String> values) {
        h.raw("<label>").text(name).raw(" <select").attr("name", name).raw("><option value=\"\">any</option>");
        for (String v : values) {
            h.raw("<option").attr("value", v).raw(v.equals(chosen) ? " selected" : "").raw(">").text(v)
                    .raw("</option>");
        }
        h.raw("</select></label>");
    }

    /** A column heading that sorts by {@code key}: a link, with the current order marked for sight and speech. */
    private static void header(Html h, OverviewQuery q, String key, String span) {
        boolean current = key.equals(q.sort());
        boolean desc = current && !q.descending();
        h.raw("<th ").raw(span).raw(current ? " aria-sort=\"" + (q.descending() ? "descending" : "ascending") + "\""
                : "").raw("><a class=\"sort\"").attr("href", q.sortedBy(key, desc)).attr("data-sort", key).raw(">")
                .text(OverviewQuery.SORTS.get(key)).raw(current ? (q.descending() ? " ▼" : " ▲") : "").raw("</a></th>");
    }

    private static void row(Html h, SourceStatus s, Instant now, long @Nullable [] day, Instant dayStart,
                            List<RunDuration> runs) {
        h.raw("<tr").attr("class", s.health().token() + (s.running() ? " running" : ""))
                .attr("data-source", s.id()).raw(">");
        h.raw("<td class=\"health\"><span class=\"dot\"></span>").text(s.health().token());
        if (s.reason() != null) {
            h.raw("<small class=\"reason\">").text(s.reason()).raw("</small>");
        }
        RunRecord failure = s.lastFailure();
        if (failure != null && failure.error() != null && (s.reason() == null || !s.reason().contains(failure.error()))) {
            h.raw("<small class=\"last-error\">last failure, run <a").attr("href", "/runs/" + failure.id()).raw(">#")
                    .text(failure.id()).raw("</a> ").text(Formats.relative(failure.started(), now)).raw(": ")
                    .text(failure.error()).raw("</small>");
        }
        h.raw("</td>");
        h.raw("<td><a").attr("href", "/sources/" + UrlPath.segment(s.id())).raw(">").text(s.id()).raw("</a>")
                .raw(s.approved() ? "" : " <span class=\"muted\">(not approved)</span>");
        if (!s.host().isEmpty()) {
            h.raw("<br><small class=\"muted host\">").text(s.host()).raw("</small>");
        }
        h.raw("</td>");
        h.raw("<td>").text(s.protocol()).raw("</td>");
        h.raw("<td class=\"state\">").text(state(s.activity()));
        if (s.activity() != null && s.activity().nextRun() != null) {
            h.raw("<br><small class=\"next-run\">next ").text(Formats.relative(s.activity().nextRun(), now))
                    .raw("</small>");
        }
        h.raw("</td>");
        lastSuccess(h, s, now);
        h.raw("<td class=\"lag\">");
        Duration lag = s.sourceLag(now);
        if (lag == null) {
            h.raw("<span class=\"muted\">—</span>");
        } else {
            h.text(Formats.duration(lag)).raw("<br><small class=\"muted\">newest ").text(s.newestSourceTimestamp())
                    .raw("</small>");
        }
        h.raw("</td>");
        RunRecord last = s.lastRun();
        if (last == null) {
            h.raw("<td class=\"muted\">never</td><td></td><td></td><td></td><td></td><td></td>");
        } else {
            h.raw("<td><a class=\"run-link\"").attr("href", "/runs/" + last.id()).raw(">#").text(last.id())
                    .raw(" ").text(last.status().token().replace('_', ' ')).raw("</a><br><span class=\"muted\">")
                    .text(Formats.relative(last.started(), now)).raw("</span><br>");
            durations(h, s.id(), runs);
            h.raw("</td>");
            counts(h, last.counts());
        }
        long[] hours = day == null ? new long[DAY_HOURS] : day;
        h.raw("<td class=\"n changes\">").text(Formats.count(sum(hours))).raw("<br>");
        long peak = 0;
        int peakHour = 0;
        for (int i = 0; i < DAY_HOURS; i++) {
            if (hours[i] > peak) {
                peak = hours[i];
                peakHour = i;
            }
        }
        Sparkline.bars(h, "spark-changes", peak == 0 ? "no changes of " + s.id() + " in the last 24 hours"
                : "changes per hour of " + s.id() + ", last 24 hours: most " + peak + " in the hour from "
                + Formats.hourMinute(dayStart.plus(Duration.ofHours(peakHour))), hours, null, null);
        h.raw("</td>");
        h.raw("<td class=\"n held\">").text(Formats.count(s.resourcesHeld())).raw("</td>");
        h.raw("<td class=\"n\">").text(s.openFailures())
                .raw(s.quarantined() > 0 ? " <span class=\"muted\">(" + s.quarantined() + " quarantined)</span>" : "")
                .raw("</td><td class=\"actions\">");
        buttons(h, s, false);
        h.raw("</td></tr>");
    }

    /** The sparkline of the durations of a source's latest runs, failed ones marked. */
    private static void durations(Html h, String sourceId, List<RunDuration> runs) {
        long[] seconds = new long[runs.size()];
        String[] titles = new String[runs.size()];
        String[] classes = new String[runs.size()];
        for (int i = 0; i < runs.size(); i++) {
            RunDuration r = runs.get(i);
            seconds[i] = r.duration() == null ? 0 : Math.max(1, r.duration().toMillis());
            titles[i] = "run #" + r.runId() + " " + r.status().token() + ", "
                    + (r.duration() == null ? "running" : Formats.duration(r.duration()));
            classes[i] = switch (r.status()) {
                case SUCCEEDED -> null;
                case RUNNING -> "running";
                case FINISHED_WITH_FAILURES -> "warning";
                case ABORTED, INTERRUPTED -> "failing";
            };
        }
        Sparkline.bars(h, "spark-runs", "durations of the last " + runs.size() + " runs of " + sourceId, seconds,
                titles, classes);
    }

    private static long sum(long @Nullable [] v) {
        long n = 0;
        if (v != null) {
            for (long x : v) {
                n += x;
            }
        }
        return n;
    }

    private static void lastSuccess(Html h, SourceStatus s, Instant now) {
        Duration age = s.successAge(now);
        boolean red = s.health() == SourceHealth.STALE;
        h.raw("<td").raw(red ? " class=\"age-red\"" : "").raw(">");
        if (s.lastSuccess() == null) {
            h.text("never");
        } else {
            h.text(Formats.time(s.lastSuccess())).raw("<br><span class=\"age\">").text(Formats.duration(age))
                    .raw(" ago</span>");
        }
        if (red && s.interval() != null) {
            h.raw("<br><small>").text("no success for more than 2 × " + Formats.duration(s.interval()))
                    .raw("</small>");
        }
        h.raw("</td>");
    }

    static void counts(Html h, RunCounts c) {
        for (long n : new long[] {c.created(), c.updated(), c.deleted(), c.unchanged(), c.failed()}) {
            h.raw("<td class=\"n\">").text(Formats.count(n)).raw("</td>");
        }
    }

    /**
     * The run-now/pause/resume buttons; none for a source fed by crawlers through the ingestion endpoint. With
     * {@code named} false the buttons leave the source to their row's {@code data-source} (the script looks there), so
     * a thousand rows do not say it three times more each.
     */
    static void buttons(Html h, SourceStatus s, boolean named) {
        if (IngestionSources.ingested(s.protocol())) {
            h.raw("<span class=\"muted\">ingested by crawlers</span>");
            return;
        }
        String sourceId = s.id();
        for (String action : new String[] {"run", "pause", "resume"}) {
            h.raw("<button type=\"button\" data-action=\"").raw(action).raw("\"");
            if (named) {
                h.attr("data-source", sourceId);
            }
            h.raw(">").raw(action.equals("run") ? "run now" : action).raw("</button>");
        }
    }

    private static String state(@Nullable SourceActivity a) {
        return a == null ? "—" : a.state().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** One source: its status, its recent runs and its item failures. */
    static String source(SourceStatus s, List<RunRecord> runs, List<ItemFailure> failures, Instant now) {
        Html h = new Html();
        h.raw("<h1").attr("class", s.health().token()).raw("><span class=\"dot\"></span>Source ").text(s.id())
                .raw("</h1><dl>");
        h.raw("<dt>health</dt><dd>").text(s.health().token()).raw("</dd>");
        if (s.reason() != null) {
            h.raw("<dt>why</dt><dd class=\"reason\">").text(s.reason()).raw("</dd>");
        }
        h.raw("<dt>protocol</dt><dd>").text(s.protocol()).raw("</dd>");
        h.raw("<dt>approved</dt><dd>").text(s.approved() ? "yes" : "no").raw("</dd>");
        h.raw("<dt>schedule</dt><dd>").text(s.schedule() == null ? "—" : s.schedule()).raw("</dd>");
        h.raw("<dt>state</dt><dd>").text(state(s.activity())).raw("</dd>");
        h.raw("<dt>last success</dt><dd>").text(Formats.time(s.lastSuccess())).raw(" ")
                .text(Formats.relative(s.lastSuccess(), now)).raw("</dd>");
        h.raw("<dt>next run</dt><dd>").text(s.activity() == null ? "—" : Formats.time(s.activity().nextRun()))
                .raw("</dd></dl><p>");
        buttons(h, s, true);
        h.raw("</p><h2>Runs</h2>");
        RunsTable.render(h, runs, now);
        h.raw("<h2>Item failures</h2>");
        FailuresPage.table(h, failures, now);
        h.raw("<p><a id=\"source-findings\"").attr("href", "/findings?source=" + java.net.URLEncoder.encode(s.id(),
                java.nio.charset.StandardCharsets.UTF_8)).raw(">findings and failures of ").text(s.id())
                .raw(" by rule</a></p>");
        return Layout.page("Source " + s.id(), "/", h);
    }
}
