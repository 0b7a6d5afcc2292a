package org.lexsync.engine.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.lexsync.engine.model.ConfigException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;

/**
 * Reads values out of the composed YAML tree of one configuration file, each checked, each mistake a
 * {@link ConfigException} naming the file, the key path and the line: shared by the section readers of
 * {@link ConfigReader} so that they read and report alike.
 */
final class YamlNodes {
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*([KMG]B)?", Pattern.CASE_INSENSITIVE);

    private final String file;

    YamlNodes(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    /** The keys and values of a mapping; a duplicate key is an error. */
    Map<String, Node> mapping(Node node, String at) {
        if (!(node instanceof MappingNode map)) {
            throw error(at, node, "must be a mapping of keys to values");
        }
        Map<String, Node> out = new LinkedHashMap<>();
        for (NodeTuple t : map.getValue()) {
            String key = scalar(t.getKeyNode(), at.isEmpty() ? "(key)" : at + ".(key)");
            if (out.put(key, t.getValueNode()) != null) {
                throw error(at.isEmpty() ? key : at + "." + key, t.getKeyNode(), "duplicate key");
            }
        }
        return out;
    }

    /** Refuses a key of {@code m} (at {@code at}) that is not one of {@code known}, listing those. */
    void onlyKeys(Map<String, Node> m, String at, Set<String> known) {
        for (String key : m.keySet()) {
            if (!known.contains(key)) {
                throw error(at.isEmpty() ? key : at + "." + key, m.get(key), "unknown key (expected one of: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    String requiredText(Map<String, Node> m, String at, String key) {
        Node n = m.get(key);
        if (n == null || isNull(n)) {
            throw error(at + "." + key, n, "missing value (required)");
        }
        String s = scalar(n, at + "." + key).strip();
        if (s.isEmpty()) {
            throw error(at + "." + key, n, "must not be empty");
        }
        return s;
    }

    @Nullable String optionalText(Map<String, Node> m, String at, String key) {
        Node n = m.get(key);
        if (n == null || isNull(n)) {
            return null;
        }
        String s = scalar(n, at + "." + key).strip();
        return s.isEmpty() ? null : s;
    }

    double number(Node n, String at) {
        String s = scalar(n, at);
        try {
            double d = Double.parseDouble(s);
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw error(at, n, "must be a number, was '" + s + "'");
        }
    }

    int wholeNumber(Node n, String at, int min, int max) {
        double d = number(n, at);
        if (d != Math.rint(d) || d < min || d > max) {
            throw error(at, n, "must be a whole number from " + min + " to " + max);
        }
        return (int) d;
    }

    boolean bool(Node n, String at) {
        String a = scalar(n, at);
        if (!a.equals("true") && !a.equals("false")) {
            throw error(at, n, "must be true or false, was '" + a + "'");
        }
        return a.equals("true");
    }

    /** A size in bytes: a whole number, or one followed by KB, MB or GB (powers of 1024). */
    long size(Node n, String at) {
        String text = scalar(n, at).strip();
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw error(at, n, "must be a size such as 512MB, 2GB or a number of bytes, was '" + text + "'");
        }
        long unit = m.group(2) == null ? 1 : switch (m.group(2).toUpperCase(Locale.ROOT)) {
            case "KB" -> 1024L;
            case "MB" -> 1024L * 1024;
            default -> 1024L * 1024 * 1024;
        };
        long value = Long.parseLong(m.group(1));
        if (value > Long.MAX_VALUE / unit) {
            throw error(at, n, "is too large: '" + text + "'");
        }
        return value * unit;
    }

    String scalar(Node n, String at) {
        if (!(n instanceof ScalarNode s)) {
            throw error(at, n, "must be a single value");
        }
        return s.getValue();
    }

    /** True for an explicit YAML null ({@code ~}, {@code null} or nothing). */
    static boolean isNull(Node n) {
        return n instanceof ScalarNode s && (s.getValue().isEmpty() || s.getValue().equals("~")
                || s.getValue().equals("null")) && s.getTag().getValue().endsWith(":null");
    }

    /** True when {@code m} has {@code key} with a value that is not null. */
    static boolean present(Map<String, Node> m, String key) {
        Node n = m.get(key);
        return n != null && !isNull(n);
    }

    /** The node's 1-based line, 0 when unknown. */
    static int line(@Nullable Node n) {
        return n == null ? 0 : n.getStartMark().map(m -> m.getLine() + 1).orElse(0);
    }

    ConfigException error(String key, @Nullable Node node, String problem) {
        return new ConfigException(file, key, line(node), problem);
    }
}
