package org.lexsync.core.documentgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DocumentGroupWriterTest {
    private static final DocumentGroupValidator VALIDATOR = DocumentGroupValidator.create();

    @Test
    void writesTheSpecExampleBackToAnEqualGroup() {
        DocumentGroup g = Fixtures.read("spec-3.2-example.xml").group();

        assertThat(readBack(write(g))).isEqualTo(g);
    }

    @Test
    void writesAMultiFileGroupBackToAnEqualGroup() {
        DocumentGroup g = Fixtures.read("package/metainfo.xml").group();

        assertThat(readBack(write(g))).isEqualTo(g);
    }

    /** Appendix I: elements in the target namespace; the output has no findings at all. */
    @Test
    void writesADocumentValidAgainstAppendixI() {
        byte[] xml = write(Fixtures.read("spec-3.2-example-qualified.xml").group());

        ValidationResult result = VALIDATOR.validate(xml, "written.xml");

        assertThat(result.findings().list()).isEmpty();
    }

    /** §3.2: "yyyy-MM-ddTHH:mm:ss (date="2013-11-21T09:50:39") and UTC compatible". */
    @Test
    void writesTheDateInTheSection32FormInUtc() {
        DocumentGroup g = group(Instant.parse("2013-11-21T09:50:39Z"));

        String xml = new String(write(g), StandardCharsets.UTF_8);

        assertThat(xml).contains("date=\"2013-11-21T09:50:39\"");
    }

    @Test
    void writesFractionalSecondsOnlyWhenTheInstantHasThem() {
        String xml = new String(write(group(Instant.parse("2013-11-21T09:50:39.250Z"))), StandardCharsets.UTF_8);

        assertThat(xml).contains("date=\"2013-11-21T09:50:39.25\"");
    }

    @Test
    void declaresTheAppendixINamespaceOnTheRoot() {
        String xml = new String(write(group(Instant.parse("2013-11-21T09:50:39Z"))), StandardCharsets.UTF_8);

        assertThat(xml).contains("<documentgroup xmlns=\"xsdDocumentgroup\"");
    }

    @Test
    void leavesOutComponentsThatAreNull() {
        DocumentGroup g = new DocumentGroup(null, "c", "EN", "application/zip", "g.zip",
                "442261d3-6737-40bc-aa77-6fd118a56882", null, null,
                List.of(new Document("text/html", "a.html", "00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0", null, null, null)));

        String xml = new String(write(g), StandardCharsets.UTF_8);

        assertThat(xml).doesNotContain("date=").doesNotContain("operation=").doesNotContain("type=")
                .doesNotContain("url=").doesNotContain("md5=");
        assertThat(readBack(xml.getBytes(StandardCharsets.UTF_8))).isEqualTo(g);
    }

    @Test
    void escapesMarkupCharactersInValues() {
        DocumentGroup g = new DocumentGroup(Instant.parse("2013-11-21T09:50:39Z"), "a<b>&\"c'", "EN",
                "application/zip", "g.zip", "442261d3-6737-40bc-aa77-6fd118a56882", Operation.ADD, GroupType.CASE_LAW,
                List.of(new Document("text/html", "a&b.html", "00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0", Operation.ADD,
                        "http://example.org/?a=1&b=2", "0cc175b9c0f1b6a831c399e269772661")));

        assertThat(readBack(write(g))).isEqualTo(g);
    }

    static DocumentGroup group(Instant date) {
        return new DocumentGroup(date, "DCrawlerBverwg", "EN", "application/zip", "g.zip",
                "442261d3-6737-40bc-aa77-6fd118a56882", Operation.ADD, GroupType.LEGISLATION,
                List.of(new Document("text/html", "a.html", "00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0", Operation.ADD,
                        "http://example.org/a.html", "0cc175b9c0f1b6a831c399e269772661")));
    }

    static byte[] write(DocumentGroup g) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DocumentGroupWriter.write(g, out);
        return out.toByteArray();
    }

    static DocumentGroup readBack(byte[] xml) {
        return DocumentGroupReader.read(new ByteArrayInputStream(xml), "written.xml").group();
    }
}
