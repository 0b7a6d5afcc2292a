package org.lexsync.core.sitemap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.lexsync.core.xml.XmlDocumentException;
import org.lexsync.core.xml.XmlDocumentException.Reason;
import org.lexsync.core.xml.XmlLimits;

/**
 * The hostile-input corpus (docs/architecture.md, invariant 5): every file is refused with a typed reason and a
 * position.
 */
class HostileInputTest {

    private static XmlDocumentException refuse(String resource, XmlLimits limits) {
        return refuse(SitemapFixtures.bytes("hostile/" + resource), resource, limits);
    }

    private static XmlDocumentException refuse(byte[] bytes, String name, XmlLimits limits) {
        XmlDocumentException e = catchThrowableOfType(XmlDocumentException.class,
                () -> SitemapFixtures.read(bytes, name, limits));
        assertThat(e).as("expected %s to be refused", name).isNotNull();
        assertThat(e.document()).isEqualTo(name);
        return e;
    }

    @Test
    void xxeDoctypeIsRefused() {
        XmlDocumentException e = refuse("xxe.xml", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.DOCTYPE_FORBIDDEN);
        assertThat(e.line()).isEqualTo(2);
    }

    @Test
    void billionLaughsIsRefusedAtItsDoctype() {
        XmlDocumentException e = refuse("billion-laughs.xml", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.DOCTYPE_FORBIDDEN);
        assertThat(e.line()).isEqualTo(2);
    }

    @Test
    void deepNestingIsRefused() {
        XmlDocumentException e = refuse("deep-nesting.xml", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.TOO_DEEP);
        assertThat(e.line()).isEqualTo(5);
        assertThat(e.column()).isGreaterThan(0);
    }

    @Test
    void hugeTextIsRefused() {
        XmlDocumentException e = refuse("huge-text.xml", XmlLimits.DEFAULT.withMaxTextLength(1024));
        assertThat(e.reason()).isEqualTo(Reason.TEXT_TOO_LONG);
        assertThat(e.line()).isEqualTo(5);
    }

    @Test
    void hugeAttributeIsRefused() {
        XmlDocumentException e = refuse("huge-attribute.xml", XmlLimits.DEFAULT.withMaxAttributeLength(4096));
        assertThat(e.reason()).isEqualTo(Reason.ATTRIBUTE_TOO_LONG);
        assertThat(e.line()).isEqualTo(7);
    }

    @Test
    void gzipBombIsRefused() throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<!--"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] zeros = new byte[1 << 16];
            java.util.Arrays.fill(zeros, (byte) ' ');
            for (int i = 0; i < 256; i++) {
                out.write(zeros);
            }
        }
        XmlDocumentException e = refuse(gz.toByteArray(), "bomb.xml.gz", XmlLimits.DEFAULT.withMaxDecompressedBytes(8 << 20));
        assertThat(e.reason()).isEqualTo(Reason.GZIP_BOMB);
    }

    @Test
    void wrongRootIsRefusedNamingDocumentAndPosition() {
        XmlDocumentException e = refuse("wrong-root.xml", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.UNEXPECTED_ROOT);
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo(1);
        assertThat(e.getMessage()).contains("wrong-root.xml", "<feed>");
    }

    @Test
    void truncatedDocumentIsRefusedAtItsEnd() {
        XmlDocumentException e = refuse("truncated.xml", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
        assertThat(e.line()).isEqualTo(7);
    }
}
