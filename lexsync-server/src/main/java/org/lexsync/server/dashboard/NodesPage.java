package org.lexsync.server.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.lexsync.engine.model.NodeStatus;

/**
 * The nodes sharing the store, at {@code /nodes} (issue 32, docs/deploying.md): id, address, version, started, heartbeat
 * age, the sources and runs each holds now. A node silent longer than heartbeat × missed heartbeats is stale: its row
 * is red, as the other nodes then revive its runs.
 */
final class NodesPage {
    private NodesPage() {
    }

    static String render(List<NodeStatus> nodes, String self, Instant now, Duration deadAfter) {
        Html h = new Html();
        h.raw("<h1>Nodes</h1><p class=\"muted\">").text(String.format(java.util.Locale.ROOT,
                "A node silent for more than %s is stale; its sources move to the others.", Formats.duration(deadAfter)))
                .raw("</p>");
        if (nodes.isEmpty()) {
            h.raw("<p class=\"muted\">No node has written its heartbeat yet.</p>");
            return Layout.page("Nodes", "/nodes", h);
        }
        h.raw("<table id=\"nodes\"><thead><tr><th>node</th><th>state</th><th>address</th><th>version</th>")
                .raw("<th>started</th><th>heartbeat</th><th>sources held</th><th>runs</th></tr></thead><tbody>");
        for (NodeStatus n : nodes) {
            boolean stale = n.stale(now, deadAfter);
            h.raw("<tr class=\"").raw(stale ? "stale" : "ok").raw("\" data-node=\"").text(n.id()).raw("\"><td>")
                    .text(n.id()).raw(n.id().equals(self) ? " <span class=\"muted\">(this node)</span>" : "")
                    .raw("</td><td class=\"health\"><span class=\"dot\"></span>").text(stale ? "stale" : "live")
                    .raw("</td><td>").text(n.address())
                    .raw("</td><td>").text(n.version())
                    .raw("</td><td>").text(Formats.relative(n.started(), now))
                    .raw("</td><td class=\"n heartbeat\">").text(Formats.duration(n.heartbeatAge(now))).raw(" ago")
                    .raw("</td><td class=\"msg\">").text(String.join(", ", n.sources()))
                    .raw("</td><td>");
            for (int i = 0; i < n.runs().size(); i++) {
                long run = n.runs().get(i);
                h.raw(i == 0 ? "" : ", ").raw("<a href=\"/runs/").text(run).raw("\">").text(run).raw("</a>");
            }
            h.raw("</td></tr>");
        }
        h.raw("</tbody></table>");
        return Layout.page("Nodes", "/nodes", h);
    }
}
