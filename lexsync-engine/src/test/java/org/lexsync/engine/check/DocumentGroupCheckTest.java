package org.lexsync.engine.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.findings.Severity;
import org.lexsync.engine.model.CheckProtocol;
import org.lexsync.engine.model.CheckReport;
import org.lexsync.engine.model.CheckRequest;
import org.lexsync.engine.model.CheckRuleResult;
import org.lexsync.fixture.FixtureResponse;

/** Document groups (EUCases D2.1 §3.2, Appendix I) on the core test suite's files, one mutation per rule. */
class DocumentGroupCheckTest {
    private static final String BASE = "/org/lexsync/core/documentgroup/";

    @TempDir
    Path temp;
    CheckHarness h;

    @BeforeEach
    void start() {
        h = new CheckHarness(temp);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private Path resource(String name) throws IOException {
        Path p = temp.resolve(name.replace('/', '-'));
        try (InputStream in = getClass().getResourceAsStream(BASE + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    private Path zip(String name, String... entries) throws IOException {
        Path p = temp.resolve(name);
        try (OutputStream out = Files.newOutputStream(p); ZipOutputStream z = new ZipOutputStream(out)) {
            for (String e : entries) {
                z.putNextEntry(new ZipEntry(e.replace("*", "")));
                try (InputStream in = getClass().getResourceAsStream(BASE + "package/" + e.replace("*", ""))) {
                    byte[] bytes = in.readAllBytes();
                    if (e.endsWith("*")) {
                        bytes[0] ^= 1;   // other bytes than the metaInfo's md5 describes
                    }
                    z.write(bytes);
                }
                z.closeEntry();
            }
        }
        return p;
    }

    private CheckReport check(Path meta, Path zip) {
        return h.check(CheckRequest.of(CheckProtocol.DOCUMENTGROUP, meta.toString())
                .withCompanion(zip == null ? null : zip.toString()));
    }

    @Test
    void theSpecPackageConforms() throws IOException {
        CheckReport r = check(resource("package/metainfo.xml"), zip("g.zip", "judgment.html", "seal.gif"));

        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.summary().entries()).isEqualTo(3);
        assertThat(r.summary().documentsRead()).isEqualTo(2);
    }

    @Test
    void aDocumentWhoseFileIsNotInTheZipIsReported() throws IOException {   // §3.2
        CheckReport r = check(resource("package/metainfo.xml"), zip("g.zip", "judgment.html"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly("eucases:3.2/zip-missing-file");
    }

    @Test
    void aFileWithOtherBytesThanItsMd5IsReported() throws IOException {   // §3.2
        CheckReport r = check(resource("package/metainfo.xml"), zip("g.zip", "judgment.html*", "seal.gif"));

        assertThat(r.broken(Severity.ERROR)).extracting(CheckRuleResult::rule)
                .containsExactly("eucases:3.2/md5-mismatch");
    }

    @Test
    void aMetaInfoBreakingTheSchemaIsReported() throws IOException {   // Appendix I
        CheckReport r = check(resource("schema-invalid.xml"), null);

        assertThat(r.rule("eucases:appendix-I/xsd").count()).isPositive();
        assertThat(r.rootUnreadable()).isFalse();
    }

    @Test
    void aHostileMetaInfoIsOneUnreadableFinding() throws IOException {
        CheckReport r = check(resource("hostile-xxe.xml"), null);

        assertThat(r.rootUnreadable()).isTrue();
        assertThat(r.broken()).extracting(CheckRuleResult::rule).containsExactly(CheckRun.XML);
    }

    @Test
    void aMissingFileIsOneFinding() {
        CheckReport r = check(temp.resolve("nothing.xml"), null);

        assertThat(r.rootUnreadable()).isTrue();
        assertThat(r.broken()).extracting(CheckRuleResult::rule).containsExactly(CheckRun.FETCH);
    }

    @Test
    void bothPartsMayBeUrls() throws IOException {
        h.files.put("meta.xml", FixtureResponse.ok("application/xml", Files.readAllBytes(resource("package/metainfo.xml"))))
                .put("g.zip", FixtureResponse.ok("application/zip", Files.readAllBytes(zip("g.zip", "judgment.html",
                        "seal.gif"))));

        CheckReport r = h.check(CheckRequest.of(CheckProtocol.DOCUMENTGROUP, h.url("/s/meta.xml"))
                .withCompanion(h.url("/s/g.zip")));

        assertThat(r.broken(Severity.ERROR)).isEmpty();
        assertThat(r.summary().entries()).isEqualTo(3);
        assertThat(r.summary().documentsRead()).isEqualTo(2);
    }
}
