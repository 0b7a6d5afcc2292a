package org.lexsync.engine.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.lexsync.core.findings.Severity;

/**
 * The result of checking a whole publication ({@code lexsync check}, {@code POST /api/check}): what was checked,
 * when, whether the root document could be read at all, the summary and every rule with its findings, errors
 * first. Written by {@code org.lexsync.engine.CheckReportFormat} as text, JSON, JUnit XML or one HTML page, the same
 * bytes whichever front end asks.
 *
 * @param rootUnreadable true when the root document could not be read at all (the command line exits 3); the
 *                       report still says why, as one finding
 */
public record CheckReport(CheckProtocol protocol, String root, String profile, Instant started, Instant finished,
                          boolean rootUnreadable, boolean truncated, CheckSummary summary,
                          List<CheckRuleResult> rules) {
    public CheckReport {
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(finished, "finished");
        Objects.requireNonNull(summary, "summary");
        rules = List.copyOf(rules);
    }

    /** True when some rule was broken with severity error. */
    public boolean hasErrors() {
        return summary.rulesWithErrors() > 0;
    }

    /** The rules that were broken (count above 0), in report order. */
    public List<CheckRuleResult> broken() {
        return rules.stream().filter(r -> !r.passed()).toList();
    }

    /** The result for {@code rule}, or null when the report does not name it. */
    public @Nullable CheckRuleResult rule(String rule) {
        return rules.stream().filter(r -> r.rule().equals(rule)).findFirst().orElse(null);
    }

    /** The rules broken with this severity. */
    public List<CheckRuleResult> broken(Severity severity) {
        return rules.stream().filter(r -> !r.passed() && r.severity() == severity).toList();
    }
}
