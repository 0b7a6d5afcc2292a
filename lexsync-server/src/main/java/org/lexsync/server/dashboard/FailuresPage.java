package org.lexsync.server.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.lexsync.engine.model.ItemFailure;

/**
 * Failures and quarantine at {@code /failures} (docs/architecture.md, "Dashboard and metrics"): the items retried
 * again and again, counted by source and reason, then listed with URL, message, tries and next try.
 */
final class FailuresPage {
    /** At most this many items are listed (the counts cover all of them). */
    static final int LISTED = 500;

    private FailuresPage() {
    }

    static String render(List<ItemFailure> failures, Instant now) {
        Html h = new Html();
        h.raw("<h1>Failures and quarantine</h1>");
        Map<String, long[]> groups = new TreeMap<>();
        for (ItemFailure f : failures) {
            long[] n = groups.computeIfAbsent(f.sourceId() + '\n' + f.reason(), k -> new long[3]);
            n[0]++;
            n[1] += f.quarantined() ? 1 : 0;
            n[2] = Math.max(n[2], f.tries());
        }
        if (groups.isEmpty()) {
            h.raw("<p class=\"muted\">No item is failing.</p>");
            return Layout.page("Failures", "/failures", h);
        }
        h.raw("<table id=\"failure-groups\"><thead><tr><th>source</th><th>reason</th><th>items</th>")
                .raw("<th>quarantined</th><th>most tries</th></tr></thead><tbody>");
        groups.forEach((key, n) -> {
            String[] parts = key.split("\n", 2);
            h.raw("<tr><td><a").attr("href", "/sources/" + UrlPath.segment(parts[0])).raw(">").text(parts[0])
                    .raw("</a></td><td>").text(parts[1]).raw("</td><td class=\"n\">").text(n[0])
                    .raw("</td><td class=\"n\">").text(n[1]).raw("</td><td class=\"n\">").text(n[2])
                    .raw("</td></tr>");
        });
        h.raw("</tbody></table><h2>Items</h2>");
        table(h, failures.size() > LISTED ? failures.subList(0, LISTED) : failures, now);
        if (failures.size() > LISTED) {
            h.raw("<p class=\"muted\">").format("%d more not listed.", failures.size() - LISTED).raw("</p>");
        }
        return Layout.page("Failures", "/failures", h);
    }

    static void table(Html h, List<ItemFailure> failures, Instant now) {
        if (failures.isEmpty()) {
            h.raw("<p class=\"muted\">None.</p>");
            return;
        }
        h.raw("<table class=\"failures\"><thead><tr><th>source</th><th>resource / URL</th><th>reason</th>")
                .raw("<th>message</th><th>tries</th><th>since</th><th>next try</th><th>status</th></tr></thead><tbody>");
        for (ItemFailure f : failures) {
            h.raw("<tr><td>").text(f.sourceId()).raw("</td><td class=\"msg\"><a")
                    .attr("href", DocumentPages.path(f.sourceId(), f.resourceUri())).raw(">").text(f.resourceUri())
                    .raw("</a>");
            if (f.url() != null && !f.url().equals(f.resourceUri())) {
                h.raw("<br>").text(f.url());
            }
            h.raw("</td><td>").text(f.reason()).raw("</td><td class=\"msg\">").text(f.message())
                    .raw("</td><td class=\"n\">").text(f.tries()).raw("</td><td>")
                    .text(Formats.relative(f.firstFailed(), now)).raw("</td><td>")
                    .text(f.nextTry() == null ? "—" : Formats.relative(f.nextTry(), now)).raw("</td><td>")
                    .text(f.status().name().toLowerCase(java.util.Locale.ROOT)).raw("</td></tr>");
        }
        h.raw("</tbody></table>");
    }
}
