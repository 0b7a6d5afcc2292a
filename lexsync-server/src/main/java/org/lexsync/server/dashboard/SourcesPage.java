package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.HourlyChanges;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunCounts;
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

    static String overview(List<SourceStatus> sources, List<HourlyChanges> hourly, Instant now,
                           @Nullable Instant firstCollected, boolean scheduler) {
        Html h = new Html();
        h.raw("<h1>Sources</h1><p class=\"totals\" id=\"totals\">");
        long running = sources.stream().filter(SourceStatus::running).count();
        h.raw("<span>running <b id=\"total-running\">").text(running).raw("</b></span>");
        for (SourceHealth health : SourceHealth.values()) {
            long n = sources.stream().filter(s -> s.health() == health).count();
            h.raw("<span class=\"").text(health.token()).raw("\"><span class=\"dot\"></span>").text(health.token())
                    .raw(" <b").attr("id", "total-" + health.token()).raw(">").text(n).raw("</b></span>");
        }
        h.raw("</p>");
        if (!scheduler) {
            h.raw("<p class=\"muted\">No scheduler runs in this server: states and next runs are not known.</p>");
        }
        if (sources.isEmpty()) {
            h.raw("<p class=\"muted\">No sources configured or stored.</p>");
        } else {
            h.raw("<table id=\"sources\"><thead><tr><th rowspan=\"2\">health</th><th rowspan=\"2\">source</th>")
                    .raw("<th rowspan=\"2\">protocol</th><th rowspan=\"2\">state</th>")
                    .raw("<th rowspan=\"2\">last success</th><th rowspan=\"2\">next run</th>")
                    .raw("<th rowspan=\"2\">last run</th><th colspan=\"5\" id=\"last-run-counts\">")
                    .raw("changes in the last run</th><th id=\"held-counts\">held now</th><th rowspan=\"2\"></th>")
                    .raw("</tr><tr><th>created</th><th>updated</th><th>deleted</th><th>unchanged</th><th>failed</th>")
                    .raw("<th>open failures</th></tr></thead><tbody>");
            for (SourceStatus s : sources) {
                row(h, s, now);
            }
            h.raw("</tbody></table>");
        }
        h.raw("<h2>Changes collected per hour</h2>");
        ChangesChart.render(h, hourly, now, firstCollected);
        return Layout.page("Sources", "/", h);
    }

    private static void row(Html h, SourceStatus s, Instant now) {
        h.raw("<tr").attr("class", s.health().token()).attr("data-source", s.id()).raw(">");
        h.raw("<td class=\"health\"><span class=\"dot\"></span>").text(s.health().token());
        if (s.reason() != null) {
            h.raw("<br><small class=\"reason msg\">").text(s.reason()).raw("</small>");
        }
        h.raw("</td>");
        h.raw("<td><a").attr("href", "/sources/" + UrlPath.segment(s.id())).raw(">").text(s.id()).raw("</a>")
                .raw(s.approved() ? "" : " <span class=\"muted\">(not approved)</span>").raw("</td>");
        h.raw("<td>").text(s.protocol()).raw("</td>");
        h.raw("<td class=\"state\">").text(state(s.activity())).raw("</td>");
        lastSuccess(h, s, now);
        h.raw("<td>").text(s.activity() == null || s.activity().nextRun() == null ? "—"
                : Formats.relative(s.activity().nextRun(), now)).raw("</td>");
        RunRecord last = s.lastRun();
        if (last == null) {
            h.raw("<td class=\"muted\">never</td><td></td><td></td><td></td><td></td><td></td>");
        } else {
            h.raw("<td><a class=\"run-link\"").attr("href", "/runs/" + last.id()).raw(">#").text(last.id())
                    .raw(" ").text(last.status().token()).raw("</a><br><span class=\"muted\">")
                    .text(Formats.relative(last.started(), now)).raw("</span></td>");
            counts(h, last.counts());
        }
        h.raw("<td class=\"n\">").text(s.openFailures())
                .raw(s.quarantined() > 0 ? " <span class=\"muted\">(" + s.quarantined() + " quarantined)</span>" : "")
                .raw("</td><td class=\"actions\">");
        buttons(h, s);
        h.raw("</td></tr>");
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

    /** The run-now/pause/resume buttons; none for a source fed by crawlers through the ingestion endpoint. */
    static void buttons(Html h, SourceStatus s) {
        if (IngestionSources.ingested(s.protocol())) {
            h.raw("<span class=\"muted\">ingested by crawlers</span>");
            return;
        }
        String sourceId = s.id();
        for (String action : new String[] {"run", "pause", "resume"}) {
            h.raw("<button type=\"button\"").attr("data-action", action).attr("data-source", sourceId).raw(">")
                    .text(action.equals("run") ? "run now" : action).raw("</button>");
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
            h.raw("<dt>why</dt><dd class=\"reason msg\">").text(s.reason()).raw("</dd>");
        }
        h.raw("<dt>protocol</dt><dd>").text(s.protocol()).raw("</dd>");
        h.raw("<dt>approved</dt><dd>").text(s.approved() ? "yes" : "no").raw("</dd>");
        h.raw("<dt>schedule</dt><dd>").text(s.schedule() == null ? "—" : s.schedule()).raw("</dd>");
        h.raw("<dt>state</dt><dd>").text(state(s.activity())).raw("</dd>");
        h.raw("<dt>last success</dt><dd>").text(Formats.time(s.lastSuccess())).raw(" ")
                .text(Formats.relative(s.lastSuccess(), now)).raw("</dd>");
        h.raw("<dt>next run</dt><dd>").text(s.activity() == null ? "—" : Formats.time(s.activity().nextRun()))
                .raw("</dd></dl><p>");
        buttons(h, s);
        h.raw("</p><h2>Runs</h2>");
        RunsTable.render(h, runs, now);
        h.raw("<h2>Item failures</h2>");
        FailuresPage.table(h, failures, now);
        return Layout.page("Source " + s.id(), "/", h);
    }
}
