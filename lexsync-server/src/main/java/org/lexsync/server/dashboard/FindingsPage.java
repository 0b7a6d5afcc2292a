package org.lexsync.server.dashboard;

import java.util.Map;
import org.lexsync.server.FindingsByRule;

/**
 * Findings and failures by rule at {@code /findings} (issue 33): the spec findings of the last N runs of one source or
 * of all, grouped by rule with counts, the sources they came from and examples linked to their run and document; then
 * the item failures held now grouped by reason, each example linked to its document page. A plain GET form picks the
 * source and N, so it works without a script.
 */
final class FindingsPage {
    private FindingsPage() {
    }

    static String render(FindingsByRule.Report r, java.util.List<String> sourceIds) {
        Html h = new Html();
        h.raw("<h1>Findings and failures by rule</h1><form id=\"findings-form\" method=\"get\" action=\"/findings\">")
                .raw("<label>source <select name=\"source\"><option value=\"\">all sources</option>");
        for (String id : sourceIds) {
            h.raw("<option").attr("value", id).raw(id.equals(r.source()) ? " selected" : "").raw(">").text(id)
                    .raw("</option>");
        }
        h.raw("</select></label><label>last <input type=\"number\" name=\"runs\" min=\"1\"")
                .attr("max", FindingsByRule.MAX_RUNS).attr("value", r.runsAsked()).raw(" size=\"5\"> runs</label>")
                .raw("<button type=\"submit\">show</button></form>");
        h.raw("<p class=\"muted\" id=\"findings-scope\">").text(String.format(java.util.Locale.ROOT,
                "Spec findings of the last %d run%s%s.", r.runsRead(), r.runsRead() == 1 ? "" : "s",
                r.source() == null ? " of all sources" : " of " + r.source())).raw("</p>");
        h.raw("<h2>Findings by rule</h2>");
        if (r.rules().isEmpty()) {
            h.raw("<p class=\"muted\">No findings in these runs.</p>");
        } else {
            h.raw("<div class=\"scroll\"><table id=\"rules\"><thead><tr><th>rule</th><th>severity</th>")
                    .raw("<th>findings</th><th>runs</th><th>sources</th><th>examples</th></tr></thead><tbody>");
            for (FindingsByRule.RuleGroup g : r.rules()) {
                h.raw("<tr").attr("data-rule", g.rule()).raw("><td class=\"rule\">").text(g.rule()).raw("</td><td>")
                        .text(g.severity()).raw("</td><td class=\"n count\">").text(Formats.count(g.count()))
                        .raw("</td><td class=\"n\">").text(g.runs()).raw("</td><td>");
                sources(h, g.sources());
                h.raw("</td><td><ul class=\"examples\">");
                for (FindingsByRule.Example e : g.examples()) {
                    h.raw("<li><a").attr("href", "/runs/" + e.run()).raw(">#").text(e.run()).raw("</a> ");
                    if (e.uri() != null) {
                        h.raw("<a class=\"doc\"").attr("href", DocumentPages.path(e.source(), e.uri())).raw(">")
                                .text(e.uri()).raw("</a>");
                    }
                    if (e.line() > 0) {
                        h.text(e.uri() == null ? "line " + e.line() : ":" + e.line())
                                .text(e.column() > 0 ? ":" + e.column() : "");
                    }
                    h.raw(" <span class=\"reason\">").text(e.message()).raw("</span></li>");
                }
                h.raw("</ul></td></tr>");
            }
            h.raw("</tbody></table></div>");
        }
        h.raw("<h2>Item failures by reason</h2>");
        if (r.failures().isEmpty()) {
            h.raw("<p class=\"muted\">No item is failing.</p>");
        } else {
            h.raw("<div class=\"scroll\"><table id=\"failure-reasons\"><thead><tr><th>reason</th><th>items</th>")
                    .raw("<th>quarantined</th><th>sources</th><th>examples</th></tr></thead><tbody>");
            for (FindingsByRule.ReasonGroup g : r.failures()) {
                h.raw("<tr").attr("data-reason", g.reason()).raw("><td>").text(g.reason())
                        .raw("</td><td class=\"n\">").text(Formats.count(g.count())).raw("</td><td class=\"n\">")
                        .text(Formats.count(g.quarantined())).raw("</td><td>");
                sources(h, g.sources());
                h.raw("</td><td><ul class=\"examples\">");
                for (FindingsByRule.FailureExample e : g.examples()) {
                    h.raw("<li><a class=\"doc\"").attr("href", DocumentPages.path(e.source(), e.uri())).raw(">")
                            .text(e.uri()).raw("</a>").raw(e.quarantined() ? " <b>quarantined</b>" : "")
                            .raw(" <span class=\"reason\">").text(e.message()).raw("</span></li>");
                }
                h.raw("</ul></td></tr>");
            }
            h.raw("</tbody></table></div>");
        }
        return Layout.page("Findings", "/findings", h);
    }

    /** The page for a request refused (a bad {@code runs}), naming what was wrong. */
    static String refused(String message) {
        Html h = new Html().raw("<h1>Findings and failures by rule</h1><p class=\"bad\" id=\"refused\">")
                .text(message).raw("</p>");
        return Layout.page("Findings refused", "/findings", h);
    }

    private static void sources(Html h, Map<String, Long> sources) {
        boolean first = true;
        for (Map.Entry<String, Long> e : sources.entrySet()) {
            h.raw(first ? "" : ", ").raw("<a").attr("href", "/findings?source=" + java.net.URLEncoder.encode(
                    e.getKey(), java.nio.charset.StandardCharsets.UTF_8)).raw(">").text(e.getKey()).raw("</a> (")
                    .text(Formats.count(e.getValue())).raw(")");
            first = false;
        }
    }
}
