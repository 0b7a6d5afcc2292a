package org.lexsync.engine.check;

import org.lexsync.core.json.JsonStrings;

import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.model.CheckSummary;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * The JSON form of a {@link CheckReport}, following {@code docs/check-report.schema.json} (version 1): one object
 * with {@code protocol}, {@code root}, {@code profile}, {@code started}, {@code finished}, {@code rootUnreadable},
 * {@code truncated}, {@code summary} and {@code rules} (every rule, passed ones with count 0).
 */
public final class CheckReportJson {
    static final int SCHEMA_VERSION = 1;

    private CheckReportJson() {
    }

    /** Writes {@code r} to {@code out}. */
    public static void write(CheckReport r, Writer out) throws IOException {
        CheckSummary s = r.summary();
        out.write("{\n  \"schemaVersion\": " + SCHEMA_VERSION + ",\n");
        field(out, "protocol", r.protocol().label());
        field(out, "root", r.root());
        field(out, "profile", r.profile());
        field(out, "started", r.started().toString());
        field(out, "finished", r.finished().toString());
        out.write("  \"rootUnreadable\": " + r.rootUnreadable() + ",\n");
        out.write("  \"truncated\": " + r.truncated() + ",\n");
        out.write(String.format(Locale.ROOT, "  \"summary\": {\"documentsRead\": %d, \"entries\": %d, "
                        + "\"resourcesSampled\": %d, \"rulesPassed\": %d, \"rulesWithErrors\": %d, "
                        + "\"rulesWithWarnings\": %d, \"errors\": %d, \"warnings\": %d},%n", s.documentsRead(),
                s.entries(), s.resourcesSampled(), s.rulesPassed(), s.rulesWithErrors(), s.rulesWithWarnings(),
                s.errors(), s.warnings()));
        out.write("  \"rules\": [");
        boolean first = true;
        for (CheckRuleResult rule : r.rules()) {
            out.write(first ? "\n" : ",\n");
            first = false;
            out.write("    {\"rule\": " + quote(rule.rule()) + ", \"citation\": " + quote(rule.citation())
                    + ", \"severity\": " + quote(rule.severity().label()) + ", \"description\": "
                    + quote(rule.description()) + ", \"count\": " + rule.count() + ", \"examples\": [");
            boolean firstExample = true;
            for (CheckExample e : rule.examples()) {
                out.write(firstExample ? "\n" : ",\n");
                firstExample = false;
                out.write("      {\"document\": " + quote(e.document()) + ", \"line\": " + e.line()
                        + ", \"column\": " + e.column() + ", \"entry\": " + quote(e.entry()) + ", \"message\": "
                        + quote(e.message()) + ", \"given\": " + quote(e.given()) + ", \"computed\": "
                        + quote(e.computed()) + "}");
            }
            out.write(firstExample ? "]}" : "\n    ]}");
        }
        out.write(first ? "]\n}\n" : "\n  ]\n}\n");
    }

    private static void field(Writer out, String name, String value) throws IOException {
        out.write("  " + quote(name) + ": " + quote(value) + ",\n");
    }

    /** A JSON string literal (RFC 8259 §7), or {@code null}. */
    static String quote(String s) {
        return s == null ? "null" : JsonStrings.quoteForScript(s);
    }
}
