package org.lexsync.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import javax.xml.stream.XMLStreamConstants;
import org.junit.jupiter.api.Test;

class XmlInputTest {

    private static void drain(byte[] bytes, XmlLimits limits) {
        try (SafeXmlReader r = XmlInput.open(new ByteArrayInputStream(bytes), "test.xml", limits)) {
            while (r.hasNext()) {
                r.next();
            }
        }
    }

    private static XmlDocumentException failure(String xml, XmlLimits limits) {
        try {
            drain(xml.getBytes(StandardCharsets.UTF_8), limits);
        } catch (XmlDocumentException e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }

    @Test
    void readsPlainDocument() {
        try (SafeXmlReader r = XmlInput.open(new ByteArrayInputStream("<a><b>x</b></a>".getBytes(StandardCharsets.UTF_8)), "t")) {
            assertThat(r.nextTag()).isEqualTo(XMLStreamConstants.START_ELEMENT);
            r.nextTag();
            assertThat(r.getElementText()).isEqualTo("x");
        }
    }

    @Test
    void refusesEvenADoctypeThatOnlyNamesAnExternalDtd() {
        // docs/architecture.md, invariant 5: no DTDs at all; the external one is never read either way.
        XmlDocumentException e = failure("<?xml version=\"1.0\"?>\n<!DOCTYPE a SYSTEM \"http://127.0.0.1:1/a.dtd\">\n<a>x</a>",
                XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN);
        assertThat(e.line()).isEqualTo(2);
    }

    @Test
    void refusesDoctypeWithPosition() {
        XmlDocumentException e = failure("<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<a>&x;</a>", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.DOCTYPE_FORBIDDEN);
        assertThat(e.document()).isEqualTo("test.xml");
        assertThat(e.line()).isEqualTo(2);
    }

    @Test
    void refusesUndeclaredEntity() {
        XmlDocumentException e = failure("<a>&x;</a>", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.ENTITY_FORBIDDEN);
    }

    @Test
    void refusesDeepNesting() {
        String xml = "<a>".repeat(100) + "</a>".repeat(100);
        assertThat(failure(xml, XmlLimits.DEFAULT.withMaxDepth(50)).reason()).isEqualTo(XmlDocumentException.Reason.TOO_DEEP);
    }

    @Test
    void refusesLongText() {
        String xml = "<a>" + "x".repeat(5000) + "</a>";
        assertThat(failure(xml, XmlLimits.DEFAULT.withMaxTextLength(1000)).reason()).isEqualTo(XmlDocumentException.Reason.TEXT_TOO_LONG);
    }

    @Test
    void refusesLongAttribute() {
        String xml = "<a b=\"" + "x".repeat(5000) + "\"/>";
        assertThat(failure(xml, XmlLimits.DEFAULT.withMaxAttributeLength(1000)).reason()).isEqualTo(XmlDocumentException.Reason.ATTRIBUTE_TOO_LONG);
    }

    @Test
    void refusesOversizedDocument() {
        String xml = "<a>" + "<b/>".repeat(1000) + "</a>";
        assertThat(failure(xml, XmlLimits.DEFAULT.withMaxDocumentBytes(500)).reason()).isEqualTo(XmlDocumentException.Reason.TOO_LARGE);
    }

    @Test
    void readsGzipAndRefusesGzipBomb() throws IOException {
        String xml = "<a>" + " ".repeat(50 << 20) + "</a>";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(xml.getBytes(StandardCharsets.UTF_8));
        }
        assertThatThrownBy(() -> drain(bytes.toByteArray(), XmlLimits.DEFAULT))
                .isInstanceOfSatisfying(XmlDocumentException.class,
                        e -> assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.GZIP_BOMB));
    }

    @Test
    void refusesMalformedWithPosition() {
        XmlDocumentException e = failure("<a>\n<b></a>", XmlLimits.DEFAULT);
        assertThat(e.reason()).isEqualTo(XmlDocumentException.Reason.MALFORMED);
        assertThat(e.line()).isEqualTo(2);
    }
}
