package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.lexsync.engine.model.RunRecord;

/** A table of runs, newest first, each linking to its detail page. */
final class RunsTable {
    private RunsTable() {
    }

    static void render(Html h, List<RunRecord> runs, Instant now) {
        if (runs.isEmpty()) {
            h.raw("<p class=\"muted\">No runs yet.</p>");
            return;
        }
        h.raw("<table class=\"runs\"><thead><tr><th>run</th><th>source</th><th>status</th><th>started</th>")
                .raw("<th>duration</th><th>created</th><th>updated</th><th>deleted</th><th>unchanged</th>")
                .raw("<th>failed</th></tr></thead><tbody>");
        for (RunRecord r : runs) {
            h.raw("<tr><td><a class=\"run-link\"").attr("href", "/runs/" + r.id()).raw(">#").text(r.id())
                    .raw("</a></td><td>").text(r.sourceId()).raw("</td><td>").text(r.status().token())
                    .raw("</td><td>").text(Formats.time(r.started())).raw("</td><td>")
                    .text(Formats.duration(Duration.between(r.started(), r.ended() == null ? now : r.ended())))
                    .raw("</td>");
            SourcesPage.counts(h, r.counts());
            h.raw("</tr>");
        }
        h.raw("</tbody></table>");
    }
}
