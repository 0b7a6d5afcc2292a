package org.lexsync.server.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.lexsync.engine.model.IngestLogEntry;

/**
 * Crawler uploads at {@code /uploads} (issue 18; EUCases D2.1 §3.2's crawler log): per crawler how many uploads were
 * accepted, unchanged and rejected, the rejection reasons counted by error class, then the latest calls.
 */
final class UploadsPage {
    /** Log rows read for the page: the counts cover these, the latest calls list the first {@link #LISTED}. */
    static final int READ = 5_000;
    static final int LISTED = 100;

    private UploadsPage() {
    }

    static String render(List<IngestLogEntry> log, Instant now) {
        Html h = new Html();
        h.raw("<h1>Crawler uploads</h1>");
        if (log.isEmpty()) {
            h.raw("<p class=\"muted\">No document group has been uploaded to <code>/api/document-groups</code> yet.</p>");
            return Layout.page("Uploads", "/uploads", h);
        }
        Map<String, long[]> perCrawler = new TreeMap<>();
        Map<String, Long> reasons = new TreeMap<>();
        for (IngestLogEntry e : log) {
            String crawler = e.crawler() == null ? "(unknown)" : e.crawler();
            long[] n = perCrawler.computeIfAbsent(crawler, k -> new long[3]);
            switch (e.outcome()) {
                case "accepted" -> n[0]++;
                case "unchanged" -> n[1]++;
                default -> {
                    n[2]++;
                    reasons.merge(crawler + '\n' + (e.errorClass() == null ? "error" : e.errorClass()), 1L, Long::sum);
                }
            }
        }
        h.raw("<p class=\"muted\">").format("The last %d calls.", log.size()).raw("</p>");
        h.raw("<table id=\"uploads-per-crawler\"><thead><tr><th>crawler</th><th>accepted</th><th>unchanged</th>")
                .raw("<th>rejected</th></tr></thead><tbody>");
        perCrawler.forEach((crawler, n) -> h.raw("<tr><td>").text(crawler).raw("</td><td class=\"n\">").text(n[0])
                .raw("</td><td class=\"n\">").text(n[1]).raw("</td><td class=\"n").raw(n[2] > 0 ? " bad" : "")
                .raw("\">").text(n[2]).raw("</td></tr>"));
        h.raw("</tbody></table>");
        if (!reasons.isEmpty()) {
            h.raw("<h2>Rejection reasons</h2><table id=\"upload-rejections\"><thead><tr><th>crawler</th>")
                    .raw("<th>error class</th><th>uploads</th></tr></thead><tbody>");
            reasons.forEach((key, n) -> {
                String[] parts = key.split("\n", 2);
                h.raw("<tr><td>").text(parts[0]).raw("</td><td>").text(parts[1]).raw("</td><td class=\"n\">").text(n)
                        .raw("</td></tr>");
            });
            h.raw("</tbody></table>");
        }
        h.raw("<h2>Latest calls</h2><table id=\"upload-log\"><thead><tr><th>when</th><th>from</th><th>crawler</th>")
                .raw("<th>group</th><th>operation</th><th>outcome</th><th>journal rows</th><th>message</th></tr></thead><tbody>");
        for (IngestLogEntry e : log.subList(0, Math.min(LISTED, log.size()))) {
            h.raw("<tr><td>").text(Formats.relative(e.at(), now)).raw("</td><td>").text(orDash(e.remote()))
                    .raw("</td><td>").text(orDash(e.crawler())).raw("</td><td class=\"msg\">").text(orDash(e.groupId()))
                    .raw("</td><td>").text(orDash(e.operation())).raw("</td><td").raw(e.success() ? "" : " class=\"bad\"")
                    .raw(">").text(e.outcome()).raw("</td><td class=\"n\">").text(e.changes())
                    .raw("</td><td class=\"msg\">").text(orDash(e.message())).raw("</td></tr>");
        }
        h.raw("</tbody></table>");
        return Layout.page("Uploads", "/uploads", h);
    }

    private static String orDash(@org.jspecify.annotations.Nullable String s) {
        return s == null ? "–" : s;
    }
}
