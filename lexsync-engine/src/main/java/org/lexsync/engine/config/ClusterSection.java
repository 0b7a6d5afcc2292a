package org.lexsync.engine.config;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.lexsync.engine.model.ClusterSettings;
import org.lexsync.engine.model.GiveUpRule;
import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The {@code cluster:} section of {@code lexsync.yaml} (issue 32; docs/deploying.md): failover timing — heartbeat,
 * heartbeats missed before a node is dead, the source lease — and the address other nodes reach this one at. Format:
 * {@link ConfigReader}.
 */
final class ClusterSection {
    private static final Set<String> KEYS = Set.of("heartbeat", "missed-heartbeats", "lease", "address");

    private final YamlNodes yaml;

    ClusterSection(YamlNodes yaml) {
        this.yaml = yaml;
    }

    ClusterSettings read(Node node) {
        Map<String, Node> m = yaml.mapping(node, "cluster");
        yaml.onlyKeys(m, "cluster", KEYS);
        ClusterSettings c = ClusterSettings.DEFAULTS;
        try {
            if (m.containsKey("heartbeat")) {
                c = c.withHeartbeat(duration(m.get("heartbeat"), "cluster.heartbeat"));
            }
            if (m.containsKey("missed-heartbeats")) {
                c = c.withMissedHeartbeats(yaml.wholeNumber(m.get("missed-heartbeats"), "cluster.missed-heartbeats",
                        ClusterSettings.MIN_MISSED_HEARTBEATS, 1000));
            }
            if (m.containsKey("lease")) {
                c = c.withLease(duration(m.get("lease"), "cluster.lease"));
            }
            if (m.containsKey("address")) {
                c = c.withAddress(yaml.requiredText(m, "cluster", "address"));
            }
        } catch (IllegalArgumentException e) {
            throw yaml.error("cluster", node, e.getMessage());
        }
        return c;
    }

    private Duration duration(Node n, String at) {
        try {
            return GiveUpRule.parseDuration(yaml.scalar(n, at));
        } catch (IllegalArgumentException e) {
            throw yaml.error(at, n, e.getMessage());
        }
    }
}
