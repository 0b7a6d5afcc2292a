package org.lexsync.engine.check;

import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.core.xml.XmlEscape;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;
import org.lexsync.core.findings.Severity;

/**
 * The JUnit XML form of a {@link CheckReport} (the Ant/Surefire {@code testsuite} format CI servers read): one
 * test case per rule, named by the rule id; a rule broken with errors is a failure listing its examples, one broken
 * only with warnings passes with its findings in {@code system-out}; an unreadable root is an error of the suite.
 */
public final class CheckReportJunit {
    private CheckReportJunit() {
    }

    /** Writes {@code r} to {@code out}. */
    public static void write(CheckReport r, Writer out) throws IOException {
        long failures = r.rules().stream().filter(x -> !x.passed() && x.severity() == Severity.ERROR).count();
        double seconds = (r.finished().toEpochMilli() - r.started().toEpochMilli()) / 1000.0;
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.write(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
                        + "skipped=\"0\" time=\"%.3f\" timestamp=\"%s\">%n", attr("lexsync check " + r.protocol().label()
                        + " " + r.root()), r.rules().size(), failures, r.rootUnreadable() ? 1 : 0, seconds,
                r.started()));
        for (CheckRuleResult rule : r.rules()) {
            out.write(String.format(Locale.ROOT, "  <testcase classname=\"%s\" name=\"%s\" time=\"0\">",
                    attr("lexsync.check." + r.protocol().label() + "." + rule.citation()), attr(rule.rule())));
            if (!rule.passed()) {
                StringBuilder text = new StringBuilder();
                for (CheckExample e : rule.examples()) {
                    text.append(e.location()).append(e.entry() != null ? " [" + e.entry() + "]" : "").append(": ")
                            .append(e.message());
                    if (e.given() != null || e.computed() != null) {
                        text.append(" (given ").append(e.given()).append(", computed ").append(e.computed())
                                .append(')');
                    }
                    text.append('\n');
                }
                String message = String.format(Locale.ROOT, "%d x %s", rule.count(), rule.description());
                if (rule.severity() == Severity.ERROR) {
                    out.write(String.format(Locale.ROOT, "%n    <failure message=\"%s\" type=\"%s\">%s</failure>%n  ",
                            attr(message), attr(rule.rule()), text(text.toString())));
                } else {
                    out.write(String.format(Locale.ROOT, "%n    <system-out>%s: %s%n%s</system-out>%n  ",
                            rule.severity().label(), text(message), text(text.toString())));
                }
            }
            out.write("</testcase>\n");
        }
        out.write("</testsuite>\n");
    }

    private static String text(String s) {
        return XmlEscape.text(s);
    }

    private static String attr(String s) {
        return XmlEscape.attribute(s);
    }
}
