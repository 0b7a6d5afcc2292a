package org.lexsync.server.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A small reader of the Prometheus text exposition format, for the tests: one sample per line after the comments. */
record PrometheusText(List<Sample> samples) {
    private static final Pattern LINE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(\\s+\\S+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    /** One sample: metric name, labels, value. */
    record Sample(String name, Map<String, String> labels, double value) {
    }

    static PrometheusText parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a Prometheus sample line: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(3) != null) {
                Matcher l = LABEL.matcher(m.group(3));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            out.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(4))));
        }
        return new PrometheusText(out);
    }

    List<Sample> named(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }

    double value(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().equals(labels)).findFirst()
                .orElseThrow(() -> new AssertionError("no sample " + name + labels)).value();
    }
}
