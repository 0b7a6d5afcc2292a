package org.lexsync.engine.crawler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads a field's {@code transforms:} list (docs/crawlers.md, "Values as portals write them") into
 * {@link ValueTransform}s, each checked now — an unknown transform, a bad regular expression, a replacement naming a
 * group the expression lacks — so that the mistake is a configuration error with file, line and key:
 *
 * <pre>
 * transforms:
 *   - trim                                   # also collapse-whitespace, title-case, upper, lower
 *   - replace: [{regex: '^(\d+)/(\d+)$', with: '$2-$1'}]
 *   - map: {values: {CE: Conseil d'État}, default: other}
 * </pre>
 */
final class TransformReader {
    private final CrawlerConfigReader yaml;

    TransformReader(CrawlerConfigReader yaml) {
        this.yaml = yaml;
    }

    List<ValueTransform> read(Node node, String at) {
        List<ValueTransform> out = new ArrayList<>();
        List<Node> list = yaml.sequence(node, at);
        for (int i = 0; i < list.size(); i++) {
            String tat = String.format(Locale.ROOT, "%s[%d]", at, i);
            Node n = list.get(i);
            if (n instanceof ScalarNode) {
                String name = yaml.scalar(n, tat);
                ValueTransform.Simple s = ValueTransform.Simple.of(name);
                if (s == null) {
                    throw yaml.error(tat, n, "unknown transform '" + name + "' (expected one of: collapse-whitespace,"
                            + " lower, map, replace, title-case, trim, upper)");
                }
                out.add(s);
                continue;
            }
            if (!(n instanceof MappingNode m) || m.getValue().size() != 1) {
                throw yaml.error(tat, n, "must be a transform name or a mapping with one key (replace or map)");
            }
            Map<String, Node> one = yaml.mapping(n, tat, Set.of("replace", "map"));
            if (one.containsKey("replace")) {
                out.addAll(replace(one.get("replace"), tat + ".replace"));
            } else {
                out.add(map(one.get("map"), tat + ".map"));
            }
        }
        return out;
    }

    private List<ValueTransform> replace(Node node, String at) {
        List<Node> rules = node instanceof MappingNode ? List.of(node) : yaml.sequence(node, at);
        List<ValueTransform> out = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            String rat = node instanceof MappingNode ? at : String.format(Locale.ROOT, "%s[%d]", at, i);
            Map<String, Node> r = yaml.mapping(rules.get(i), rat, Set.of("regex", "with"));
            if (!r.containsKey("regex")) {
                throw yaml.error(rat + ".regex", rules.get(i), "missing value (required)");
            }
            Pattern regex = yaml.pattern(r.get("regex"), rat + ".regex");
            String with = r.containsKey("with") ? yaml.scalar(r.get("with"), rat + ".with") : "";
            try {
                out.add(new ValueTransform.Replace(regex, with));
            } catch (IllegalArgumentException e) {
                throw yaml.error(rat + ".with", r.get("with"), e.getMessage());
            }
        }
        return out;
    }

    private ValueTransform map(Node node, String at) {
        Map<String, Node> m = yaml.mapping(node, at, Set.of("values", "default"));
        if (!m.containsKey("values")) {
            throw yaml.error(at + ".values", node, "missing value (required: the value → replacement mapping)");
        }
        Map<String, String> values = new LinkedHashMap<>();
        yaml.mapping(m.get("values"), at + ".values", null)
                .forEach((k, v) -> values.put(k, yaml.scalar(v, at + ".values." + k)));
        String otherwise = m.containsKey("default") ? yaml.scalar(m.get("default"), at + ".default") : null;
        return new ValueTransform.MapValues(values, otherwise);
    }
}
