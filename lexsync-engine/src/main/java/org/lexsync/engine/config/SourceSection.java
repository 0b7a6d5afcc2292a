package org.lexsync.engine.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.harvest.ProtocolBlock;
import org.lexsync.engine.harvest.SourceRules;
import org.lexsync.engine.model.ConfigException;
import org.lexsync.engine.model.GiveUpRule;
import org.lexsync.engine.model.ProtocolOptions;
import org.lexsync.engine.model.SourceSchedule;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * One entry of the {@code sources:} list of {@code lexsync.yaml}: id, protocol, URLs, politeness, schedule, approval,
 * contact, text options, give-up rule, and the protocol's own block. It names no protocol: what a protocol requires
 * (URL count, option keys and values, its block) comes from its harvester ({@link ProtocolRules}). Format:
 * {@link ConfigReader}.
 */
final class SourceSection {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    /** The keys every source may have; a protocol's block key is added from its harvester. */
    private static final Set<String> COMMON_KEYS = Set.of("id", "protocol", "url", "urls", "politeness", "schedule",
            "approved", "contact", "options", "give-up");

    private final YamlNodes yaml;
    private final Set<String> protocols;
    private final Set<String> keys;

    SourceSection(YamlNodes yaml, Set<String> protocols) {
        this.yaml = yaml;
        this.protocols = protocols;
        Set<String> all = new HashSet<>(COMMON_KEYS);
        all.addAll(ProtocolRules.blocks().keySet());
        this.keys = Set.copyOf(all);
    }

    /** The source at {@code at} (e.g. {@code sources[2]}). */
    SourceConfig read(Node node, String at) {
        Map<String, Node> m = yaml.mapping(node, at);
        yaml.onlyKeys(m, at, keys);
        String id = yaml.requiredText(m, at, "id");
        if (!ID.matcher(id).matches()) {
            throw yaml.error(at + ".id", m.get("id"), "'" + id + "' is not a valid id (letters, digits, '.', '_', '-')");
        }
        String protocol = yaml.requiredText(m, at, "protocol").toLowerCase(Locale.ROOT);
        if (!protocols.contains(protocol)) {
            throw yaml.error(at + ".protocol", m.get("protocol"), "unknown protocol '" + protocol + "' (supported: "
                    + String.join(", ", protocols.stream().sorted().toList()) + ")");
        }
        List<URI> urls = urls(m, at);
        Duration delay = null;
        Integer concurrency = null;
        Node pol = m.get("politeness");
        if (pol != null && !YamlNodes.isNull(pol)) {
            String pat = at + ".politeness";
            Map<String, Node> p = yaml.mapping(pol, pat);
            for (String key : p.keySet()) {
                if (!key.equals("delay") && !key.equals("concurrency")) {
                    throw yaml.error(pat + "." + key, p.get(key), "unknown key (expected: delay, concurrency)");
                }
            }
            if (p.containsKey("delay")) {
                double d = yaml.number(p.get("delay"), pat + ".delay");
                if (d < 0 || d > 86_400) {
                    throw yaml.error(pat + ".delay", p.get("delay"), "must be between 0 and 86400 seconds, was " + d);
                }
                delay = Duration.ofMillis(Math.round(d * 1000));
            }
            if (p.containsKey("concurrency")) {
                double c = yaml.number(p.get("concurrency"), pat + ".concurrency");
                if (c != Math.rint(c) || c < 1 || c > 64) {
                    throw yaml.error(pat + ".concurrency", p.get("concurrency"), "must be a whole number from 1 to 64");
                }
                concurrency = (int) c;
            }
        }
        String schedule = yaml.optionalText(m, at, "schedule");
        if (schedule != null) {
            try {
                SourceSchedule parsed = SourceSchedule.parse(schedule);
                if (parsed.cron() != null) {
                    CronCheck.check(parsed.cron(), ZonedDateTime.now(ZoneOffset.UTC));
                }
            } catch (IllegalArgumentException bad) {
                throw yaml.error(at + ".schedule", m.get("schedule"), bad.getMessage());
            }
        }
        boolean approved = false;
        if (m.containsKey("approved")) {
            String a = yaml.scalar(m.get("approved"), at + ".approved");
            if (!a.equals("true") && !a.equals("false")) {
                throw yaml.error(at + ".approved", m.get("approved"), "must be true or false, was '" + a + "'");
            }
            approved = a.equals("true");
        }
        String contact = yaml.optionalText(m, at, "contact");
        Map<String, String> options = new LinkedHashMap<>();
        Node opts = m.get("options");
        if (opts != null && !YamlNodes.isNull(opts)) {
            yaml.mapping(opts, at + ".options").forEach((k, v) -> options.put(k, yaml.scalar(v, at + ".options." + k)));
        }
        ProtocolRules.Rule rule = ProtocolRules.forProtocol(protocol).orElse(null);
        if (rule != null) {
            checkProtocol(rule, protocol, m, at, urls, options, opts);
        }
        return new SourceConfig(id, protocol, urls, delay, concurrency, schedule, approved, contact, options,
                YamlNodes.line(node), giveUp(m.get("give-up"), at + ".give-up"), block(m, protocol, rule, options, at));
    }

    /**
     * The options read from the protocol's own block of the source ({@link SourceRules#block()}, e.g. a crawler's
     * {@code crawler:}) by its harvester; null when the protocol has no block or its harvester keeps the text options.
     * A block key of another protocol is refused here.
     */
    private @Nullable ProtocolOptions block(Map<String, Node> m, String protocol, ProtocolRules.@Nullable Rule rule,
                                            Map<String, String> options, String at) {
        for (Map.Entry<String, String> other : ProtocolRules.blocks().entrySet()) {
            Node n = m.get(other.getKey());
            if (!other.getValue().equals(protocol) && n != null && !YamlNodes.isNull(n)) {
                throw yaml.error(at + "." + other.getKey(), n, "only a source with protocol: " + other.getValue()
                        + " has a " + other.getKey() + ": definition");
            }
        }
        if (rule == null || rule.block() == null) {
            return null;
        }
        String key = rule.block();
        Node n = m.get(key);
        return rule.readBlock(new Block(yaml, at + "." + key, n == null || YamlNodes.isNull(n) ? null : n,
                m.get("protocol"), Map.copyOf(options)));
    }

    /** The {@code give-up} mapping ({@code runs}, {@code after}); null when absent. */
    private @Nullable GiveUpRule giveUp(@Nullable Node node, String at) {
        if (node == null || YamlNodes.isNull(node)) {
            return null;
        }
        Map<String, Node> g = yaml.mapping(node, at);
        GiveUpRule rule = GiveUpRule.DEFAULT;
        for (Map.Entry<String, Node> e : g.entrySet()) {
            String where = at + "." + e.getKey();
            switch (e.getKey()) {
                case "runs" -> {
                    double n = yaml.number(e.getValue(), where);
                    if (n != Math.rint(n) || n < 1 || n > 1000) {
                        throw yaml.error(where, e.getValue(), "must be a whole number from 1 to 1000");
                    }
                    rule = rule.withRuns((int) n);
                }
                case "after" -> {
                    try {
                        Duration d = GiveUpRule.parseDuration(yaml.scalar(e.getValue(), where));
                        if (d.isZero() || d.isNegative()) {
                            throw yaml.error(where, e.getValue(), "must be a positive duration");
                        }
                        rule = rule.withAfter(d);
                    } catch (IllegalArgumentException bad) {
                        throw yaml.error(where, e.getValue(), bad.getMessage());
                    }
                }
                default -> throw yaml.error(where, e.getValue(), "unknown key (expected: runs, after)");
            }
        }
        return rule;
    }

    /** The protocol's own rules: how many URLs, which options with which values. */
    private void checkProtocol(ProtocolRules.Rule rule, String protocol, Map<String, Node> m, String at,
                               List<URI> urls, Map<String, String> options, Node opts) {
        if (urls.size() != rule.urls()) {
            String key = m.containsKey("urls") ? "urls" : "url";
            throw yaml.error(at + "." + key, m.get(key), String.format(Locale.ROOT, "the %s protocol needs %s; got %d",
                    protocol, rule.urlsMeaning(), urls.size()));
        }
        if (options.isEmpty()) {
            return;
        }
        Map<String, Node> nodes = yaml.mapping(opts, at + ".options");
        for (Map.Entry<String, String> o : options.entrySet()) {
            String key = at + ".options." + o.getKey();
            if (!rule.keys().contains(o.getKey())) {
                throw yaml.error(key, nodes.get(o.getKey()), String.format(Locale.ROOT,
                        "unknown option for protocol %s (known: %s)", protocol,
                        String.join(", ", rule.keys().stream().sorted().toList())));
            }
            rule.problem(o.getKey(), o.getValue()).ifPresent(p -> {
                throw yaml.error(key, nodes.get(o.getKey()), "must be " + p + ", was '" + o.getValue() + "'");
            });
        }
    }

    private List<URI> urls(Map<String, Node> m, String at) {
        if (m.containsKey("url") && m.containsKey("urls")) {
            throw yaml.error(at + ".urls", m.get("urls"), "give url or urls, not both");
        }
        List<Node> nodes = new ArrayList<>();
        String key;
        if (m.containsKey("url")) {
            key = at + ".url";
            nodes.add(m.get("url"));
        } else if (m.containsKey("urls")) {
            key = at + ".urls";
            Node n = m.get("urls");
            if (n instanceof SequenceNode s) {
                nodes.addAll(s.getValue());
            } else {
                nodes.add(n);
            }
        } else {
            throw yaml.error(at, null, "missing key 'urls' (or 'url')");
        }
        if (nodes.isEmpty()) {
            throw yaml.error(key, m.get(key.substring(key.lastIndexOf('.') + 1)), "must name at least one URL");
        }
        List<URI> out = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            String where = nodes.size() > 1 || key.endsWith("urls") ? key + "[" + i + "]" : key;
            String text = yaml.scalar(nodes.get(i), where);
            try {
                URI u = new URI(text.strip());
                String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
                if (!(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null) {
                    throw yaml.error(where, nodes.get(i), "'" + text + "' is not an absolute http(s) URL");
                }
                out.add(u);
            } catch (URISyntaxException e) {
                throw yaml.error(where, nodes.get(i), "'" + text + "' is not a URL: " + e.getReason());
            }
        }
        return out;
    }

    /** The protocol's block as its harvester reads it: errors name this file, the key path and the line. */
    private record Block(YamlNodes yaml, String at, @Nullable Node node, @Nullable Node protocolNode,
                         Map<String, String> options) implements ProtocolBlock {
        @Override
        public String file() {
            return yaml.file();
        }

        @Override
        public ConfigException error(String key, @Nullable Node where, String problem) {
            return yaml.error(key, where, problem);
        }

        @Override
        public ConfigException error(String problem) {
            return yaml.error(at, node != null ? node : protocolNode, problem);
        }
    }
}
