package org.lexsync.engine.model;

import java.util.List;
import java.util.Objects;
import org.lexsync.core.findings.Severity;

/**
 * One rule of a check and how the publication fared against it (findings grouped by rule with counts, the form
 * publishers found most useful in the Swedish checker): the rule id, which cites its specification section (e.g.
 * {@code rs:12.1/forward-order}, {@code rinfo:3.3.6/md5}), what it asks, its severity, how many times it was broken
 * and up to {@link #MAX_EXAMPLES} examples. A rule that was checked and never broken has count 0 (it passed).
 */
public record CheckRuleResult(String rule, String description, Severity severity, long count,
                              List<CheckExample> examples) {
    /** The most examples kept per rule. */
    public static final int MAX_EXAMPLES = 10;

    public CheckRuleResult {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(severity, "severity");
        examples = List.copyOf(examples);
        if (count < examples.size()) {
            throw new IllegalArgumentException("count " + count + " is less than the " + examples.size() + " examples");
        }
    }

    /** True when the rule was never broken. */
    public boolean passed() {
        return count == 0;
    }

    /** The specification part of the rule id ({@code rs:12.1} of {@code rs:12.1/forward-order}). */
    public String citation() {
        int slash = rule.indexOf('/');
        return slash < 0 ? rule : rule.substring(0, slash);
    }
}
