package org.lexsync.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamConstants;
import org.junit.jupiter.api.Test;

/** Documents that name no encoding (XML 1.0 §4.3.3) but are not UTF-8, as some publishers serve them. */
class UndeclaredEncodingTest {
    private static final Charset LATIN_1 = StandardCharsets.ISO_8859_1;
    private static final Charset CP1252 = Charset.forName("windows-1252");

    private static String[] read(byte[] xml) {
        try (SafeXmlReader r = XmlInput.open(new ByteArrayInputStream(xml), "t.xml")) {
            assertThat(r.nextTag()).isEqualTo(XMLStreamConstants.START_ELEMENT);
            String text = r.getElementText();
            return new String[] {text, r.assumedEncoding() == null ? null : r.assumedEncoding().name()};
        }
    }

    @Test
    void aLatin1DocumentWithoutDeclarationIsReadAsWindows1252AndSaysSo() {
        String[] r = read("<t>Lag om ändring i förordningen</t>".getBytes(LATIN_1));

        assertThat(r[0]).isEqualTo("Lag om ändring i förordningen");
        assertThat(r[1]).isEqualTo("windows-1252");
    }

    @Test
    void anXmlDeclarationWithoutEncodingIsTheSameCase() {
        String[] r = read("<?xml version=\"1.0\"?>\n<t>Förordning – 2024 €</t>".getBytes(CP1252));

        assertThat(r[0]).isEqualTo("Förordning – 2024 €");
        assertThat(r[1]).isEqualTo("windows-1252");
    }

    @Test
    void aDeclaredEncodingIsObeyedAndNothingIsAssumed() {
        String[] r = read("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>ändring</t>".getBytes(LATIN_1));

        assertThat(r[0]).isEqualTo("ändring");
        assertThat(r[1]).isNull();
    }

    @Test
    void utf8WithoutDeclarationOrWithAByteOrderMarkIsReadAsUtf8() {
        assertThat(read("<t>ändring</t>".getBytes(StandardCharsets.UTF_8))).containsExactly("ändring", null);
        byte[] bom = "\uFEFF<t>ändring</t>".getBytes(StandardCharsets.UTF_8);
        assertThat(read(bom)).containsExactly("ändring", null);
    }

    @Test
    void utf8ValidationRejectsOverlongFormsSurrogatesAndStrayBytes() {
        assertThat(UndeclaredEncoding.validUtf8(new byte[] {(byte) 0xC0, (byte) 0xAF}, 2)).isFalse();
        assertThat(UndeclaredEncoding.validUtf8(new byte[] {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, 3)).isFalse();
        assertThat(UndeclaredEncoding.validUtf8(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, 3)).isFalse();
        assertThat(UndeclaredEncoding.validUtf8(new byte[] {'a', (byte) 0xE4, 'b'}, 3)).isFalse();
        assertThat(UndeclaredEncoding.validUtf8("€ 𝄞".getBytes(StandardCharsets.UTF_8), 8)).isTrue();
    }

    @Test
    void aSequenceCutByTheEndOfTheInspectedHeadCountsAsValid() {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        assertThat(UndeclaredEncoding.validUtf8(euro, 2)).isTrue();
    }
}
