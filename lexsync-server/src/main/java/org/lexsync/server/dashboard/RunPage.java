package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.lexsync.engine.model.ItemFailure;
import org.lexsync.engine.model.RunFinding;
import org.lexsync.engine.model.RunRecord;
import org.jspecify.annotations.Nullable;
import org.lexsync.server.RunProgress;

/**
 * One run at {@code /runs/{id}} (docs/architecture.md, "Dashboard and metrics"): counts, duration, throughput,
 * the findings grouped by rule with counts and a few example locations, and the item failures with their reasons.
 */
final class RunPage {
    static final int EXAMPLES = 3;

    private RunPage() {
    }

    static String render(RunRecord run, List<RunFinding> findings, List<ItemFailure> failures, Instant now) {
        return render(run, findings, failures, now, null);
    }

    /** The run's page; with {@code live}, the progress of the harvest running now, which the script keeps fresh. */
    static String render(RunRecord run, List<RunFinding> findings, List<ItemFailure> failures, Instant now,
                         @Nullable RunProgress live) {
        Html h = new Html();
        h.raw("<h1>Run #").text(run.id()).raw(" of <a").attr("href", "/sources/" + UrlPath.segment(run.sourceId()))
                .raw(">").text(run.sourceId()).raw("</a></h1><dl id=\"run\">");
        Duration took = Duration.between(run.started(), run.ended() == null ? now : run.ended());
        long changes = run.counts().total();
        h.raw("<dt>status</dt><dd id=\"run-status\">").text(run.status().token()).raw("</dd>");
        h.raw("<dt>started</dt><dd>").text(Formats.time(run.started())).raw("</dd>");
        h.raw("<dt>ended</dt><dd>").text(run.ended() == null ? "still running" : Formats.time(run.ended()))
                .raw("</dd>");
        h.raw("<dt>duration</dt><dd>").text(Formats.duration(took)).raw("</dd>");
        double seconds = Math.max(took.toMillis(), 1) / 1000.0;
        h.raw("<dt>throughput</dt><dd>").format("%.1f changes/s (%s changes)", changes / seconds,
                Formats.count(changes)).raw("</dd>");
        if (run.error() != null) {
            h.raw("<dt>error</dt><dd class=\"msg\">").text(run.error()).raw("</dd>");
        }
        h.raw("</dl>");
        if (live != null) {
            progress(h, run.id(), live, now);
        }
        h.raw("<table id=\"counts\"><thead><tr><th>created</th><th>updated</th><th>deleted</th>")
                .raw("<th>unchanged</th><th>failed</th></tr></thead><tbody><tr>");
        SourcesPage.counts(h, run.counts());
        h.raw("</tr></tbody></table>");

        h.raw("<h2>Findings by rule</h2>");
        Map<String, List<RunFinding>> byRule = new TreeMap<>();
        for (RunFinding f : findings) {
            byRule.computeIfAbsent(f.finding().rule(), k -> new ArrayList<>()).add(f);
        }
        if (byRule.isEmpty()) {
            h.raw("<p class=\"muted\">No findings.</p>");
        } else {
            h.raw("<table id=\"findings\"><thead><tr><th>rule</th><th>severity</th><th>count</th>")
                    .raw("<th>examples</th></tr></thead><tbody>");
            for (Map.Entry<String, List<RunFinding>> e : byRule.entrySet()) {
                List<RunFinding> list = e.getValue();
                h.raw("<tr><td>").text(e.getKey()).raw("</td><td>")
                        .text(list.get(0).finding().severity().name().toLowerCase(Locale.ROOT))
                        .raw("</td><td class=\"n\">").text(list.size()).raw("</td><td class=\"msg\">");
                for (int i = 0; i < Math.min(EXAMPLES, list.size()); i++) {
                    RunFinding f = list.get(i);
                    h.text(f.resourceUri() == null ? "" : f.resourceUri() + ": ").text(f.finding().message());
                    if (f.finding().line() > 0) {
                        h.format(" (line %d, column %d)", f.finding().line(), f.finding().column());
                    }
                    h.raw("<br>");
                }
                h.raw("</td></tr>");
            }
            h.raw("</tbody></table>");
        }
        h.raw("<h2>Item failures of this run</h2>");
        FailuresPage.table(h, failures, now);
        return Layout.page("Run #" + run.id(), "/", h);
    }

    /**
     * The live progress of a running harvest: each value in an element with {@code data-progress} naming its field
     * of {@code GET /api/runs/{id}}'s {@code progress}, which dashboard.js polls every second while the run runs.
     */
    private static void progress(Html h, long runId, RunProgress p, Instant now) {
        Long stalled = p.stalledSeconds(now);
        h.raw("<section id=\"progress\"").attr("data-run", runId).raw("><h2>Progress</h2><dl>")
                .raw("<dt>phase</dt><dd data-progress=\"phase\">").text(p.phase()).raw("</dd>")
                .raw("<dt>committed</dt><dd><span data-progress=\"committed\">").text(p.committed())
                .raw("</span> of <span data-progress=\"planned\">").text(p.planned())
                .raw("</span> planned so far<span data-progress=\"expected\">")
                .text(p.expected() == null ? "" : " (" + p.expected() + " expected)").raw("</span></dd>")
                .raw("<dt>failed</dt><dd data-progress=\"failed\">").text(p.failed()).raw("</dd>")
                .raw("<dt>source documents</dt><dd><span data-progress=\"documents\">").text(p.documents())
                .raw("</span> (<span data-progress=\"documentBytes\">").text(p.documentBytes())
                .raw("</span> bytes)</dd><dt>rate</dt><dd><span data-progress=\"changesPerSecond\">")
                .format("%.2f", p.rate(now)).raw("</span> changes/s</dd></dl>")
                .raw("<p id=\"stalled\" class=\"bad\"").raw(stalled == null ? " hidden" : "").raw(">")
                .text(stalled == null ? "" : "No progress for " + stalled + " s.").raw("</p></section>");
    }
}
