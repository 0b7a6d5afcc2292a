package org.lexsync.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonStringsTest {

    @Test
    void quotesEscapeQuotesBackslashesAndControlCharacters() {
        assertThat(JsonStrings.quote("a\"b\\c\n\r\t\u0001")).isEqualTo("\"a\\\"b\\\\c\\n\\r\\t\\u0001\"");
    }

    @Test
    void everythingElseIsWrittenAsItIs() {
        assertThat(JsonStrings.quote("Lag (2024:1) ä \u2028 😀")).isEqualTo("\"Lag (2024:1) ä \u2028 😀\"");
    }

    @Test
    void forScriptsLineAndParagraphSeparatorsAreEscapedToo() {
        assertThat(JsonStrings.quoteForScript("a\u2028b\u2029")).isEqualTo("\"a\\u2028b\\u2029\"");
    }
}
