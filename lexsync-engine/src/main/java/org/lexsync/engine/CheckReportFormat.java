package org.lexsync.engine;

import java.io.IOException;
import org.lexsync.engine.check.CheckReportHtml;
import org.lexsync.engine.check.CheckReportJson;
import org.lexsync.engine.check.CheckReportJunit;
import org.lexsync.engine.check.CheckReportText;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.OptionException;
import java.io.Writer;
import java.util.Locale;

/**
 * The forms a {@link CheckReport} is written in, shared by the command line ({@code --format}) and the server
 * ({@code POST /api/check}): text for a terminal, JSON (schema in {@code docs/check-report.schema.json}), JUnit XML
 * with one test case per rule (so a publisher's CI shows the check), and one self-contained HTML page with a bar
 * chart of findings by rule.
 */
public enum CheckReportFormat {
    TEXT("text/plain; charset=utf-8"),
    JSON("application/json"),
    JUNIT("application/xml"),
    HTML("text/html; charset=utf-8");

    private final String mediaType;

    CheckReportFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    /** The media type of the written report (for an HTTP response). */
    public String mediaType() {
        return mediaType;
    }

    /** The lower-case name used by {@code --format}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads {@code --format}; anything else is an {@link OptionException}. */
    public static CheckReportFormat fromText(String text) {
        for (CheckReportFormat f : values()) {
            if (f.label().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new OptionException("format", text, "text, json, junit or html");
    }

    /** Writes {@code report} in this form to {@code out} (UTF-8 is the caller's writer's business), flushed. */
    public void write(CheckReport report, Writer out) throws IOException {
        switch (this) {
            case TEXT -> CheckReportText.write(report, out);
            case JSON -> CheckReportJson.write(report, out);
            case JUNIT -> CheckReportJunit.write(report, out);
            case HTML -> CheckReportHtml.write(report, out);
        }
        out.flush();
    }
}
