package org.lexsync.engine.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckRuleResult;

/**
 * Findings of a whole check grouped by rule: per rule its severity (the worst seen), a count and up to
 * {@link CheckRuleResult#MAX_EXAMPLES} examples, so memory stays bounded by the number of rules, not of findings.
 * Rules the checker announces with {@link #checked} appear in the report even when never broken (they passed).
 */
final class Tally {
    private final Map<String, Group> groups = new LinkedHashMap<>();

    /** One rule's findings so far. */
    private static final class Group {
        final String rule;
        String description;
        Severity severity;
        long count;
        final List<CheckExample> examples = new ArrayList<>();

        Group(String rule, String description, Severity severity) {
            this.rule = rule;
            this.description = description;
            this.severity = severity;
        }
    }

    /** Announces a rule this check applies, so that it is reported as passed when nothing breaks it. */
    void checked(String rule, Severity severity, String description) {
        groups.computeIfAbsent(rule, r -> new Group(r, description, severity));
    }

    /** Records one broken rule. */
    void add(Severity severity, String rule, CheckExample example) {
        Group g = groups.computeIfAbsent(rule, r -> new Group(r, example.message(), severity));
        if (g.count == 0 && g.severity != severity) {
            g.severity = severity;
        } else if (severity.ordinal() < g.severity.ordinal()) {
            g.severity = severity;
        }
        g.count++;
        if (g.examples.size() < CheckRuleResult.MAX_EXAMPLES) {
            g.examples.add(example);
        }
    }

    void error(String rule, String document, int line, int column, String entry, String message) {
        add(Severity.ERROR, rule, new CheckExample(document, line, column, entry, message, null, null));
    }

    void warning(String rule, String document, int line, int column, String entry, String message) {
        add(Severity.WARNING, rule, new CheckExample(document, line, column, entry, message, null, null));
    }

    /**
     * Records the findings a core reader or validator made about {@code document}: every kept finding as an
     * example, and the counts of those past the validator's capacity (per rule, {@link Findings#byRule()}).
     */
    void addAll(Findings findings, String document) {
        Map<String, Long> keptPerRule = new LinkedHashMap<>();
        for (Finding f : findings.list()) {
            add(f.severity(), f.rule(), new CheckExample(document, f.line(), f.column(), null, f.message(), null,
                    null));
            keptPerRule.merge(f.rule(), 1L, Long::sum);
        }
        if (!findings.truncated()) {
            return;
        }
        for (Findings.RuleCount rc : findings.byRule()) {
            long beyond = rc.count() - keptPerRule.getOrDefault(rc.first().rule(), 0L);
            if (beyond > 0) {
                Finding f = rc.first();
                Group g = groups.computeIfAbsent(f.rule(), r -> new Group(r, f.message(), f.severity()));
                if (g.count == 0) {
                    g.severity = f.severity();
                    g.examples.add(new CheckExample(document, f.line(), f.column(), null, f.message(), null, null));
                }
                g.count += beyond;
            }
        }
    }

    /** The rules, errors first, then warnings, then notes, then passed ones; by count within each. */
    List<CheckRuleResult> results() {
        List<CheckRuleResult> out = new ArrayList<>();
        for (Group g : groups.values()) {
            out.add(new CheckRuleResult(g.rule, g.description, g.severity, g.count, g.examples));
        }
        out.sort(Comparator.comparing((CheckRuleResult r) -> r.passed())
                .thenComparing(r -> r.severity().ordinal())
                .thenComparing(Comparator.comparingLong(CheckRuleResult::count).reversed())
                .thenComparing(CheckRuleResult::rule));
        return out;
    }

    boolean has(String rule) {
        Group g = groups.get(rule);
        return g != null && g.count > 0;
    }
}
