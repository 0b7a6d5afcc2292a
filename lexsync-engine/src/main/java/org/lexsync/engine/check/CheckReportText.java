package org.lexsync.engine.check;

import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.model.CheckSummary;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/** The text form of a {@link CheckReport}: the summary, then each broken rule with its count and examples. */
public final class CheckReportText {
    private CheckReportText() {
    }

    /** Writes {@code r} to {@code out}. */
    public static void write(CheckReport r, Writer out) throws IOException {
        CheckSummary s = r.summary();
        out.write(String.format(Locale.ROOT, "check %s %s (%s)%n", r.protocol().label(), r.root(), r.profile()));
        out.write(String.format(Locale.ROOT,
                "documents %d, entries %d, resources sampled %d%s%n", s.documentsRead(), s.entries(),
                s.resourcesSampled(), r.truncated() ? " (stopped at the entry limit)" : ""));
        out.write(String.format(Locale.ROOT, "rules: %d ok, %d with errors (%d findings), %d with warnings (%d findings)%n",
                s.rulesPassed(), s.rulesWithErrors(), s.errors(), s.rulesWithWarnings(), s.warnings()));
        if (r.rootUnreadable()) {
            out.write("the root document could not be read\n");
        }
        for (CheckRuleResult rule : r.broken()) {
            out.write(String.format(Locale.ROOT, "%n%-7s %s  x%d  %s%n", rule.severity().label(), rule.rule(),
                    rule.count(), rule.description()));
            for (CheckExample e : rule.examples()) {
                out.write("  " + e.location() + (e.entry() != null ? " [" + e.entry() + "]" : "") + ": "
                        + e.message());
                if (e.given() != null || e.computed() != null) {
                    out.write(" (given " + e.given() + ", computed " + e.computed() + ")");
                }
                out.write('\n');
            }
            if (rule.count() > rule.examples().size()) {
                out.write(String.format(Locale.ROOT, "  ... %d more%n", rule.count() - rule.examples().size()));
            }
        }
    }
}
