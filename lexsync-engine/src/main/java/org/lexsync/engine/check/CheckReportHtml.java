package org.lexsync.engine.check;

import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.model.CheckSummary;
import org.lexsync.core.xml.XmlEscape;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * The HTML form of a {@link CheckReport}: one self-contained page (inline CSS, no scripts, nothing fetched) with the
 * summary counts, a bar chart of findings by rule (CSS bars scaled to the most-broken rule), each broken rule with
 * its examples, and the list of rules that passed.
 */
public final class CheckReportHtml {
    private CheckReportHtml() {
    }

    /** Writes {@code r} to {@code out}. */
    public static void write(CheckReport r, Writer out) throws IOException {
        CheckSummary s = r.summary();
        out.write("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>LexSync check: "
                + esc(r.root()) + "</title>\n<style>body{font:14px/1.4 sans-serif;margin:2em;max-width:70em}"
                + "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left;vertical-align:top}"
                + ".bar{height:12px;display:inline-block}.error{background:#c62828}.warning{background:#ef8f00}"
                + ".info{background:#607d8b}.ok{color:#2e7d32}code{font-size:13px}li{margin:2px 0}</style></head>"
                + "<body>\n");
        out.write("<h1>Check of " + esc(r.protocol().label()) + " publication</h1>\n<p><code>" + esc(r.root())
                + "</code> (" + esc(r.profile()) + "), " + esc(r.started().toString()) + "</p>\n");
        if (r.rootUnreadable()) {
            out.write("<p class=\"error\" style=\"color:#fff;padding:4px\">The root document could not be read.</p>\n");
        }
        out.write(String.format(Locale.ROOT, "<table><tr><th>documents read</th><td>%d</td></tr><tr><th>entries</th>"
                        + "<td>%d%s</td></tr><tr><th>resources sampled</th><td>%d</td></tr><tr><th>rules ok</th>"
                        + "<td class=\"ok\">%d</td></tr><tr><th>rules with errors</th><td>%d (%d findings)</td></tr>"
                        + "<tr><th>rules with warnings</th><td>%d (%d findings)</td></tr></table>%n",
                s.documentsRead(), s.entries(), r.truncated() ? " (stopped at the entry limit)" : "",
                s.resourcesSampled(), s.rulesPassed(), s.rulesWithErrors(), s.errors(), s.rulesWithWarnings(),
                s.warnings()));
        List<CheckRuleResult> broken = r.broken();
        if (!broken.isEmpty()) {
            long most = broken.stream().mapToLong(CheckRuleResult::count).max().orElse(1);
            out.write("<h2>Findings by rule</h2>\n<table>\n");
            for (CheckRuleResult rule : broken) {
                long width = Math.max(2, Math.round(300.0 * rule.count() / most));
                out.write(String.format(Locale.ROOT, "<tr><td><a href=\"#%s\"><code>%s</code></a></td><td>"
                                + "<span class=\"bar %s\" style=\"width:%dpx\"></span> %d</td></tr>%n",
                        anchor(rule.rule()), esc(rule.rule()), rule.severity().label(), width, rule.count()));
            }
            out.write("</table>\n");
            for (CheckRuleResult rule : broken) {
                out.write(String.format(Locale.ROOT, "<h3 id=\"%s\"><span class=\"bar %s\" style=\"width:12px\">"
                                + "</span> <code>%s</code> &times;%d</h3>%n<p>%s: %s</p>%n<ul>%n",
                        anchor(rule.rule()), rule.severity().label(), esc(rule.rule()), rule.count(),
                        rule.severity().label(), esc(rule.description())));
                for (CheckExample e : rule.examples()) {
                    out.write("<li><code>" + esc(e.location()) + "</code>"
                            + (e.entry() != null ? " <code>" + esc(e.entry()) + "</code>" : "") + ": "
                            + esc(e.message()));
                    if (e.given() != null || e.computed() != null) {
                        out.write(" (given <code>" + esc(String.valueOf(e.given())) + "</code>, computed <code>"
                                + esc(String.valueOf(e.computed())) + "</code>)");
                    }
                    out.write("</li>\n");
                }
                if (rule.count() > rule.examples().size()) {
                    out.write(String.format(Locale.ROOT, "<li>… %d more</li>%n",
                            rule.count() - rule.examples().size()));
                }
                out.write("</ul>\n");
            }
        }
        out.write("<h2>Rules passed</h2>\n<ul>\n");
        for (CheckRuleResult rule : r.rules()) {
            if (rule.passed()) {
                out.write("<li class=\"ok\"><code>" + esc(rule.rule()) + "</code> " + esc(rule.description())
                        + "</li>\n");
            }
        }
        out.write("</ul>\n</body></html>\n");
    }

    private static String esc(String s) {
        return XmlEscape.html(s);
    }

    private static String anchor(String rule) {
        return "r-" + rule.replaceAll("[^A-Za-z0-9_-]", "-");
    }
}
