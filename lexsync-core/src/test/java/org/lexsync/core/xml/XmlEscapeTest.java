package org.lexsync.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class XmlEscapeTest {

    @Test
    void textEscapesMarkupAndReplacesForbiddenControlCharacters() {
        assertThat(XmlEscape.text("a<b>&\"c'\u0001\t\n\r")).isEqualTo("a&lt;b&gt;&amp;&quot;c'?\t\n\r");
    }

    @Test
    void attributeKeepsLineFeedsAsCharacterReferences() {
        assertThat(XmlEscape.attribute("one\ntwo")).isEqualTo("one&#10;two");
    }

    @Test
    void htmlEscapesApostrophesToo() {
        assertThat(XmlEscape.html("it's <b>")).isEqualTo("it&#39;s &lt;b&gt;");
    }

    @Test
    void plainTextIsReturnedAsItIs() {
        String plain = "Lag (2024:123) om ändring";
        assertThat(XmlEscape.text(plain)).isSameAs(plain);
    }
}
