package org.lexsync.core.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lexsync.core.atom.AtomValidator;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlLimits;

class InspectorTest {

    private static Path fixture(String name) {
        try {
            return Path.of(InspectorTest.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Inspection inspect(String name) {
        return Inspector.inspect(fixture(name), name);
    }

    @Test
    void changeListReportsKindCountsAndTimeAttributes() {
        Inspection i = inspect("changelist.xml");
        assertThat(i.kind()).isEqualTo("resourcesync changelist");
        assertThat(i.entries()).isEqualTo(3);
        assertThat(i.counts()).containsEntry("created", 1L).containsEntry("updated", 1L).containsEntry("deleted", 1L);
        assertThat(i.attributes()).containsEntry("from", "2026-11-01T00:00:00Z").containsKey("until");
        assertThat(i.hasErrors()).isFalse();
    }

    @Test
    void changeListOutOfOrderIsAnErrorFinding_rs12_1() {
        Inspection i = inspect("unordered-changelist.xml");
        assertThat(i.hasErrors()).isTrue();
        assertThat(i.findingList()).anySatisfy(f -> {
            assertThat(f.rule()).contains("12.1");
            assertThat(f.line()).isGreaterThan(0);
        });
    }

    @Test
    void gzipSitemapIsReadByMagicBytes(@TempDir Path dir) throws IOException {
        Path gz = dir.resolve("changelist.bin");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(fixture("changelist.xml"), out);
        }
        assertThat(Inspector.inspect(gz, "changelist.bin").kind()).isEqualTo("resourcesync changelist");
    }

    @Test
    void atomArchiveIsRecognised() {
        Inspection i = inspect("archive.atom");
        assertThat(i.kind()).isEqualTo("atom feed (archive)");
        assertThat(i.entries()).isPositive();
        assertThat(i.counts()).containsKeys("entries", "tombstones");
    }

    @Test
    void atomProfileAddsItsRules() {
        Inspection plain = Inspector.inspect(fixture("archive.atom"), "archive.atom", AtomValidator.Profile.RFC4287,
                XmlLimits.DEFAULT);
        Inspection rinfo = Inspector.inspect(fixture("archive.atom"), "archive.atom", AtomValidator.Profile.RINFO,
                XmlLimits.DEFAULT);
        assertThat(rinfo.attributes()).containsEntry("profile", "rinfo");
        assertThat(rinfo.findings().total()).isGreaterThanOrEqualTo(plain.findings().total());
    }

    @Test
    void documentGroupMetaInfoIsValidatedAgainstAppendixI() {
        Inspection i = inspect("documentgroup.xml");
        assertThat(i.kind()).isEqualTo("eucases documentgroup metainfo");
        assertThat(i.entries()).isEqualTo(1);
        assertThat(i.hasErrors()).isFalse();
    }

    @Test
    void unknownRootIsATypedError() {
        assertThatThrownBy(() -> inspect("unknown-root.xml"))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.UNEXPECTED_ROOT);
                    assertThat(e.document()).isEqualTo("unknown-root.xml");
                });
    }

    @Test
    void doctypeIsRefusedWithPosition() {
        assertThatThrownBy(() -> inspect("xxe-sitemap.xml"))
                .isInstanceOfSatisfying(XmlDocumentException.class, e -> {
                    assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN);
                    assertThat(e.line()).isEqualTo(2);
                });
    }
}
