package org.lexsync.core.documentgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;
import org.junit.jupiter.api.Test;

class DocumentGroupReaderTest {

    /** EUCases D2.1 §3.2: the attributes of 'documentgroup' as the spec's example gives them. */
    @Test
    void readsTheGroupOfTheSpecExample() {
        DocumentGroup g = Fixtures.read("spec-3.2-example.xml").group();

        assertThat(g.date()).isEqualTo(Instant.parse("2014-01-16T06:55:18Z"));
        assertThat(g.crawler()).isEqualTo("DCrawlerBverwg");
        assertThat(g.lang()).isEqualTo("EN");
        assertThat(g.format()).isEqualTo("application/zip");
        assertThat(g.filename()).isEqualTo("300113B9B51.12.0.zip");
        assertThat(g.identifier()).isEqualTo("442261d3-6737-40bc-aa77-6fd118a56882");
        assertThat(g.operation()).isEqualTo(Operation.NONE);
        assertThat(g.type()).isEqualTo(GroupType.LEGISLATION);
    }

    /** EUCases D2.1 §3.2: the attributes of 'document' as the spec's example gives them. */
    @Test
    void readsTheDocumentOfTheSpecExample() {
        ReadResult read = Fixtures.read("spec-3.2-example.xml");

        assertThat(read.group().documents()).containsExactly(new Document("text/html", "300113B9B51.12.0.html",
                "00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0", Operation.NONE,
                "http://www.bverwg.de/entscheidungen/entscheidung.php?ent=300113B9B51.12.0",
                "e6444e96d13c4cfd516c39ccde76677"));
        assertThat(read.documentPosition(0).line()).isEqualTo(16);
        assertThat(read.groupPosition().line()).isEqualTo(10);
    }

    @Test
    void reportsTheMissingNamespaceOfTheSpecExampleOnly() {
        ReadResult read = Fixtures.read("spec-3.2-example.xml");

        assertThat(read.findings().list()).extracting(Finding::severity, Finding::rule, Finding::line)
                .containsExactly(tuple(Severity.WARNING, "eucases:appendix-I/namespace", 10));
    }

    @Test
    void readsTheQualifiedExampleWithoutFindings() {
        ReadResult read = Fixtures.read("spec-3.2-example-qualified.xml");

        assertThat(read.findings().isEmpty()).isTrue();
        assertThat(read.group().documents()).singleElement()
                .extracting(Document::md5).isEqualTo("e6444e96d13c4cfd516c39ccde766770");
    }

    @Test
    void exposesTheDeclaredMd5AsDigest() {
        Document d = Fixtures.read("package/metainfo.xml").group().documents().get(1);

        assertThat(d.digest().toString()).isEqualTo("md5:325472601571f31e1bf00674c368d335");
        assertThat(d.digest().wellFormed()).isTrue();
    }

    @Test
    void readsUpperCaseOperationsOfSection132AndReportsThem() {
        ReadResult read = Fixtures.read("sloppy.xml");

        assertThat(read.group().operation()).isEqualTo(Operation.ADD);
        assertThat(read.group().documents()).extracting(Document::operation).containsExactly(Operation.ADD, Operation.ADD);
        assertThat(read.findings().list()).filteredOn(f -> f.rule().equals("eucases:appendix-I/operation"))
                .extracting(Finding::line).containsExactly(3, 15);
    }

    @Test
    void readsFileAsFilenameAndReportsIt() {
        ReadResult read = Fixtures.read("sloppy.xml");

        assertThat(read.group().filename()).isEqualTo("UKSC_2010_0237.zip");
        assertThat(read.findings().has("eucases:appendix-I/filename")).isTrue();
    }

    @Test
    void readsLenientDatesAsTheirInstantAndReportsThem() {
        ReadResult read = Fixtures.read("sloppy.xml");

        assertThat(read.group().date()).isEqualTo(Instant.parse("2014-01-16T06:55:18Z"));
        assertThat(read.findings().list()).filteredOn(f -> f.rule().equals("eucases:appendix-I/date"))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity()).isEqualTo(Severity.ERROR);
                    assertThat(f.message()).contains("lower-case 't'").contains("without colon");
                    assertThat(f.line()).isEqualTo(3);
                });
    }

    @Test
    void warnsAboutDatesWithAnOffsetOtherThanUtc() {
        String xml = QUALIFIED_GROUP.replace("DATE", "2014-01-16T07:55:18+01:00");

        ReadResult read = read(xml);

        assertThat(read.group().date()).isEqualTo(Instant.parse("2014-01-16T06:55:18Z"));
        assertThat(read.findings().list()).extracting(Finding::rule, Finding::severity)
                .containsExactly(tuple("eucases:3.2/date-utc", Severity.WARNING));
    }

    @Test
    void acceptsDatesWithZ() {
        assertThat(read(QUALIFIED_GROUP.replace("DATE", "2014-01-16T06:55:18Z")).findings().isEmpty()).isTrue();
    }

    @Test
    void reportsDatesWithoutSecondsAsNotXsDateTime() {
        ReadResult read = read(QUALIFIED_GROUP.replace("DATE", "2014-01-16"));

        assertThat(read.group().date()).isEqualTo(Instant.parse("2014-01-16T00:00:00Z"));
        assertThat(read.findings().has("eucases:appendix-I/date")).isTrue();
    }

    @Test
    void keepsAnUnparseableDateAsNull() {
        ReadResult read = read(QUALIFIED_GROUP.replace("DATE", "yesterday"));

        assertThat(read.group().date()).isNull();
        assertThat(read.findings().list()).extracting(Finding::rule).containsExactly("eucases:appendix-I/date");
    }

    @Test
    void reportsAMissingRequiredAttributeWithItsElementPosition() {
        ReadResult read = Fixtures.read("sloppy.xml");

        assertThat(read.group().documents().get(0).md5()).isNull();
        assertThat(read.findings().list()).filteredOn(f -> f.rule().equals("eucases:appendix-I/required"))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).contains("document").contains("'md5'");
                    assertThat(f.line()).isEqualTo(11);
                    assertThat(f.column()).isEqualTo(3);
                });
    }

    @Test
    void skipsAndReportsUndeclaredAttributesAndElements() {
        ReadResult read = Fixtures.read("sloppy.xml");

        assertThat(read.group().documents()).hasSize(2);
        assertThat(read.findings().list()).filteredOn(f -> f.rule().equals("eucases:appendix-I/unexpected-attribute"))
                .singleElement().extracting(Finding::message).asString().contains("source");
        assertThat(read.findings().list()).filteredOn(f -> f.rule().equals("eucases:appendix-I/unexpected-element"))
                .singleElement().extracting(Finding::line).isEqualTo(14);
    }

    @Test
    void ignoresAndReportsContentInsideADocument() {
        ReadResult read = Fixtures.read("sloppy.xml");

        assertThat(read.group().documents().get(1).file()).isEqualTo("UKSC_2010_0237.html");
        assertThat(read.findings().list()).filteredOn(f -> f.rule().equals("eucases:appendix-I/document-content"))
                .hasSize(1);
    }

    @Test
    void readsAGroupTypeOutsideTheSpecAsNull() {
        ReadResult read = read(QUALIFIED_GROUP.replace("DATE", "2014-01-16T06:55:18").replace("type=\"1\"", "type=\"3\""));

        assertThat(read.group().type()).isNull();
        assertThat(read.findings().has("eucases:appendix-I/type")).isTrue();
    }

    @Test
    void reportsAGroupWithoutDocuments() {
        String xml = "<documentgroup xmlns=\"xsdDocumentgroup\" date=\"2014-01-16T06:55:18\" crawler=\"c\" lang=\"EN\""
                + " format=\"application/zip\" filename=\"g.zip\" identifier=\"442261d3-6737-40bc-aa77-6fd118a56882\""
                + " operation=\"Del\" type=\"2\"/>";

        ReadResult read = read(xml);

        assertThat(read.group().documents()).isEmpty();
        assertThat(read.findings().has("eucases:appendix-I/document")).isTrue();
    }

    @Test
    void reportsUnqualifiedDocumentsInAQualifiedGroup() {
        String xml = QUALIFIED_GROUP.replace("DATE", "2014-01-16T06:55:18")
                .replace("<document ", "<document xmlns=\"\" ");

        ReadResult read = read(xml);

        assertThat(read.group().documents()).hasSize(1);
        assertThat(read.findings().list()).extracting(Finding::rule).containsExactly("eucases:appendix-I/namespace");
    }

    @Test
    void refusesADoctypeWithAnExternalEntity() {
        assertThatThrownBy(() -> Fixtures.read("hostile-xxe.xml"))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN);
                    assertThat(e.document()).isEqualTo("hostile-xxe.xml");
                    assertThat(e.line()).isEqualTo(2);
                });
    }

    @Test
    void refusesAnUndeclaredEntity() {
        assertThatThrownBy(() -> Fixtures.read("hostile-entity.xml"))
                .isInstanceOfSatisfying(XmlDocumentException.class,
                        e -> assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.ENTITY_FORBIDDEN));
    }

    @Test
    void refusesAnotherKindOfDocument() {
        assertThatThrownBy(() -> Fixtures.read("wrong-root.xml"))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.UNEXPECTED_ROOT);
                    assertThat(e.line()).isEqualTo(7);
                });
    }

    @Test
    void refusesMoreDocumentsThanTheBound() {
        assertThatThrownBy(() -> DocumentGroupReader.read(Fixtures.open("package/metainfo.xml"), "metainfo.xml",
                XmlLimits.DEFAULT, 2))
                .isInstanceOfSatisfying(XmlDocumentException.class,
                        e -> assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.TOO_LARGE));
    }

    @Test
    void refusesMalformedXmlWithItsPosition() {
        assertThatThrownBy(() -> read("<documentgroup xmlns=\"xsdDocumentgroup\">\n<document></documentgroup>"))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.MALFORMED);
                    assertThat(e.line()).isEqualTo(2);
                });
    }

    private static final String QUALIFIED_GROUP = """
            <documentgroup xmlns="xsdDocumentgroup" date="DATE" crawler="DCrawlerBverwg" lang="EN" \
            format="application/zip" filename="g.zip" identifier="442261d3-6737-40bc-aa77-6fd118a56882" \
            operation="Add" type="1">
              <document format="text/html" file="a.html" identifier="00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0" \
            operation="Add" url="http://example.org/a.html" md5="0cc175b9c0f1b6a831c399e269772661"/>
            </documentgroup>
            """;

    private static ReadResult read(String xml) {
        return DocumentGroupReader.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "inline.xml");
    }
}
