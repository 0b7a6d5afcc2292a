package org.lexsync.core.documentgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Findings;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;

/**
 * The validator checks the Appendix I schema from the events of the reader's one parse: its findings, their order,
 * lines and columns must be those of the schema's own parse of the same bytes ({@link SchemaCheck#validate}, a SAX
 * parser), which is what it did before.
 */
class OneParseValidationTest {
    private static final DocumentGroupValidator VALIDATOR = DocumentGroupValidator.create();
    private static final String GROUP = "<documentgroup xmlns=\"xsdDocumentgroup\" date=\"2014-01-16T06:55:18Z\" "
            + "crawler=\"c\" lang=\"EN\" format=\"application/zip\" filename=\"g.zip\" "
            + "identifier=\"442261d3-6737-40bc-aa77-6fd118a56882\" operation=\"Add\" type=\"1\">";
    private static final String DOCUMENT = "<document format=\"text/html\" file=\"a.html\" "
            + "identifier=\"00fb4dae-4a34-49b8-8dd2-4a587e8ed2e0\" operation=\"Add\" url=\"http://x.example/a\" "
            + "md5=\"e6444e96d13c4cfd516c39ccde766770\"/>";

    /** A schema finding and a reader finding from one document, each where it was before. */
    @Test
    void reportsASchemaFindingAndAReaderFindingOfOneDocumentWhereTheyAre() {
        String xml = "<?xml version=\"1.0\"?>\n"
                + GROUP.replace(" xmlns=\"xsdDocumentgroup\"", "") + "\n"
                + "  " + DOCUMENT.replace("text/html", "text/plain") + "\n"
                + "</documentgroup>\n";

        ValidationResult result = VALIDATOR.validate(xml.getBytes(StandardCharsets.UTF_8), "one.xml");

        assertThat(result.findings().list()).extracting(Finding::severity, Finding::rule, Finding::line,
                Finding::column).containsExactly(
                tuple(Severity.ERROR, "eucases:appendix-I/xsd", 3, 3 + DOCUMENT.length() + 1),
                tuple(Severity.WARNING, "eucases:appendix-I/namespace", 2, 1));
        assertThat(result.findings().list().get(0).message()).contains("text/plain");
    }

    /** A named pipe gives its bytes once: the validator that parsed twice waited for a second writer. */
    @Test
    void validatesAMetaInfoThatCanBeReadOnlyOnce(@TempDir Path dir) throws Exception {
        Path pipe = dir.resolve("metainfo.xml");
        Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
        assumeTrue(mkfifo.waitFor() == 0, "mkfifo makes named pipes here");
        byte[] xml = Fixtures.bytes("schema-invalid.xml");
        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                Files.write(pipe, xml);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        List<Finding> found = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> VALIDATOR.validate(pipe).findings().list());

        writer.join();
        assertThat(found).extracting(Finding::line).containsExactly(6, 7, 8, 9, 10);
    }

    @ParameterizedTest
    @MethodSource("documents")
    void findsWhatTheSchemasOwnParseFinds(byte[] bytes) {
        Object outcome = outcome(() -> VALIDATOR.validate(bytes, "doc.xml").findings().list());

        assertThat(outcome).isEqualTo(outcome(() -> twoParses(bytes)));
    }

    /** Beyond the limits of the schema's own parser (JDK's {@code jdk.xml.*}) but within the reader's. */
    @ParameterizedTest
    @MethodSource("nearTheParsersLimits")
    void refusesWhatTheSchemasOwnParseRefuses(String xml) {
        byte[] bytes = xml.getBytes(StandardCharsets.UTF_8);
        XmlLimits deep = XmlLimits.DEFAULT.withMaxDepth(200);

        Object outcome = outcome(() -> DocumentGroupValidator.create(deep, ArchiveLimits.DEFAULT)
                .validate(bytes, "doc.xml").findings().list());

        assertThat(outcome).isEqualTo(outcome(() -> twoParses(bytes, deep)));
    }

    /** The findings, or the reason of the refusal. */
    private static Object outcome(Supplier<List<Finding>> validation) {
        try {
            return validation.get();
        } catch (XmlDocumentException e) {
            return e.reason();
        }
    }

    static Stream<String> nearTheParsersLimits() {
        String end = "</documentgroup>";
        return Stream.of(
                GROUP.replace(">", attributes(191)) + DOCUMENT + end,
                GROUP.replace(">", attributes(192)) + DOCUMENT + end,
                GROUP + "<" + "n".repeat(1000) + "/>" + DOCUMENT + end,
                GROUP + "<" + "n".repeat(1001) + "/>" + DOCUMENT + end,
                GROUP + "<p:" + "n".repeat(998) + " xmlns:p=\"urn:x\"/>" + DOCUMENT + end,
                GROUP + "<p:" + "n".repeat(1001) + " xmlns:p=\"urn:x\"/>" + DOCUMENT + end,
                GROUP + "<" + "p".repeat(1001) + ":n xmlns:" + "p".repeat(1001) + "=\"urn:x\"/>" + DOCUMENT + end,
                GROUP.replace(">", " xmlns:q=\"urn:q\" q:" + "a".repeat(1001) + "=\"1\">") + DOCUMENT + end,
                GROUP.replace(">", " " + "a".repeat(1001) + "=\"1\">") + DOCUMENT + end,
                GROUP.replace(">", " xmlns:" + "p".repeat(994) + "=\"urn:x\">") + DOCUMENT + end,
                GROUP.replace(">", " xmlns:" + "p".repeat(995) + "=\"urn:x\">") + DOCUMENT + end,
                GROUP.replace(">", " xmlns:" + "p".repeat(1001) + "=\"urn:x\">") + DOCUMENT + end,
                GROUP + DOCUMENT + "<x>".repeat(99) + "</x>".repeat(99) + end,
                GROUP + DOCUMENT + "<x>".repeat(100) + "</x>".repeat(100) + end);
    }

    private static String attributes(int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(" a").append(i).append("=\"1\"");
        }
        return s.append('>').toString();
    }

    private static List<Finding> twoParses(byte[] bytes) {
        return twoParses(bytes, XmlLimits.DEFAULT);
    }

    /** The validator as it was: the reader's parse, then the schema's own parse of the same bytes. */
    private static List<Finding> twoParses(byte[] bytes, XmlLimits limits) {
        ReadResult read = DocumentGroupReader.read(new ByteArrayInputStream(bytes), "doc.xml", limits,
                DocumentGroupReader.DEFAULT_MAX_DOCUMENTS);
        Findings findings = new Findings();
        SchemaCheck.load().validate(new ByteArrayInputStream(bytes), "doc.xml", limits, findings);
        for (Finding f : read.findings()) {
            if (!f.rule().startsWith("eucases:appendix-I/") || f.rule().equals("eucases:appendix-I/namespace")) {
                findings.add(f);
            }
        }
        SemanticRules.check(read, findings);
        return findings.list();
    }

    static Stream<byte[]> documents() {
        String valid = GROUP + DOCUMENT + "</documentgroup>";
        Stream<byte[]> encoded = Stream.of(
                ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + valid.replace("crawler=\"c\"",
                        "crawler=\"ç\"").replace("text/html", "täxt")).getBytes(StandardCharsets.ISO_8859_1),
                (valid.replace("crawler=\"c\"", "crawler=\"ç\"")).getBytes(StandardCharsets.ISO_8859_1),
                ("\uFEFF<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + valid.replace("Add", "Bad"))
                        .getBytes(StandardCharsets.UTF_16BE),
                ("<?xml version=\"1.1\"?>" + valid.replace("Add", "Bad")).getBytes(StandardCharsets.UTF_8),
                (GROUP + "]]>" + DOCUMENT + "</documentgroup>").getBytes(StandardCharsets.UTF_8),
                (GROUP + "&#0;" + DOCUMENT + "</documentgroup>").getBytes(StandardCharsets.UTF_8),
                (valid + "<extra/>").getBytes(StandardCharsets.UTF_8));
        return Stream.concat(texts().map(t -> t.getBytes(StandardCharsets.UTF_8)), encoded);
    }

    private static Stream<String> texts() {
        String head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n";
        List<String> docs = new ArrayList<>();
        docs.add(new String(Fixtures.bytes("sloppy.xml"), StandardCharsets.UTF_8));
        docs.add(new String(Fixtures.bytes("schema-invalid.xml"), StandardCharsets.UTF_8));
        docs.add(new String(Fixtures.bytes("spec-3.2-example.xml"), StandardCharsets.UTF_8));
        docs.add(new String(Fixtures.bytes("semantic-invalid.xml"), StandardCharsets.UTF_8));
        docs.add(head + GROUP + "\n  " + DOCUMENT + "\n</documentgroup>\n");
        docs.add(head + GROUP + "</documentgroup>");
        docs.add(head + GROUP.replace(">", "/>"));
        docs.add(head + GROUP + "text before\n  " + DOCUMENT + "and after</documentgroup>");
        docs.add(head + GROUP + DOCUMENT.replace("/>", ">text</document>") + "</documentgroup>");
        docs.add(head + GROUP + DOCUMENT.replace("/>", "><x/></document>") + "</documentgroup>");
        docs.add(head + GROUP + DOCUMENT.replace("/>", "><![CDATA[cdata]]></document>") + "</documentgroup>");
        docs.add(head + GROUP + "<!-- c --><?pi data?>" + DOCUMENT + "<other xmlns=\"urn:x\"><y/></other>"
                + "</documentgroup>");
        docs.add(head + GROUP.replace(" ", "\r\n  ") + "\r\n\t" + DOCUMENT.replace(" ", "\n\t ")
                .replace("Add", "Nope") + "\r\n</documentgroup>");
        docs.add(head + "<!-- état: ünïcödé 𝄞 -->" + GROUP.replace("crawler=\"c\"", "crawler=\"𝄞 é\"")
                .replace("type=\"1\"", "type=\"3\"") + "é𝄞" + DOCUMENT + "</documentgroup>");
        docs.add(head + "<g:documentgroup xmlns:g=\"xsdDocumentgroup\"" + GROUP.substring(GROUP.indexOf(" date"))
                + "<g:document" + DOCUMENT.substring(9).replace("md5=", "g:md5=\"x\" md5=") + "</g:documentgroup>");
        docs.add(head + GROUP.replace(" xmlns=\"xsdDocumentgroup\"", "") + DOCUMENT
                + "<document xmlns=\"xsdDocumentgroup\"" + DOCUMENT.substring(9) + "</documentgroup>");
        docs.add(head + GROUP.replace("type=\"1\"", "type=\"1\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
                + "xsi:schemaLocation=\"xsdDocumentgroup nowhere.xsd\" xsi:type=\"xsd:string\"") + DOCUMENT
                + "</documentgroup>");
        docs.add(head + GROUP.replace("2014-01-16T06:55:18Z", "yesterday").replace("identifier=\"442261d3",
                "identifier=\"zz") + DOCUMENT.replace("e6444e96", "&amp;&#65;&lt;") + "</documentgroup>");
        docs.add(head + GROUP + DOCUMENT + DOCUMENT.replace("format=\"text/html\" ", "") + "</documentgroup>\n"
                + "<!-- after -->\n");
        return docs.stream();
    }
}
