package org.lexsync.server.dashboard;

import java.util.List;
import org.lexsync.core.findings.Severity;
import org.lexsync.server.CheckReports;

/**
 * The conformance checks the server ran lately, at {@code /checks} (docs/architecture.md, "The conformance
 * checker"): what was checked, when, the error and warning rules, and a link to each report's HTML page.
 */
final class ChecksPage {
    private ChecksPage() {
    }

    static String render(List<CheckReports.Kept> recent) {
        Html h = new Html();
        h.raw("<h1>Conformance checks</h1>");
        if (recent.isEmpty()) {
            h.raw("<p class=\"muted\">No check has run on this server yet. Run one with <code>POST /api/check</code>"
                    + " (see docs/api.md) or <code>lexsync check</code>.</p>");
            return Layout.page("Checks", "/checks", h);
        }
        h.raw("<table id=\"checks\"><thead><tr><th>#</th><th>protocol</th><th>root</th><th>finished</th>")
                .raw("<th>error rules</th><th>warning rules</th><th>report</th></tr></thead><tbody>");
        for (CheckReports.Kept k : recent) {
            var r = k.report();
            h.raw("<tr><td class=\"n\">").text(k.id()).raw("</td><td>").text(r.protocol().label())
                    .raw("</td><td class=\"msg\">").text(r.root()).raw("</td><td>").text(Formats.time(r.finished()))
                    .raw("</td><td class=\"n\">").text(r.broken(Severity.ERROR).size())
                    .raw("</td><td class=\"n\">").text(r.broken(Severity.WARNING).size())
                    .raw("</td><td><a").attr("href", "/api/check/" + k.id() + "?format=html").raw(">HTML</a> · <a")
                    .attr("href", "/api/check/" + k.id() + "?format=json").raw(">JSON</a></td></tr>");
        }
        h.raw("</tbody></table>");
        return Layout.page("Checks", "/checks", h);
    }
}
