package org.lexsync.core.documentgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Finding;
import org.lexsync.core.findings.Severity;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;

class DocumentGroupValidatorTest {
    private static final DocumentGroupValidator VALIDATOR = DocumentGroupValidator.create();

    @TempDir
    Path dir;

    @Test
    void acceptsTheSpecExampleMadeConformant() {
        ValidationResult result = VALIDATOR.validate(Fixtures.path("spec-3.2-example-qualified.xml"));

        assertThat(result.findings().list()).isEmpty();
        assertThat(result.valid()).isTrue();
        assertThat(result.group().crawler()).isEqualTo("DCrawlerBverwg");
    }

    /** The §3.2 example as printed: 31-digit md5 (Appendix I pattern) and no namespace. */
    @Test
    void findsTheTwoFlawsOfTheSpecExampleWithTheirPositions() {
        ValidationResult result = VALIDATOR.validate(Fixtures.path("spec-3.2-example.xml"));

        assertThat(result.findings().list()).extracting(Finding::severity, Finding::rule, Finding::line)
                .containsExactlyInAnyOrder(
                        tuple(Severity.ERROR, "eucases:appendix-I/xsd", 18),
                        tuple(Severity.WARNING, "eucases:appendix-I/namespace", 10));
        assertThat(result.findings().list()).filteredOn(f -> f.severity() == Severity.ERROR).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).contains("e6444e96d13c4cfd516c39ccde76677").contains("[a-zA-F0-9]{32}");
                    assertThat(f.column()).isPositive();
                });
        assertThat(result.valid()).isFalse();
    }

    /** Appendix I: format enumeration, identifier pattern, operation enumeration, required url, md5 pattern. */
    @Test
    void reportsOneSchemaFindingPerViolationOnItsLine() {
        ValidationResult result = VALIDATOR.validate(Fixtures.path("schema-invalid.xml"));

        assertThat(result.findings().list()).extracting(Finding::rule).containsOnly("eucases:appendix-I/xsd");
        assertThat(result.findings().list()).extracting(Finding::line).containsExactly(6, 7, 8, 9, 10);
        assertThat(result.findings().list()).extracting(Finding::message).satisfiesExactly(
                m -> assertThat(m).contains("application/msword"),
                m -> assertThat(m).contains("not-a-guid"),
                m -> assertThat(m).contains("Delete"),
                m -> assertThat(m).contains("'url'"),
                m -> assertThat(m).contains("'0cc175b9'"));
    }

    @Test
    void reportsSchemaViolationsOfASloppyDocumentOnceEach() {
        ValidationResult result = VALIDATOR.validate(Fixtures.path("sloppy.xml"));

        assertThat(result.findings().list()).extracting(Finding::rule).containsOnly("eucases:appendix-I/xsd");
        assertThat(result.findings().list()).extracting(Finding::message)
                .anySatisfy(m -> assertThat(m).contains("2014-01-16t07:55:18+0100"))
                .anySatisfy(m -> assertThat(m).contains("'file'"))
                .anySatisfy(m -> assertThat(m).contains("'ADD'"))
                .anySatisfy(m -> assertThat(m).contains("'source'"))
                .anySatisfy(m -> assertThat(m).contains("'filename' must appear"))
                .anySatisfy(m -> assertThat(m).contains("'md5' must appear"))
                .anySatisfy(m -> assertThat(m).contains("note"))
                .anySatisfy(m -> assertThat(m).contains("'add'"))
                .anySatisfy(m -> assertThat(m).contains("must have no character or element"));
        assertThat(result.findings().list()).hasSize(9);
        assertThat(result.group().operation()).isEqualTo(Operation.ADD);
    }

    @Test
    void appliesTheProseRulesTheSchemaDoesNotExpress() {
        ValidationResult result = VALIDATOR.validate(Fixtures.path("semantic-invalid.xml"));

        assertThat(result.findings().list()).extracting(Finding::severity, Finding::rule, Finding::line)
                .containsExactly(
                        tuple(Severity.ERROR, "eucases:3.2/identifier", 6),
                        tuple(Severity.ERROR, "eucases:3.2/group-format", 6),
                        tuple(Severity.WARNING, "eucases:3.2/lang", 6),
                        tuple(Severity.ERROR, "eucases:3.2/md5", 9),
                        tuple(Severity.ERROR, "eucases:3.2/identifier-unique", 10),
                        tuple(Severity.ERROR, "eucases:3.2/file-unique", 10),
                        tuple(Severity.ERROR, "eucases:3.2/file-name", 11),
                        tuple(Severity.ERROR, "eucases:3.2/url", 11),
                        tuple(Severity.WARNING, "eucases:3.3.1/new-group", 12));
    }

    @Test
    void warnsAboutAPackageFormatOtherThanZip() {
        byte[] xml = new String(Fixtures.bytes("spec-3.2-example-qualified.xml"), StandardCharsets.UTF_8)
                .replace("format=\"application/zip\"", "format=\"application/x-tar\"").getBytes(StandardCharsets.UTF_8);

        ValidationResult result = VALIDATOR.validate(xml, "tar.xml");

        assertThat(result.findings().list()).extracting(Finding::severity, Finding::rule)
                .containsExactly(tuple(Severity.WARNING, "eucases:3.2/group-format"));
    }

    @Test
    void refusesADoctypeBeforeValidating() {
        assertThatThrownBy(() -> VALIDATOR.validate(Fixtures.path("hostile-xxe.xml")))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN);
                    assertThat(e.line()).isEqualTo(2);
                });
    }

    @Test
    void refusesAnUndeclaredEntity() {
        assertThatThrownBy(() -> VALIDATOR.validate(Fixtures.path("hostile-entity.xml")))
                .isInstanceOfSatisfying(XmlDocumentException.class,
                        e -> assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.ENTITY_FORBIDDEN));
    }

    /** The schema pass on its own (not behind the reader) refuses a DOCTYPE too. */
    @Test
    void schemaCheckRefusesADoctypeOnItsOwn() {
        assertThatThrownBy(() -> SchemaCheck.load().validate(Fixtures.open("hostile-xxe.xml"), "hostile-xxe.xml",
                XmlLimits.DEFAULT, new org.lexsync.core.findings.Findings()))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN);
                    assertThat(e.line()).isEqualTo(2);
                });
    }

    /** Secure validation: schema hints in the document are not followed, nothing is fetched. */
    @Test
    void neverFetchesTheSchemaLocationADocumentNames() throws IOException {
        java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            byte[] xml = new String(Fixtures.bytes("spec-3.2-example-qualified.xml"), StandardCharsets.UTF_8)
                    .replace("<documentgroup xmlns=\"xsdDocumentgroup\"", "<documentgroup xmlns=\"xsdDocumentgroup\" "
                            + "xsi:schemaLocation=\"xsdDocumentgroup " + base + "/evil.xsd\"")
                    .getBytes(StandardCharsets.UTF_8);

            ValidationResult result = VALIDATOR.validate(xml, "hinted.xml");

            assertThat(result.findings().list()).isEmpty();
            assertThat(requests).hasValue(0);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void refusesAnotherKindOfDocument() {
        assertThatThrownBy(() -> VALIDATOR.validate(Fixtures.path("wrong-root.xml")))
                .isInstanceOfSatisfying(XmlDocumentException.class,
                        e -> assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.UNEXPECTED_ROOT));
    }

    // --- §3.2 "Zip validation" and MD5 ---

    @Test
    void acceptsAPackageHoldingEveryListedFileWithItsMd5() throws IOException {
        Path zip = zip("judgment.html", "seal.gif");

        ValidationResult result = VALIDATOR.validate(Fixtures.path("package/metainfo.xml"), zip);

        assertThat(result.findings().list()).isEmpty();
    }

    @Test
    void reportsAFileWhoseBytesDoNotHaveTheDeclaredMd5() throws IOException {
        Path zip = dir.resolve("g.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            entry(out, "judgment.html", "<html>changed after hashing</html>".getBytes(StandardCharsets.UTF_8));
            entry(out, "seal.gif", Fixtures.bytes("package/seal.gif"));
        }

        ValidationResult result = VALIDATOR.validate(Fixtures.path("package/metainfo.xml"), zip);

        assertThat(result.findings().list()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("eucases:3.2/md5-mismatch");
            assertThat(f.message()).contains("judgment.html").contains("56056d4a74d34452e4fb1634a90313cb");
            assertThat(f.line()).isEqualTo(6);
        });
    }

    @Test
    void reportsAListedFileMissingFromAnUpdatedGroup() throws IOException {
        Path zip = zip("judgment.html");

        ValidationResult result = VALIDATOR.validate(Fixtures.path("package/metainfo.xml"), zip);

        assertThat(result.findings().list()).extracting(Finding::rule, Finding::line)
                .containsExactly(tuple("eucases:3.2/zip-missing-file", 9));
    }

    @Test
    void warnsAboutEntriesNoDocumentLists() throws IOException {
        Path zip = zip("judgment.html", "seal.gif", "metainfo.xml");

        ValidationResult result = VALIDATOR.validate(Fixtures.path("package/metainfo.xml"), zip);

        assertThat(result.findings().list()).extracting(Finding::severity, Finding::rule)
                .containsExactly(tuple(Severity.WARNING, "eucases:3.2/zip-unlisted-entry"));
    }

    /** §3.2: "it is not allowed to submit an empty archive for operation other than DEL". */
    @Test
    void refusesAnEmptyPackageForAnUpdatedGroup() {
        ValidationResult result = VALIDATOR.validate(Fixtures.bytes("package/metainfo.xml"), "metainfo.xml",
                new ByteArrayInputStream(new byte[0]), "empty.zip");

        assertThat(result.findings().list()).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo("eucases:3.2/zip-empty");
            assertThat(f.message()).contains("ZipData length is zero, document identifier: "
                    + "442261d3-6737-40bc-aa77-6fd118a56882 and Operation: Upd");
        });
    }

    @Test
    void acceptsAnEmptyPackageForADeletedGroup() {
        byte[] xml = new String(Fixtures.bytes("package/metainfo.xml"), StandardCharsets.UTF_8)
                .replace("operation=\"Upd\" type=\"2\"", "operation=\"Del\" type=\"2\"").getBytes(StandardCharsets.UTF_8);

        ValidationResult result = VALIDATOR.validate(xml, "metainfo.xml", new ByteArrayInputStream(new byte[0]),
                "empty.zip");

        assertThat(result.findings().list()).isEmpty();
    }

    @Test
    void reportsBytesThatAreNotAZipArchive() {
        ValidationResult result = VALIDATOR.validate(Fixtures.bytes("package/metainfo.xml"), "metainfo.xml",
                new ByteArrayInputStream("not a zip".getBytes(StandardCharsets.UTF_8)), "garbage.zip");

        assertThat(result.findings().list()).extracting(Finding::rule).containsExactly("eucases:3.2/zip-empty");
    }

    @Test
    void reportsAnEntryNameThatEscapesThePackage() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            entry(out, "judgment.html", Fixtures.bytes("package/judgment.html"));
            entry(out, "seal.gif", Fixtures.bytes("package/seal.gif"));
            entry(out, "../../evil.sh", "rm -rf /".getBytes(StandardCharsets.UTF_8));
        }

        ValidationResult result = VALIDATOR.validate(Fixtures.bytes("package/metainfo.xml"), "metainfo.xml",
                new ByteArrayInputStream(bytes.toByteArray()), "traversal.zip");

        assertThat(result.findings().list()).extracting(Finding::rule)
                .contains("eucases:3.2/zip-entry-name");
    }

    @Test
    void refusesAPackageThatExpandsBeyondTheRatio() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            entry(out, "judgment.html", new byte[8 << 20]);
        }
        DocumentGroupValidator strict = DocumentGroupValidator.create(XmlLimits.DEFAULT, new ArchiveLimits(100, 1L << 30, 100));

        assertThatThrownBy(() -> strict.validate(Fixtures.bytes("package/metainfo.xml"), "metainfo.xml",
                new ByteArrayInputStream(bytes.toByteArray()), "bomb.zip"))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.ZIP_BOMB);
                    assertThat(e.archive()).isEqualTo("bomb.zip");
                    assertThat(e.entry()).isEqualTo("judgment.html");
                });
    }

    @Test
    void refusesAPackageWithMoreEntriesThanTheBound() throws IOException {
        Path zip = zip("judgment.html", "seal.gif", "metainfo.xml");
        DocumentGroupValidator strict = DocumentGroupValidator.create(XmlLimits.DEFAULT, new ArchiveLimits(2, 1L << 30, 100));

        assertThatThrownBy(() -> strict.validate(Fixtures.path("package/metainfo.xml"), zip))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class,
                        e -> assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.TOO_MANY_ENTRIES));
    }

    // --- §3.3.1: the package that carries its own MetaInfo ---

    @Test
    void validatesAPackageCarryingItsMetaInfo() throws IOException {
        Path zip = zip("metainfo.xml", "judgment.html", "seal.gif");

        ValidationResult result = VALIDATOR.validatePackage(zip);

        assertThat(result.findings().list()).isEmpty();
        assertThat(result.group().documents()).hasSize(3);
    }

    @Test
    void tellsTheMetaInfoFromTheGroupsOwnXmlFiles() throws IOException {
        Path zip = dir.resolve("with-xml.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            entry(out, "law.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE dokumente SYSTEM \"gii.dtd\">\n<dokumente/>"
                    .getBytes(StandardCharsets.UTF_8));
            entry(out, "judgment.html", Fixtures.bytes("package/judgment.html"));
            entry(out, "seal.gif", Fixtures.bytes("package/seal.gif"));
            entry(out, "meta.xml", Fixtures.bytes("package/metainfo.xml"));
        }

        ValidationResult result = VALIDATOR.validatePackage(zip);

        assertThat(result.findings().list()).extracting(Finding::rule, Finding::message)
                .containsExactly(tuple("eucases:3.2/zip-unlisted-entry", "package entry 'law.xml' is not listed by any document"));
    }

    @Test
    void reportsFindingsOfThePackagedMetaInfoWithTheirLines() throws IOException {
        Path zip = dir.resolve("example.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            entry(out, "meta.xml", Fixtures.bytes("spec-3.2-example.xml"));
            entry(out, "300113B9B51.12.0.html", "<html/>".getBytes(StandardCharsets.UTF_8));
        }

        ValidationResult result = VALIDATOR.validatePackage(zip);

        assertThat(result.findings().list()).extracting(Finding::rule, Finding::line).containsExactlyInAnyOrder(
                tuple("eucases:appendix-I/xsd", 18), tuple("eucases:appendix-I/namespace", 10));
    }

    @Test
    void refusesAPackageWithoutMetaInfo() throws IOException {
        Path zip = zip("judgment.html", "seal.gif");

        assertThatThrownBy(() -> VALIDATOR.validatePackage(zip))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class,
                        e -> assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.NO_METAINFO));
    }

    @Test
    void refusesAPackageWithTwoMetaInfos() throws IOException {
        Path zip = dir.resolve("two.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            entry(out, "a.xml", Fixtures.bytes("package/metainfo.xml"));
            entry(out, "b.xml", Fixtures.bytes("spec-3.2-example.xml"));
        }

        assertThatThrownBy(() -> VALIDATOR.validatePackage(zip))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class, e -> {
                    assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.SEVERAL_METAINFOS);
                    assertThat(e.getMessage()).contains("a.xml").contains("b.xml");
                });
    }

    @Test
    void refusesAFileThatIsNoZipArchive() {
        assertThatThrownBy(() -> VALIDATOR.validatePackage(Fixtures.path("package/judgment.html")))
                .isInstanceOfSatisfying(DocumentGroupArchiveException.class,
                        e -> assertThat(e.reason()).isEqualTo(DocumentGroupArchiveException.Reason.CORRUPT));
    }

    @Test
    void archiveLimitsRefuseNonPositiveBounds() {
        assertThatThrownBy(() -> new ArchiveLimits(0, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("entries=0");
    }

    /** A ZIP in the temp dir holding the named fixture files of package/. */
    private Path zip(String... names) throws IOException {
        Path zip = dir.resolve("group.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (String name : names) {
                entry(out, name, Fixtures.bytes("package/" + name));
            }
        }
        return zip;
    }

    private static void entry(ZipOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        ((OutputStream) out).write(bytes);
        out.closeEntry();
    }
}
