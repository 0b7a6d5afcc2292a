package org.lexsync.engine;


import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckExample;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.engine.model.CheckSummary;
import org.lexsync.engine.model.OptionException;
import org.w3c.dom.Document;

/** The four report forms (issue 19, "Report") written from one report the way the CLI and the server write them. */
class CheckReportFormatTest {
    static CheckReport report() {
        CheckExample md5 = new CheckExample("http://example.org/archive/1.atom", 12, 5, "http://example.org/publ/1",
                "md5 of http://example.org/doc/1.pdf does not match the bytes served \"<&>\"",
                "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210");
        return new CheckReport(CheckProtocol.ATOM, "http://example.org/feed.atom", "rinfo",
                Instant.parse("2026-01-01T10:00:00Z"), Instant.parse("2026-01-01T10:00:02Z"), false, false,
                new CheckSummary(4, 11, 22, 1, 1, 1, 1, 3),
                List.of(new CheckRuleResult("rinfo:3.3.6/md5-match", "every linked document's MD5 matches", Severity.ERROR,
                                1, List.of(md5)),
                        new CheckRuleResult("rinfo:3.1.5/self", "a self link is recommended", Severity.WARNING, 3,
                                List.of(new CheckExample("http://example.org/feed.atom", 1, 1, null, "no self link",
                                        null, null))),
                        new CheckRuleResult("rinfo:3.1/feed-id", "one feed id", Severity.ERROR, 0, List.of())));
    }

    private static String write(CheckReportFormat f) throws IOException {
        StringWriter w = new StringWriter();
        f.write(report(), w);
        return w.toString();
    }

    @Test
    void textGivesTheSummaryAndEachBrokenRuleWithGivenAndComputed() throws IOException {
        String text = write(CheckReportFormat.TEXT);
        assertThat(text).contains("documents 4, entries 11, resources sampled 22")
                .contains("rules: 1 ok, 1 with errors (1 findings), 1 with warnings (3 findings)")
                .contains("error   rinfo:3.3.6/md5-match  x1")
                .contains("http://example.org/archive/1.atom:12:5 [http://example.org/publ/1]")
                .contains("given 0123456789abcdef0123456789abcdef, computed fedcba9876543210fedcba9876543210")
                .contains("... 2 more")
                .doesNotContain("rinfo:3.1/feed-id");
    }

    @Test
    void jsonFollowsTheDocumentedSchema() throws IOException {   // docs/check-report.schema.json
        JsonObject o = JSON.parse(write(CheckReportFormat.JSON));
        assertThat(o.get("schemaVersion").getAsNumber().value().intValue()).isEqualTo(1);
        assertThat(o.get("protocol").getAsString().value()).isEqualTo("atom");
        assertThat(o.get("summary").getAsObject().get("resourcesSampled").getAsNumber().value().intValue())
                .isEqualTo(22);
        JsonArray rules = o.get("rules").getAsArray();
        assertThat(rules.size()).isEqualTo(3);
        JsonObject first = rules.get(0).getAsObject();
        assertThat(first.get("citation").getAsString().value()).isEqualTo("rinfo:3.3.6");
        JsonObject example = first.get("examples").getAsArray().get(0).getAsObject();
        assertThat(example.get("message").getAsString().value()).endsWith("\"<&>\"");
        assertThat(example.get("computed").getAsString().value()).startsWith("fedcba");
        assertThat(rules.get(1).getAsObject().get("examples").getAsArray().get(0).getAsObject().get("entry").isNull())
                .isTrue();
    }

    @Test
    void junitHasOneTestCasePerRuleAndFailsOnlyTheErrorRules() throws Exception {
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(write(CheckReportFormat.JUNIT).getBytes(StandardCharsets.UTF_8)));
        assertThat(d.getDocumentElement().getAttribute("tests")).isEqualTo("3");
        assertThat(d.getDocumentElement().getAttribute("failures")).isEqualTo("1");
        assertThat(d.getElementsByTagName("testcase").getLength()).isEqualTo(3);
        assertThat(d.getElementsByTagName("failure").item(0).getTextContent()).contains("\"<&>\"");
        assertThat(d.getElementsByTagName("system-out").getLength()).isEqualTo(1);
    }

    @Test
    void htmlIsOneSelfContainedPageWithABarPerBrokenRule() throws IOException {
        String html = write(CheckReportFormat.HTML);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("class=\"bar error\"")
                .contains("class=\"bar warning\"").contains("&quot;&lt;&amp;&gt;&quot;")
                .doesNotContain("<script").doesNotContain("<link").doesNotContain("src=");
    }

    @Test
    void anUnknownFormatNamesTheOption() {
        assertThat(org.assertj.core.api.Assertions.catchThrowableOfType(OptionException.class,
                () -> CheckReportFormat.fromText("pdf")).key()).isEqualTo("format");
    }
}
