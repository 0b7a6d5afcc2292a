package org.lexsync.server.dashboard;

import java.time.Instant;
import java.util.List;
import org.lexsync.engine.model.HostStatistics;

/**
 * The hosts the engine's fetcher asked since the server started, at {@code /hosts} (docs/architecture.md,
 * "Dashboard and metrics"): requests, 304/429/other 4xx/5xx and unanswered counts, the delay in force, requests in flight,
 * robots.txt state, circuit breaker.
 */
final class HostsPage {
    private HostsPage() {
    }

    static String render(List<HostStatistics> hosts, Instant now) {
        Html h = new Html();
        h.raw("<h1>Hosts</h1>");
        if (hosts.isEmpty()) {
            h.raw("<p class=\"muted\">No host asked since the server started.</p>");
            return Layout.page("Hosts", "/hosts", h);
        }
        h.raw("<table id=\"hosts\"><thead><tr><th>host</th><th>requests</th><th>304</th><th>429</th><th>other 4xx</th><th>5xx</th>")
                .raw("<th>no answer</th><th>delay</th><th>in flight</th><th>robots.txt</th><th>last request</th>")
                .raw("<th>breaker</th></tr></thead><tbody>");
        for (HostStatistics s : hosts) {
            h.raw("<tr").raw(s.unreachable() ? " class=\"failing\"" : "").raw("><td>").text(s.host())
                    .raw("</td><td class=\"n\">").text(Formats.count(s.requests()))
                    .raw("</td><td class=\"n\">").text(Formats.count(s.notModified()))
                    .raw("</td><td class=\"n\">").text(Formats.count(s.tooManyRequests()))
                    .raw("</td><td class=\"n client-errors\">").text(Formats.count(s.clientErrors()))
                    .raw("</td><td class=\"n\">").text(Formats.count(s.serverErrors()))
                    .raw("</td><td class=\"n\">").text(Formats.count(s.noAnswer()))
                    .raw("</td><td class=\"n\">").format("%.2f s", s.currentDelay().toMillis() / 1000.0)
                    .raw("</td><td class=\"n\">").text(s.inFlight())
                    .raw("</td><td class=\"msg\">").text(s.robots())
                    .raw("</td><td>").text(Formats.relative(s.lastRequest(), now))
                    .raw("</td><td>").text(s.unreachable() ? "open (unreachable)" : "closed").raw("</td></tr>");
        }
        h.raw("</tbody></table>");
        return Layout.page("Hosts", "/hosts", h);
    }
}
