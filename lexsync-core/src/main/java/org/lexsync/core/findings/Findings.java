package org.lexsync.core.findings;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A bounded, ordered collection of {@link Finding}s gathered while a document streams by. It keeps at
 * most {@code capacity} findings (so a million broken entries cannot exhaust memory) but counts all of
 * them per severity, so {@link #hasErrors()} stays true even when the list was cut. Not thread-safe: one
 * collector per document read.
 */
public final class Findings implements Iterable<Finding> {
    /** Default number of findings kept per document. */
    public static final int DEFAULT_CAPACITY = 1000;

    private final int capacity;
    private final List<Finding> kept = new ArrayList<>();
    private final Map<Severity, Long> counts = new EnumMap<>(Severity.class);
    /** Per rule id: how many were seen and the first one (rules are few, so this stays small past the capacity). */
    private final Map<String, RuleCount> byRule = new java.util.LinkedHashMap<>();

    public Findings() {
        this(DEFAULT_CAPACITY);
    }

    public Findings(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0, was " + capacity);
        }
        this.capacity = capacity;
    }

    public void add(Finding finding) {
        counts.merge(finding.severity(), 1L, Long::sum);
        RuleCount rc = byRule.get(finding.rule());
        byRule.put(finding.rule(), rc == null ? new RuleCount(finding, 1) : new RuleCount(rc.first(), rc.count() + 1));
        if (kept.size() < capacity) {
            kept.add(finding);
        }
    }

    public void error(String rule, String message, int line, int column) {
        add(new Finding(Severity.ERROR, rule, message, line, column));
    }

    public void warning(String rule, String message, int line, int column) {
        add(new Finding(Severity.WARNING, rule, message, line, column));
    }

    public void info(String rule, String message, int line, int column) {
        add(new Finding(Severity.INFO, rule, message, line, column));
    }

    public void addAll(Iterable<Finding> others) {
        for (Finding f : others) {
            add(f);
        }
    }

    public boolean hasErrors() {
        return count(Severity.ERROR) > 0;
    }

    /** All findings of this severity seen, including those beyond the capacity. */
    public long count(Severity severity) {
        return counts.getOrDefault(severity, 0L);
    }

    /** All findings seen, including those beyond the capacity. */
    public long total() {
        long total = 0;
        for (long c : counts.values()) {
            total += c;
        }
        return total;
    }

    /**
     * Every rule seen, in the order first seen, with its first finding and how many findings it had — including
     * those beyond the capacity, so a caller can count by rule whatever the document's size.
     */
    public List<RuleCount> byRule() {
        return List.copyOf(byRule.values());
    }

    /** How often one rule was seen, with the first finding of it. */
    public record RuleCount(Finding first, long count) {
    }

    /** True when more findings were seen than kept. */
    public boolean truncated() {
        return total() > kept.size();
    }

    public boolean isEmpty() {
        return total() == 0;
    }

    /** The kept findings, in the order they were seen. */
    public List<Finding> list() {
        return Collections.unmodifiableList(kept);
    }

    /** True when a kept finding has this rule id. */
    public boolean has(String rule) {
        for (Finding f : kept) {
            if (f.rule().equals(rule)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Iterator<Finding> iterator() {
        return list().iterator();
    }

    @Override
    public String toString() {
        return kept.toString();
    }
}
